"""Idempotency-Key on POST: retries replay the first answer; no second link."""

from __future__ import annotations

import concurrent.futures
import hashlib
import secrets
import threading
import time

import httpx
import psycopg

from tests.support.accounts import PASSWORD, Account, create_account, create_key
from tests.support.waiting import wait_for


def post(api: httpx.Client, account: Account, key: str, body: dict[str, object]) -> httpx.Response:
    return api.post("/v1/links", json=body, headers={**account.headers(), "Idempotency-Key": key})


def count_links(database_url: str, account: Account) -> int:
    with psycopg.connect(database_url) as conn:
        row = conn.execute(
            "SELECT count(*) FROM links WHERE workspace_id = %s", (account.workspace_id,)
        ).fetchone()
    assert row is not None
    return int(row[0])


def test_retry_returns_the_first_response(
    api: httpx.Client, account: Account, database_url: str
) -> None:
    key = secrets.token_hex(8)
    first = post(api, account, key, {"longUrl": "https://example.com/once"})
    again = post(api, account, key, {"longUrl": "https://example.com/once"})
    assert first.status_code == again.status_code == 201
    assert first.content == again.content
    assert again.headers["idempotent-replayed"] == "true"
    assert again.headers["location"] == first.headers["location"]
    assert "idempotent-replayed" not in first.headers
    assert count_links(database_url, account) == 1


def test_same_key_with_another_body_is_422(
    api: httpx.Client, account: Account, database_url: str
) -> None:
    key = secrets.token_hex(8)
    assert post(api, account, key, {"longUrl": "https://example.com/a"}).status_code == 201
    other = post(api, account, key, {"longUrl": "https://example.com/b"})
    assert other.status_code == 422
    assert other.json()["errors"][0]["field"] == "Idempotency-Key"
    assert count_links(database_url, account) == 1


def test_errors_replay_too_and_keys_are_per_account(
    api: httpx.Client, account: Account, database_url: str
) -> None:
    key = secrets.token_hex(8)
    bad = post(api, account, key, {"longUrl": "not a url"})
    assert bad.status_code == 422
    assert post(api, account, key, {"longUrl": "not a url"}).content == bad.content
    other = create_account(database_url)
    assert post(api, other, key, {"longUrl": "https://example.com"}).status_code == 201


def test_in_flight_duplicate_is_409(api: httpx.Client, account: Account, database_url: str) -> None:
    key = secrets.token_hex(8)
    body = b'{"longUrl":"https://example.com/slow"}'
    digest = hashlib.sha256(b"POST\0/v1/links\0\0" + body).digest()
    with psycopg.connect(database_url) as conn:  # a first request that is still running
        conn.execute(
            "INSERT INTO idempotency_keys (workspace_id, environment, key, request_hash)"
            " VALUES (%s, 'live', %s, %s)",
            (account.workspace_id, key, digest),
        )
    response = api.post(
        "/v1/links",
        content=body,
        headers={**account.headers(), "Idempotency-Key": key, "Content-Type": "application/json"},
    )
    assert response.status_code == 409
    assert response.json()["title"] == "Conflict"
    assert count_links(database_url, account) == 0


def test_concurrent_retries_create_one_link(
    admin_url: str, account: Account, database_url: str
) -> None:
    key = secrets.token_hex(8)

    def attempt(_: int) -> tuple[int, bytes]:
        with httpx.Client(base_url=admin_url, timeout=30) as client:
            response = post(client, account, key, {"longUrl": "https://example.com/race"})
            return response.status_code, response.content

    with concurrent.futures.ThreadPoolExecutor(6) as pool:
        results = list(pool.map(attempt, range(6)))
    statuses = {status for status, _ in results}
    assert statuses <= {201, 409}
    assert len({content for status, content in results if status == 201}) == 1
    assert count_links(database_url, account) == 1


def test_malformed_key_is_422(api: httpx.Client, account: Account) -> None:
    response = post(api, account, "x" * 300, {"longUrl": "https://example.com"})
    assert response.status_code == 422


def stored_rows(database_url: str, account: Account) -> list[tuple[str, bytes, object]]:
    """Every stored response of the account: key, body and headers exactly as kept."""
    with psycopg.connect(database_url) as conn:
        rows = conn.execute(
            "SELECT key, response_body, response_headers FROM idempotency_keys"
            " WHERE workspace_id = %s AND status_code IS NOT NULL",
            (account.workspace_id,),
        ).fetchall()
    return [(key, bytes(body), headers) for key, body, headers in rows]


def recorded_rows(
    database_url: str, account: Account, keys: set[str]
) -> list[tuple[str, bytes, object]]:
    """The stored responses once every key in ``keys`` is recorded: the middleware sends
    its answer before it writes the record, so a client can read the table first."""
    return wait_for(
        lambda: stored_rows(database_url, account),
        lambda rows: keys <= {row[0] for row in rows},
        timeout=10,
        message=f"responses of {sorted(keys)} not recorded",
    )


