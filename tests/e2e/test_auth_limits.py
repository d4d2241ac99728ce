"""Brute-force limits on sign-in: per e-mail address and per client network, whatever token.

A private admin believes X-Forwarded-For from loopback, so each test speaks from
its own made-up addresses and owns its buckets.
"""

from __future__ import annotations

import contextlib
import secrets
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import psycopg
import pytest
import redis

from common.keys import AUTH_CHANGES_CHANNEL
from hop.embedded import EmbeddedRedis
from tests.support.accounts import PASSWORD, Account, create_account
from tests.support.env import PINNED_WINDOW_TIME
from tests.support.stack import Stack
from tests.support.stores import scratch_database
from tests.support.waiting import wait_for

FREE_FAILURES = 3
PER_NETWORK = 6
LOCKED = "urn:hop:problem:sign-in-locked"
REHASH_KIB = 32768  # not the default the test accounts were hashed with


@pytest.fixture(scope="module")
def limited(session_stack: Stack) -> Iterator[httpx.Client]:
    admin = session_stack.start_admin(
        "admin-login-limits",
        HOP_TRUSTED_PROXIES="127.0.0.1/32",
        HOP_LOGIN_FREE_FAILURES=str(FREE_FAILURES),
        HOP_LOGIN_LOCKOUT="2",
        HOP_LOGIN_LOCKOUT_MAX="4",
        HOP_LOGIN_PER_NETWORK_PER_MINUTE=str(PER_NETWORK),
        HOP_PASSWORD_HASH_MEMORY_KIB=str(REHASH_KIB),
        HOP_TEST_WINDOW_TIME=str(PINNED_WINDOW_TIME),
    )
    with httpx.Client(base_url=admin.url, timeout=30) as client:
        yield client
    admin.stop()


def ipv6_network() -> str:
    """A made-up /64 (documentation range) of this test's own."""
    return f"2001:db8:{secrets.randbelow(0xFFFF):x}:{secrets.randbelow(0xFFFF):x}"


def somewhere() -> str:
    """A fresh client address in a fresh network, so only the e-mail's count matters."""
    return f"{ipv6_network()}::1"


def unknown_email() -> str:
    return f"nobody-{secrets.token_hex(6)}@example.com"


def sign_in(
    client: httpx.Client, email: str, password: str, address: str, **headers: str
) -> httpx.Response:
    return client.post(
        "/v1/auth/login",
        json={"email": email, "password": password},
        headers={"X-Forwarded-For": address, **headers},
    )


def test_addresses_in_one_ipv6_64_share_the_network_limit(limited: httpx.Client) -> None:
    network = ipv6_network()
    statuses = [
        sign_in(limited, unknown_email(), "wrong", f"{network}::{n:x}").status_code
        for n in range(1, PER_NETWORK + 1)
    ]
    assert statuses == [401] * PER_NETWORK
    refused = sign_in(limited, unknown_email(), "wrong", f"{network}:ffff:ffff:ffff:ffff")
    assert refused.status_code == 429, refused.text
    assert refused.json()["type"] == "urn:hop:problem:rate-limited"
    assert "network" in refused.json()["detail"]
    assert 1 <= int(refused.headers["retry-after"]) <= 60
    # Refresh attempts count against the same network.
    assert (
        limited.post(
            "/v1/auth/refresh",
            json={"refreshToken": "hop_rt_nonsense"},
            headers={"X-Forwarded-For": f"{network}::77"},
        ).status_code
        == 429
    )
    # The next /64 is another network.
    assert sign_in(limited, unknown_email(), "wrong", f"{ipv6_network()}::1").status_code == 401


def test_a_valid_api_key_sent_along_does_not_change_the_buckets(
    limited: httpx.Client, account: Account
) -> None:
    address = f"{ipv6_network()}::1"
    key = {"Authorization": f"Bearer {account.live_key}"}
    statuses = [
        sign_in(limited, unknown_email(), "wrong", address, **key).status_code
        for _ in range(PER_NETWORK)
    ]
    assert statuses == [401] * PER_NETWORK
    assert sign_in(limited, unknown_email(), "wrong", address, **key).status_code == 429
    # Nor the e-mail's count: a key does not buy more guesses at a password.
    for _ in range(FREE_FAILURES):
        assert sign_in(limited, account.email, "wrong", somewhere(), **key).status_code == 401
    locked = sign_in(limited, account.email, "wrong", somewhere(), **key)
    assert locked.status_code == 429
    assert locked.json()["type"] == LOCKED


