"""Exports that stall cannot starve the admin: their own pool, slots, and a time-out.

An admin of its own with a short HOP_TEST_EXPORT_IDLE_TIMEOUT; two accounts with
enough clicks that an export does not fit in the socket buffers, so a client
that stops reading leaves the export waiting on a full socket.
"""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterator
from urllib.parse import urlsplit

import httpx
import psycopg
import pytest

from tests.support.accounts import Account, create_account
from tests.support.stack import Stack
from tests.support.waiting import wait_until

CLICKS = 40_000  # about 16 MB of export: far more than the socket buffers hold
IDLE_TIMEOUT = "2"  # seconds a stalled export may keep its transaction (default 30)
EXPORTS = 10
EXPORT_APPLICATION = "hop-export"


@pytest.fixture(scope="module")
def limited_admin(session_stack: Stack) -> Iterator[str]:
    server = session_stack.start_admin(
        "admin-export-limits", HOP_TEST_EXPORT_IDLE_TIMEOUT=IDLE_TIMEOUT
    )
    yield server.url
    server.stop()


def with_clicks(api: httpx.Client, database_url: str) -> Account:
    account = create_account(database_url)
    link = api.post(
        "/v1/links", json={"longUrl": "https://example.com/x"}, headers=account.headers()
    ).json()["id"]
    with psycopg.connect(database_url) as conn:
        conn.execute(
            """
            INSERT INTO clicks (event_id, link_id, clicked_at, visitor_id, country, device, os,
                                browser, referrer, referrer_host, user_agent, is_bot, is_qr)
            SELECT %(prefix)s || g, %(link)s, now() - g * interval '1 second',
                   '\\x00112233'::bytea, 'DE', 'mobile', 'iOS', 'Mobile Safari',
                   'https://news.example/a', 'news.example',
                   'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15',
                   false, false
            FROM generate_series(1, %(count)s) AS g
            """,
            {"prefix": f"lim{account.user_id[-8:]}-", "link": link, "count": CLICKS},
        )
    return account


class StalledExport:
    """An export whose client reads the answer's head, then nothing more."""

    def __init__(self, admin_url: str, account: Account) -> None:
        address = urlsplit(admin_url)
        self.sock = socket.socket()
        # A small receive window, so the server's writes back up quickly.
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 65536)
        self.sock.settimeout(30)
        self.sock.connect((address.hostname, address.port))
        self.sock.sendall(
            f"POST /v1/users/me/export HTTP/1.1\r\nHost: admin\r\nContent-Length: 0\r\n"
            f"Authorization: Bearer {account.live_key}\r\n\r\n".encode()
        )
        self.received = b""
        while b"\r\n\r\n" not in self.received:
            chunk = self.sock.recv(4096)
            assert chunk, "the admin closed the connection before answering"
            self.received += chunk
        head = self.received.split(b"\r\n\r\n", 1)[0].decode("latin-1")
        self.status = int(head.split(" ", 2)[1])
        self.headers = {
            name.strip().lower(): value.strip()
            for name, _, value in (line.partition(":") for line in head.split("\r\n")[1:])
        }

    def read_rest(self) -> bytes:
        while chunk := self.sock.recv(1 << 20):
            self.received += chunk
        return self.received

    def close(self) -> None:
        self.sock.close()


def export_sessions(database_url: str) -> list[str]:
    """States of the export pool's PostgreSQL sessions that are inside a transaction."""
    with psycopg.connect(database_url) as conn:
        rows = conn.execute(
            "SELECT state FROM pg_stat_activity WHERE datname = current_database()"
            " AND application_name = %s AND xact_start IS NOT NULL",
            (EXPORT_APPLICATION,),
        ).fetchall()
    return [str(state) for (state,) in rows]


def settled(condition: Callable[[], bool]) -> None:
    wait_until(condition, timeout=60, every=0.1, message="condition not reached")


def test_stalled_exports_leave_every_other_request_alone(
    limited_admin: str, database_url: str
) -> None:
    with httpx.Client(base_url=limited_admin, timeout=30) as api:
        first, second, third = (with_clicks(api, database_url) for _ in range(3))
        bystander = create_account(database_url)
        owners = [first, second, third] * 3 + [first]
        assert len(owners) == EXPORTS
        exports = [StalledExport(limited_admin, owner) for owner in owners]
        try:
            running = [export for export in exports if export.status == 200]
            # One export per account, two per process (HOP_EXPORT_CONCURRENCY): the
            # others are refused at once, not queued. Owners go first, second, third,
            # first, ...: 503 once both slots are taken, 429 while the account's runs.
            expected = [200, 200, 503, 429, 429, 503, 429, 429, 503, 429]
            assert [export.status for export in exports] == expected
            for refused in exports[2:]:
                assert "retry-after" in refused.headers
                assert refused.headers["content-type"] == "application/problem+json"
            settled(lambda: export_sessions(database_url) == ["idle in transaction"] * 2)

            # Meanwhile another account's requests find the main pool free.
            headers = bystander.headers()
            for n in range(20):
                created = api.post(
                    "/v1/links", json={"longUrl": f"https://example.com/{n}"}, headers=headers
                )
                assert created.status_code == 201, created.text
                fetched = api.get(f"/v1/links/{created.json()['id']}", headers=headers)
                assert fetched.status_code == 200, fetched.text
                assert api.get("/v1/links", headers=headers).status_code == 200

            # A client that stops reading loses its export: the stream is cut, the
            # transaction rolled back, the connection and the slot freed.
            settled(lambda: export_sessions(database_url) == [])
            for export in running:
                document = export.read_rest()
                assert b'"complete":true' not in document
                assert not document.endswith(b"\r\n0\r\n\r\n")  # no end of the chunked body
            again = api.post("/v1/users/me/export", headers=first.headers())
            assert again.status_code == 200
            assert again.json()["complete"] is True
            assert len(again.json()["clicks"]) == CLICKS
        finally:
            for export in exports:
                export.close()
