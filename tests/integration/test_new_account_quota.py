"""The new-account quota against the embedded Redis (6.2) and PostgreSQL: it counts on the
oldest Redis we run on, and an error Redis answers is raised as what it is rather than
read as an outage that turns the quota off (issue 24, point 16)."""

from __future__ import annotations

import asyncio
import logging

import pytest
from redis.asyncio import Redis
from redis.exceptions import ResponseError

from admin.auth.principal import Principal
from admin.db import Database, create_pool
from admin.db.redis_batch import RedisBatcher
from admin.errors import RateLimited
from admin.safety.quota import NewAccountQuota
from common.settings import load_settings
from tests.support.accounts import Account, create_account


def _principal(account: Account) -> Principal:
    return Principal(
        workspace_id=account.workspace_id,
        user_id=account.user_id,
        role="owner",
        environment="live",
        scopes=frozenset({"links:write"}),
        plan="free",
        limit_per_minute=60,
        limit_per_month=1000,
    )


def _spend(database_url: str, redis_url: str, account: Account, times: int, **env: str) -> int:
    """Spend the quota ``times`` times; how many were let through before a 429."""

    async def scenario() -> int:
        settings = load_settings({f"HOP_SAFETY_NEW_ACCOUNT_{k}": v for k, v in env.items()})
        redis = Redis.from_url(redis_url)
        try:
            async with create_pool(database_url, 2) as pool:
                quota = NewAccountQuota(Database(pool), RedisBatcher(redis), settings.safety)
                for n in range(times):
                    try:
                        await quota.spend(_principal(account))
                    except RateLimited:
                        return n
        finally:
            await redis.aclose()
        return times

    return asyncio.run(scenario())


def test_the_day_window_counts_on_redis_6_2(database_url: str, redis_url: str) -> None:
    account = create_account(database_url, plan="free")
    allowed = _spend(database_url, redis_url, account, 4, LINKS_PER_HOUR="30", LINKS_PER_DAY="2")
    assert allowed == 2


def test_a_script_error_is_raised_not_taken_for_an_outage(
    database_url: str, redis_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A counter of the wrong type makes the script fail: a fault to see (a 500 with its
    log), not "Redis unavailable" letting every create through uncounted."""
    account = create_account(database_url, plan="free")

    async def spoil() -> None:
        redis = Redis.from_url(redis_url)
        try:
            async for key in redis.scan_iter(match=f"hop:safety:new:*{account.workspace_id}*"):
                await redis.delete(key)
                await redis.hset(key, "not", "a counter")
        finally:
            await redis.aclose()

    assert _spend(database_url, redis_url, account, 1) == 1  # makes the counters
    asyncio.run(spoil())
    with caplog.at_level(logging.WARNING), pytest.raises(ResponseError, match="WRONGTYPE"):
        _spend(database_url, redis_url, account, 1)
    assert "quota not enforced" not in caplog.text
