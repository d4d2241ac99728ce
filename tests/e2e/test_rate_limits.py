"""Rate limits (docs/api.md#rate-limits): headers on every response, 429 with Retry-After."""

from __future__ import annotations

import time
from collections.abc import Iterator

import httpx
import psycopg
import pytest

from tests.support.accounts import create_account
from tests.support.env import FREE_PER_MINUTE, PINNED_WINDOW_TIME
from tests.support.stack import Stack

# The end of the pinned minute: what X-RateLimit-Reset says on the pinned admin.
PINNED_MINUTE_END = (PINNED_WINDOW_TIME // 60 + 1) * 60


@pytest.fixture(scope="module")
def pinned_api(session_stack: Stack) -> Iterator[httpx.Client]:
    """An admin whose minute windows read a time pinned half past a minute
    (HOP_TEST_WINDOW_TIME): a test's requests never straddle a minute boundary, and
    nothing waits for one to pass."""
    admin = session_stack.start_admin(
        "admin-pinned-window", HOP_TEST_WINDOW_TIME=str(PINNED_WINDOW_TIME)
    )
    with httpx.Client(base_url=admin.url, timeout=30) as client:
        yield client
    admin.stop()


def test_headers_count_down_then_429(pinned_api: httpx.Client, database_url: str) -> None:
    api = pinned_api
    account = create_account(database_url, plan="free")
    remaining = []
    for n in range(FREE_PER_MINUTE):
        # Errors count and carry the headers too.
        path = "/v1/links" if n % 2 else "/v1/links/lnk_missing"
        response = api.get(path, headers=account.headers())
        assert response.status_code in (200, 404)
        assert response.headers["x-ratelimit-limit"] == str(FREE_PER_MINUTE)
        remaining.append(int(response.headers["x-ratelimit-remaining"]))
        assert int(response.headers["x-ratelimit-reset"]) == PINNED_MINUTE_END
    assert remaining == list(range(FREE_PER_MINUTE - 1, -1, -1))

    refused = api.get("/v1/links", headers=account.headers())
    assert refused.status_code == 429
    assert refused.headers["content-type"].startswith("application/problem+json")
    assert refused.json()["title"] == "Rate Limited"
    assert refused.headers["x-ratelimit-remaining"] == "0"
    assert int(refused.headers["x-ratelimit-reset"]) == PINNED_MINUTE_END
    # Until the end of the minute, half of it at the pinned time.
    assert refused.headers["retry-after"] == str(PINNED_MINUTE_END - PINNED_WINDOW_TIME)
    # Live and test keys share the account's quota.
    assert api.get("/v1/links", headers=account.headers("test")).status_code == 429
    # Other accounts are unaffected.
    assert api.get("/v1/links", headers=create_account(database_url).headers()).status_code == 200


def test_monthly_limit_is_enforced(api: httpx.Client, database_url: str) -> None:
    account = create_account(database_url, plan="business")
    with psycopg.connect(database_url) as conn:
        conn.execute(
            "UPDATE workspaces SET limit_per_month = 3, limit_per_minute = 100 WHERE id = %s",
            (account.workspace_id,),
        )
    for _ in range(3):
        response = api.get("/v1/links", headers=account.headers())
        assert response.status_code == 200
        assert response.headers["x-ratelimit-limit"] == "100"
    refused = api.get("/v1/links", headers=account.headers())
    assert refused.status_code == 429
    retry_after = int(refused.headers["retry-after"])
    assert retry_after > 0
    assert int(refused.headers["x-ratelimit-reset"]) - time.time() >= retry_after - 2


def test_anonymous_and_failed_requests_carry_headers(api: httpx.Client) -> None:
    for response in (
        api.get("/v1/links"),
        api.post("/v1/auth/login", json={"email": "a@example.com", "password": "x"}),
        api.get("/v1/nowhere"),
        api.get("/v1/openapi.json"),
    ):
        assert "x-ratelimit-limit" in response.headers, response
        assert "x-ratelimit-remaining" in response.headers
        # On the clock (this admin's windows are not pinned): the end of this minute,
        # or of the one before should the minute have turned since it answered.
        reset = int(response.headers["x-ratelimit-reset"])
        assert reset % 60 == 0
        assert -60 < reset - time.time() <= 60
