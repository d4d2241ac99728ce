"""HOP_MAX_BODY_BYTES holds while the body is read, whoever reads it: 413, nothing kept."""

from __future__ import annotations

import secrets
import socket
from collections.abc import Iterator
from urllib.parse import urlsplit

import httpx
import psycopg

from tests.support.accounts import Account
from tests.support.memory import PeakRss
from tests.support.processes import HopProcess

MAX_BODY = 1_048_576  # the default HOP_MAX_BODY_BYTES the session's admin runs with
CHUNK = 64 * 1024
LARGE = 64 * 1024 * 1024  # far more than the limit, and than the growth allowed below
# The worker reads at most the limit (plus a chunk) before refusing; buffering the
# whole body would grow it by LARGE at least.
MAX_GROWTH_KB = 16 * 1024
TOO_LARGE = "urn:hop:problem:request-entity-too-large"


def chunked(total: int) -> Iterator[bytes]:
    """A JSON-looking body sent with Transfer-Encoding: chunked (no Content-Length)."""
    yield b'{"longUrl":"https://example.com/'
    for _ in range(total // CHUNK):
        yield b"a" * CHUNK
    yield b'"}'


def stored_keys(database_url: str, account: Account) -> list[tuple[str, int | None]]:
    with psycopg.connect(database_url) as conn:
        rows = conn.execute(
            "SELECT key, status_code FROM idempotency_keys WHERE workspace_id = %s",
            (account.workspace_id,),
        ).fetchall()
    return [(key, status) for key, status in rows]


def link_count(database_url: str, account: Account) -> int:
    with psycopg.connect(database_url) as conn:
        row = conn.execute(
            "SELECT count(*) FROM links WHERE workspace_id = %s", (account.workspace_id,)
        ).fetchone()
    assert row is not None
    return int(row[0])


def assert_too_large(response: httpx.Response) -> None:
    assert response.status_code == 413, response.text
    assert response.headers["content-type"] == "application/problem+json"
    problem = response.json()
    assert problem["type"] == TOO_LARGE
    assert problem["status"] == 413
    assert "x-ratelimit-limit" in response.headers
    # The unread rest of the body makes the connection unusable for another request.
    assert response.headers["connection"] == "close"


def test_a_large_chunked_body_with_an_idempotency_key_is_refused_in_flat_memory(
    api: httpx.Client, account: Account, database_url: str, admin_process: HopProcess
) -> None:
    (worker,) = admin_process.children()
    headers = {
        **account.headers(),
        "Idempotency-Key": secrets.token_hex(8),
        "Content-Type": "application/json",
    }
    with PeakRss(worker) as memory:
        response = api.post("/v1/links", content=chunked(LARGE), headers=headers)
    print(f"admin worker RSS +{memory.growth_kb} kB for a {LARGE >> 20} MiB chunked body")
    assert_too_large(response)
    assert memory.growth_kb < MAX_GROWTH_KB
    assert stored_keys(database_url, account) == []
    assert link_count(database_url, account) == 0


def test_a_large_chunked_body_without_a_key_is_413_problem(
    api: httpx.Client, account: Account, database_url: str
) -> None:
    response = api.post(
        "/v1/links",
        content=chunked(4 * MAX_BODY),
        headers={**account.headers(), "Content-Type": "application/json"},
    )
    assert_too_large(response)
    assert link_count(database_url, account) == 0


def test_a_declared_length_over_the_limit_is_refused_before_reading(
    api: httpx.Client, account: Account, database_url: str
) -> None:
    body = b'{"longUrl":"https://example.com/' + b"a" * (MAX_BODY + 1) + b'"}'
    for headers in ({"Idempotency-Key": secrets.token_hex(8)}, {}):
        response = api.post(
            "/v1/links",
            content=body,
            headers={**account.headers(), **headers, "Content-Type": "application/json"},
        )
        assert_too_large(response)
    assert stored_keys(database_url, account) == []
    assert link_count(database_url, account) == 0


def test_a_body_at_the_limit_is_read(api: httpx.Client, account: Account) -> None:
    """The limit refuses only what exceeds it: a body of exactly the limit gets parsed."""
    prefix, suffix = b'{"longUrl":"https://example.com/', b'"}'
    body = prefix + b"a" * (MAX_BODY - len(prefix) - len(suffix)) + suffix
    assert len(body) == MAX_BODY
    response = api.post(
        "/v1/links",
        content=body,
        headers={**account.headers(), "Idempotency-Key": secrets.token_hex(8),
                 "Content-Type": "application/json"},
    )  # fmt: skip
    assert response.status_code == 422  # read in full and judged: the URL is too long


def _raw_post(admin_url: str, head: bytes, body: bytes) -> bytes:
    """Send bytes as they are (httpx would fix a lying Content-Length) and read the answer."""
    address = urlsplit(admin_url)
    with socket.create_connection((address.hostname, address.port), timeout=30) as sock:
        sock.sendall(head + body)
        sock.shutdown(socket.SHUT_WR)
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
    return received


def test_a_content_length_that_lies_low_cuts_the_body(
    admin_url: str, account: Account, database_url: str
) -> None:
    """The server's HTTP parser hands the app exactly Content-Length bytes; the rest is
    read as the next request on the connection and refused there. Nothing is created."""
    body = b'{"longUrl":"https://example.com/' + b"a" * (2 * MAX_BODY) + b'"}'
    key = secrets.token_hex(8)
    head = (
        f"POST /v1/links HTTP/1.1\r\nHost: admin\r\nContent-Type: application/json\r\n"
        f"Authorization: Bearer {account.live_key}\r\nIdempotency-Key: {key}\r\n"
        f"Content-Length: 10\r\n\r\n"
    ).encode()
    answer = _raw_post(admin_url, head, body)
    status_line = answer.split(b"\r\n", 1)[0]
    assert status_line == b"HTTP/1.1 400 Bad Request", answer[:300]  # 10 bytes: not JSON
    assert b"application/problem+json" in answer.split(b"\r\n\r\n", 1)[0]
    assert b" 500 " not in answer
    assert link_count(database_url, account) == 0


def test_a_content_length_that_lies_high_is_refused_at_once(
    admin_url: str, account: Account, database_url: str
) -> None:
    head = (
        f"POST /v1/links HTTP/1.1\r\nHost: admin\r\nContent-Type: application/json\r\n"
        f"Authorization: Bearer {account.live_key}\r\n"
        f"Idempotency-Key: {secrets.token_hex(8)}\r\nContent-Length: {MAX_BODY * 100}\r\n\r\n"
    ).encode()
    answer = _raw_post(admin_url, head, b'{"longUrl":"https://example.com/"}')
    assert answer.startswith(b"HTTP/1.1 413 "), answer[:300]
    assert TOO_LARGE.encode() in answer
    assert stored_keys(database_url, account) == []