def wait_out_the_lock(client: httpx.Client, email: str) -> None:
    """Until the lock ends; attempts refused while locked are not counted as failures."""
    # A correct password for an unknown e-mail does not exist; "wrong" is a real try.
    response = wait_for(
        lambda: sign_in(client, email, "wrong", somewhere()),
        lambda response: response.status_code != 429,
        timeout=15,
        every=0.1,
        message="the lock did not end",
    )
    assert response.status_code == 401


def test_failures_lock_the_address_out_progressively(
    limited: httpx.Client, account: Account
) -> None:
    unknown = unknown_email()
    answers = []
    for email in (account.email, unknown):
        for _ in range(FREE_FAILURES):
            assert sign_in(limited, email, "wrong", somewhere()).status_code == 401
        # Locked now, even with the right password, and alike for known and unknown addresses.
        answers.append(sign_in(limited, email, PASSWORD, somewhere()))
    known_locked, unknown_locked = answers
    for locked in answers:
        assert locked.status_code == 429
        assert locked.headers["content-type"].startswith("application/problem+json")
        assert locked.headers["retry-after"] in ("1", "2")
        body = locked.json()
        assert body["type"] == LOCKED
        assert body["title"] == "Rate Limited"
        assert "locked for 2 seconds" in body["detail"]
    # Nothing tells a known address from an unknown one (the seconds left may differ).
    known, unknown_body = known_locked.json(), unknown_locked.json()
    assert known["detail"].split(" (retry in")[0] == unknown_body["detail"].split(" (retry in")[0]
    assert {**known, "detail": ""} == {**unknown_body, "detail": ""}

    # Each failure after a lock doubles it, up to HOP_LOGIN_LOCKOUT_MAX (2 s, then 4 s here).
    for lock in (4, 4):
        wait_out_the_lock(limited, unknown)  # that wrong try was one more failure
        again = sign_in(limited, unknown, "wrong", somewhere())
        assert again.status_code == 429
        assert f"locked for {lock} seconds" in again.json()["detail"]
        assert 1 <= int(again.headers["retry-after"]) <= lock

    # A successful sign-in resets the count.
    success = wait_for(
        lambda: sign_in(limited, account.email, PASSWORD, somewhere()),
        lambda response: response.status_code != 429,
        timeout=15,
        every=0.1,
        message="the lock did not end",
    )
    assert success.status_code == 200, success.text
    for _ in range(FREE_FAILURES - 1):
        assert sign_in(limited, account.email, "wrong", somewhere()).status_code == 401


def test_signing_in_rehashes_a_password_made_with_other_parameters(
    limited: httpx.Client, account: Account, database_url: str
) -> None:
    def stored_hash() -> str:
        with psycopg.connect(database_url) as conn:
            row = conn.execute(
                "SELECT password_hash FROM users WHERE id = %s", (account.user_id,)
            ).fetchone()
        assert row is not None
        return str(row[0])

    assert "$m=65536," in stored_hash()
    assert sign_in(limited, account.email, PASSWORD, somewhere()).status_code == 200
    assert f"$m={REHASH_KIB}," in stored_hash()
    assert sign_in(limited, account.email, PASSWORD, somewhere()).status_code == 200


def made_up_key() -> str:
    return "svc_live_" + secrets.token_urlsafe(32)


@contextlib.contextmanager
def anonymous_limited_admin(
    postgres_url: str, redis_url: str, work_dir: Path, name: str, limit: int, **database: str
) -> Iterator[tuple[str, Account, httpx.Client]]:
    """A scratch database (``database``: its settings, e.g. lock_timeout), an account in
    it, and a client of an admin with this anonymous limit that believes X-Forwarded-For."""
    with scratch_database(postgres_url) as database_url:
        with psycopg.connect(database_url, autocommit=True) as conn:
            for setting, value in database.items():
                conn.execute(f"ALTER DATABASE {conn.info.dbname} SET {setting} = '{value}'")
        account = create_account(database_url)
        stack = Stack(work_dir, database_url, redis_url)
        admin = stack.start_admin(
            name,
            HOP_TRUSTED_PROXIES="127.0.0.1/32",
            HOP_LIMIT_ANONYMOUS_PER_MINUTE=str(limit),
            HOP_TEST_WINDOW_TIME=str(PINNED_WINDOW_TIME),
        )
        try:
            with httpx.Client(base_url=admin.url, timeout=30) as client:
                yield database_url, account, client
        finally:
            stack.close()


