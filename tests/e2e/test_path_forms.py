"""The front door classifies the path the router will route, not the bytes it was sent:
`/v1` in any spelling (`//v1`, `/./v1`, `/v1/../v1`, percent-encoded slashes and dots)
never reads the dashboard's cookie, so a browser's ambient session can't drive the API.

Requests go out over a raw socket: httpx (like browsers) removes dot segments before
sending, and an attacker's client need not."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from urllib.parse import urlsplit

import psycopg
import pytest

from tests.support.accounts import Account
from tests.support.web import Browser, sign_in

CROSS_SITE = "https://evil.example"


class Raw:
    """One HTTP/1.1 request with its target sent exactly as given."""

    def __init__(self, status: int, headers: dict[str, str], body: bytes) -> None:
        self.status = status
        self.headers = headers
        self.body = body

    @classmethod
    def send(
        cls,
        origin: str,
        method: str,
        target: str,
        headers: dict[str, str],
        body: bytes = b"",
    ) -> Raw:
        parts = urlsplit(origin)
        assert parts.hostname is not None
        assert parts.port is not None
        lines = [f"{method} {target} HTTP/1.1", f"Host: {parts.netloc}", "Connection: close"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        if body or method == "POST":
            lines.append(f"Content-Length: {len(body)}")
        request = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body
        with socket.create_connection((parts.hostname, parts.port), timeout=30) as conn:
            conn.sendall(request)
            received = b""
            while chunk := conn.recv(65536):
                received += chunk
        head, _, rest = received.partition(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        answer_headers: dict[str, str] = {}
        for line in header_lines:
            name, _, value = line.partition(":")
            answer_headers[name.strip().lower()] = value.strip()
        if answer_headers.get("transfer-encoding") == "chunked":
            rest = _unchunk(rest)
        return cls(int(status_line.split()[1]), answer_headers, rest)


def _unchunk(data: bytes) -> bytes:
    body = b""
    while data:
        size_line, _, data = data.partition(b"\r\n")
        size = int(size_line.split(b";")[0], 16)
        if size == 0:
            break
        body, data = body + data[:size], data[size + 2 :]
    return body


# Every spelling of an API path that a router might take for /v1/<rest>.
def spellings(rest: str) -> list[str]:
    return [
        f"//v1/{rest}",
        f"///v1/{rest}",
        f"/./v1/{rest}",
        f"/v1/../v1/{rest}",
        f"/x/../v1/{rest}",
        f"/static/../v1/{rest}",
        f"/%2Fv1/{rest}",
        f"/%2fv1/{rest}",
        f"/%2E/v1/{rest}",
        f"/%2e%2e/v1/{rest}",
        f"/x/%2E%2E/v1/{rest}",
        f"/.//v1/{rest}",
        f"//./v1/{rest}",
        f"/v1//{rest}",
        f"/v1/.//{rest}",
    ]


@pytest.fixture
def session(admin_url: str, account: Account) -> Iterator[str]:
    """A real dashboard session of ``account``: its cookie header."""
    browser = Browser(admin_url)
    try:
        assert sign_in(browser, account.email).status_code == 303
        yield f"hop_session={browser.http.cookies['hop_session']}"
    finally:
        browser.close()


def test_the_plain_api_path_ignores_the_cookie(admin_url: str, session: str) -> None:
    answer = Raw.send(admin_url, "GET", "/v1/api-keys", {"Cookie": session})
    assert answer.status == 401


@pytest.mark.parametrize("target", spellings("api-keys"))
def test_no_spelling_of_an_api_path_reads_the_cookie(
    admin_url: str, session: str, target: str
) -> None:
    answer = Raw.send(admin_url, "GET", target, {"Cookie": session, "Accept": "*/*"})
    # Empty segments: the API's path, so the API's answer without a key. Dot segments:
    # refused, whatever they would resolve to.
    expected = 400 if any(dot in target for dot in ("/.", "%2E", "%2e")) else 401
    assert answer.status == expected, (answer.status, answer.body[:300])
    assert answer.headers["content-type"].startswith("application/problem+json")
    assert "x-ratelimit-limit" in answer.headers
    assert b"svc_" not in answer.body


def test_no_spelling_creates_a_link_with_the_cookie_from_another_site(
    admin_url: str, session: str, account: Account, database_url: str
) -> None:
    body = json.dumps({"longUrl": "https://example.com/cookie-driven"}).encode()
    for target in spellings("links"):
        answer = Raw.send(
            admin_url,
            "POST",
            target,
            {"Cookie": session, "Origin": CROSS_SITE, "Content-Type": "application/json"},
            body,
        )
        assert answer.status in (400, 401), (target, answer.status, answer.body[:300])
    with psycopg.connect(database_url) as conn:
        made = conn.execute(
            "SELECT count(*) FROM links WHERE workspace_id = %s", (account.workspace_id,)
        ).fetchone()
    assert made == (0,)