def test_a_replay_needs_the_scope_of_the_first_request(
    api: httpx.Client, account: Account, database_url: str
) -> None:
    key = secrets.token_hex(8)
    first = post(api, account, key, {"longUrl": "https://example.com/scoped"})
    assert first.status_code == 201
    reader = create_key(database_url, account.email, ("links:read",))
    replay = api.post(
        "/v1/links",
        json={"longUrl": "https://example.com/scoped"},
        headers={"Authorization": f"Bearer {reader}", "Idempotency-Key": key},
    )
    assert replay.status_code == 403
    assert replay.headers["content-type"] == "application/problem+json"
    assert "idempotent-replayed" not in replay.headers
    assert first.json()["id"] not in replay.text
    # Nor may a key without the scope claim a key for later: nothing is stored.
    fresh = secrets.token_hex(8)
    refused = api.post(
        "/v1/links",
        json={"longUrl": "https://example.com/scoped"},
        headers={"Authorization": f"Bearer {reader}", "Idempotency-Key": fresh},
    )
    assert refused.status_code == 403
    assert fresh not in [row[0] for row in stored_rows(database_url, account)]
    assert post(api, account, fresh, {"longUrl": "https://example.com/scoped"}).status_code == 201


def test_a_webhook_secret_is_not_kept_in_plain_text(
    api: httpx.Client, account: Account, database_url: str
) -> None:
    key = secrets.token_hex(8)
    body = {"endpoint": "http://127.0.0.1:9/hooks", "events": ["link.created"], "secret": "auto"}
    headers = {**account.headers(), "Idempotency-Key": key}
    first = api.post("/v1/webhooks", json=body, headers=headers)
    assert first.status_code == 201, first.text
    secret = first.json()["secret"]
    assert secret.startswith("whsec_")
    ((_, stored, _),) = recorded_rows(database_url, account, {key})
    assert b"whsec_" not in stored
    assert secret.encode() not in stored
    assert first.json()["id"].encode() not in stored  # the whole body is sealed
    again = api.post("/v1/webhooks", json=body, headers=headers)
    assert again.headers["idempotent-replayed"] == "true"
    assert again.status_code == 201
    assert again.content == first.content


def test_tokens_are_not_kept_in_plain_text(
    api: httpx.Client, account: Account, database_url: str
) -> None:
    """Login and refresh are public, but a caller that also sends a credential gets its
    Idempotency-Key honoured there too: the tokens in those answers are sealed."""
    login_key, refresh_key = secrets.token_hex(8), secrets.token_hex(8)
    credentials = {"email": account.email, "password": PASSWORD}
    login = api.post(
        "/v1/auth/login",
        json=credentials,
        headers={**account.headers(), "Idempotency-Key": login_key},
    )
    assert login.status_code == 200, login.text
    tokens = login.json()
    refresh_body = {"refreshToken": tokens["refreshToken"]}
    refreshed = api.post(
        "/v1/auth/refresh",
        json=refresh_body,
        headers={**account.headers(), "Idempotency-Key": refresh_key},
    )
    assert refreshed.status_code == 200, refreshed.text
    recorded = recorded_rows(database_url, account, {login_key, refresh_key})
    rows = {key: stored for key, stored, _ in recorded}
    assert set(rows) == {login_key, refresh_key}
    for stored in rows.values():
        assert b"hop_rt_" not in stored
        assert b"eyJ" not in stored  # a JWT's base64 header
        assert b"accessToken" not in stored
    replayed = api.post(
        "/v1/auth/refresh",
        json=refresh_body,
        headers={**account.headers(), "Idempotency-Key": refresh_key},
    )
    assert replayed.headers["idempotent-replayed"] == "true"
    assert replayed.content == refreshed.content


def test_the_export_ignores_the_key(api: httpx.Client, account: Account, database_url: str) -> None:
    headers = {**account.headers(), "Idempotency-Key": secrets.token_hex(8)}
    for _ in range(2):
        response = api.post("/v1/users/me/export", headers=headers)
        assert response.status_code == 200
        assert "idempotent-replayed" not in response.headers
    assert stored_rows(database_url, account) == []


def test_a_retry_as_the_first_finishes_gets_the_replay(
    api: httpx.Client, account: Account, database_url: str
) -> None:
    """The first request records its answer just after sending it, so a client that
    retries the moment it has the answer can find the key still in flight: the retry
    looks again briefly rather than answering 409. The row is written here as a row of
    the previous, unsealed format, which is replayed as it is."""
    key = secrets.token_hex(8)
    body = b'{"longUrl":"https://example.com/finishing"}'
    digest = hashlib.sha256(b"POST\0/v1/links\0\0" + body).digest()
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute(
            "INSERT INTO idempotency_keys (workspace_id, environment, key, request_hash)"
            " VALUES (%s, 'live', %s, %s)",
            (account.workspace_id, key, digest),
        )

        def finish_first() -> None:
            time.sleep(0.03)  # the retry is in by now, and finds the key in flight
            conn.execute(
                "UPDATE idempotency_keys SET status_code = 201, response_body = %s,"
                ' response_headers = \'{"content-type": "application/json"}\''
                " WHERE workspace_id = %s AND key = %s",
                (b'{"id":"lnk_first"}', account.workspace_id, key),
            )

        first = threading.Thread(target=finish_first)
        first.start()
        retry = api.post(
            "/v1/links",
            content=body,
            headers={**account.headers(), "Idempotency-Key": key,
                     "Content-Type": "application/json"},
        )  # fmt: skip
        first.join()
    assert retry.status_code == 201, retry.text
    assert retry.json() == {"id": "lnk_first"}
    assert retry.headers["idempotent-replayed"] == "true"
    assert count_links(database_url, account) == 0