def test_unknown_api_keys_past_the_anonymous_limit_never_reach_postgresql(
    postgres_url: str, redis_url: str, work_dir: Path
) -> None:
    """Each key lookup is made to fail visibly (503): api_keys is locked and the admin's
    sessions give up on a lock at once. Past the anonymous limit, no lookup is tried."""
    limit = 5
    with anonymous_limited_admin(
        postgres_url, redis_url, work_dir, "admin-key-flood", limit, lock_timeout="50ms"
    ) as (database_url, account, client):
        # Resolved once (from elsewhere), the valid key is now in the admin's memory.
        elsewhere = {"X-Forwarded-For": somewhere(), **account.headers()}
        assert client.get("/v1/links", headers=elsewhere).status_code == 200
        # Refused once, a made-up key is remembered as refused.
        repeated = {
            "X-Forwarded-For": somewhere(),
            "Authorization": f"Bearer {made_up_key()}",
        }
        assert client.get("/v1/links", headers=repeated).status_code == 401
        flood = {"X-Forwarded-For": somewhere()}
        with psycopg.connect(database_url) as locker:
            locker.execute("LOCK TABLE api_keys IN ACCESS EXCLUSIVE MODE")
            statuses = [
                client.get(
                    "/v1/links",
                    headers={**flood, "Authorization": f"Bearer {made_up_key()}"},
                )
                for _ in range(30)
            ]
            # A key held in memory pays no lookup and no anonymous count.
            cached = client.get("/v1/links", headers={**flood, **account.headers()})
            # Nor does a key refused lately: 401 from memory, not 503 from the lock.
            again = client.get("/v1/links", headers=repeated)
    assert [response.status_code for response in statuses] == [503] * limit + [429] * 25
    for response in statuses:
        assert response.headers["x-ratelimit-limit"] == str(limit)
    assert 1 <= int(statuses[-1].headers["retry-after"]) <= 60
    assert cached.status_code == 200
    assert again.status_code == 401
    assert "not valid" in again.json()["detail"]


def test_a_burst_with_one_valid_key_is_one_lookup_not_an_anonymous_flood(
    postgres_url: str, redis_url: str, work_dir: Path
) -> None:
    """A busy client (one network, one key, many requests at once) whose key is not in
    the admin's memory: its requests share one lookup and one anonymous count. api_keys
    is locked while the burst arrives, so every request misses the cache together."""
    limit, burst = 5, 30
    with anonymous_limited_admin(postgres_url, redis_url, work_dir, "admin-key-burst", limit) as (
        database_url,
        account,
        client,
    ):
        client_headers = {"X-Forwarded-For": somewhere(), **account.headers()}
        with ThreadPoolExecutor(burst) as pool, psycopg.connect(database_url) as locker:
            locker.execute("LOCK TABLE api_keys IN ACCESS EXCLUSIVE MODE")
            answers = [
                pool.submit(client.get, "/v1/links", headers=client_headers) for _ in range(burst)
            ]
            time.sleep(1.0)  # every request is in, waiting on the one lookup
            locker.rollback()
            statuses = [answer.result().status_code for answer in answers]
    assert statuses == [200] * burst


def test_without_redis_every_v1_answer_still_carries_rate_limit_headers(
    database_url: str, work_dir: Path
) -> None:
    redis_server = EmbeddedRedis(work_dir / "redis-outage", durable=False)
    stack = Stack(work_dir, database_url, redis_server.start())
    admin = stack.start_admin("admin-redis-outage", HOP_TEST_WINDOW_TIME=str(PINNED_WINDOW_TIME))
    account = create_account(database_url, plan="free")
    try:
        redis_server.stop()
        with httpx.Client(base_url=admin.url, timeout=30) as client:
            counted = [client.get("/v1/links", headers=account.headers()) for _ in range(8)]
            refused = client.get("/v1/links", headers=account.headers())
            anonymous = client.get("/v1/links")
            login = client.post(
                "/v1/auth/login", json={"email": account.email, "password": PASSWORD}
            )
            health = client.get("/health")
    finally:
        stack.close()
        redis_server.stop()
    # Counted in the admin process while Redis is away (HOP_LIMIT_FREE_PER_MINUTE is 8).
    assert [response.status_code for response in counted] == [200] * 8
    assert [response.headers["x-ratelimit-remaining"] for response in counted] == [
        str(n) for n in range(7, -1, -1)
    ]
    assert refused.status_code == 429
    assert 1 <= int(refused.headers["retry-after"]) <= 60
    for response in (*counted, refused, anonymous, login):
        assert {"x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"} <= set(
            response.headers
        ), response
    assert anonymous.status_code == 401
    # Sign-in fails closed: its brute-force counters live in Redis.
    assert login.status_code == 503
    assert login.json()["type"] == "urn:hop:problem:sign-in-unavailable"
    assert login.headers["retry-after"] == "5"
    # Probes stay outside the gate: no rate-limit headers, no dependency on Redis.
    assert health.status_code == 200
    assert "x-ratelimit-limit" not in health.headers


def _auth_channel_subscribers(store: redis.Redis) -> int:
    ((_, count),) = store.pubsub_numsub(AUTH_CHANGES_CHANNEL)
    return int(count)


def test_valid_keys_are_not_charged_to_the_anonymous_bucket_while_the_channel_is_down(
    postgres_url: str, work_dir: Path
) -> None:
    """While the credential cache's change channel is down (a Redis failover, here a
    subscribe Redis refuses) the cache is not trusted and every request with a key is a
    PostgreSQL lookup. Those lookups were charged to the network's anonymous bucket, so
    valid keys behind one address were answered 429 at the anonymous rate. A key that
    resolves to an account is limited by the account's limits alone; lookups that find
    nothing still pay, and past the limit no lookup is tried. The channel then comes back
    by itself."""
    limit = 5
    redis_server = EmbeddedRedis(work_dir / "redis-channel-down", durable=False)
    redis_url = redis_server.start()
    store = redis.Redis.from_url(redis_url)
    try:
        with anonymous_limited_admin(
            postgres_url, redis_url, work_dir, "admin-channel-down", limit
        ) as (_, account, client):
            assert wait_for(lambda: _auth_channel_subscribers(store), bool, timeout=30)
            # The admin's subscription is cut and may not be made again.
            store.acl_setuser("default", enabled=True, commands=["-subscribe", "-psubscribe"])
            store.client_kill_filter(_type="pubsub")
            log = work_dir / "admin-channel-down.log"
            wait_for(
                log.read_text,
                lambda text: '"action":"channel.lost","channel":"hop:auth-changes"' in text,
                timeout=30,
                message="the admin did not notice its channel was down",
            )
            network = somewhere()
            valid = [
                client.get("/v1/links", headers={"X-Forwarded-For": network, **account.headers()})
                for _ in range(4 * limit)
            ]
            made_up = [
                client.get(
                    "/v1/links",
                    headers={
                        "X-Forwarded-For": network,
                        "Authorization": f"Bearer {made_up_key()}",
                    },
                )
                for _ in range(2 * limit)
            ]
            # The network's bucket is spent by made-up keys: the valid one goes on.
            after = client.get(
                "/v1/links", headers={"X-Forwarded-For": network, **account.headers()}
            )
            store.acl_setuser("default", enabled=True, commands=["+subscribe", "+psubscribe"])
            back = wait_for(lambda: _auth_channel_subscribers(store), bool, timeout=30)
    finally:
        store.close()
        redis_server.stop()
    assert [(r.status_code, r.headers["x-ratelimit-limit"]) for r in valid] == [
        (200, "1000000")  # the pro plan's, in tests
    ] * (4 * limit)
    assert [r.status_code for r in made_up] == [401] * limit + [429] * limit
    assert {r.headers["x-ratelimit-limit"] for r in made_up} == {str(limit)}
    assert (after.status_code, after.headers["x-ratelimit-limit"]) == (200, "1000000")
    assert back
