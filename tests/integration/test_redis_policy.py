"""Redis full (issue 33, point 3), against a Redis of the test's own (CONFIG SET and ACL
change the whole server): the start-up check of `maxmemory-policy` warns unless it is
`noeviction` and says so when CONFIG is refused; a full Redis (OOM) keeps the edge's
clicks in its buffer, bounded and counted, until memory frees."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from redis.asyncio import Redis

from common.keys import CLICK_STREAM
from common.redis_store import check_eviction_policy
from common.wire import ClickEvent
from edge.clicks import ClickBuffer
from hop.embedded import EmbeddedRedis


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[str]:
    server = EmbeddedRedis(tmp_path / "redis", durable=False)
    try:
        yield server.start()
    finally:
        server.stop()


def _actions(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [str(getattr(record, "action", "")) for record in caplog.records]


def test_the_eviction_policy_is_checked_at_start(
    own_redis: str, caplog: pytest.LogCaptureFixture
) -> None:
    async def scenario() -> list[str | None]:
        admin = Redis.from_url(own_redis)
        # A user that may not run CONFIG, as on a managed Redis.
        await admin.acl_setuser(
            "limited",
            enabled=True,
            passwords=["+limited-pw"],
            commands=["+@all", "-config"],
            keys=["*"],
            channels=["*"],
        )
        limited = Redis.from_url(own_redis.replace("redis://", "redis://limited:limited-pw@"))
        try:
            found = [await check_eviction_policy(admin, "edge")]
            await admin.config_set("maxmemory-policy", "allkeys-lru")
            found.append(await check_eviction_policy(admin, "worker"))
            found.append(await check_eviction_policy(limited, "admin"))
        finally:
            await limited.aclose()
            await admin.aclose()
        return found

    with caplog.at_level(logging.INFO, logger="common.redis_store"):
        found = asyncio.run(scenario())
    assert found == ["noeviction", "allkeys-lru", None]
    assert _actions(caplog) == ["redis.eviction_policy", "redis.policy_unchecked"]
    warning, unchecked = caplog.records
    assert "allkeys-lru" in warning.getMessage()
    assert "maxmemory-policy noeviction" in warning.getMessage()
    assert warning.levelno == logging.WARNING
    assert "no permissions to run the 'config' command" in str(getattr(unchecked, "error", ""))


def test_a_full_redis_keeps_clicks_bounded_and_counted(own_redis: str) -> None:
    events = [
        ClickEvent(f"e{n}", "lnk", "code", 0, "127.0.0.1", "", "", "", "", "") for n in range(15)
    ]

    async def scenario() -> tuple[bool, int, int, bool, int, int]:
        redis = Redis.from_url(own_redis)
        buffer = ClickBuffer(redis, flush_ms=5, batch_max=50, buffer_max=10)
        try:
            await redis.config_set("maxmemory", "1")  # every write refused: OOM
            for event in events:
                buffer.add(event)
            refused = await buffer.flush()
            held, dropped = len(buffer.pending), buffer.dropped
            await redis.config_set("maxmemory", "0")
            written = await buffer.flush()
            entries = int(await redis.xlen(CLICK_STREAM))
            return refused, held, dropped, written, buffer.written, entries
        finally:
            await redis.aclose()

    refused, held, dropped, written, count, entries = asyncio.run(scenario())
    assert (refused, held, dropped) == (False, 10, 5)  # the oldest 5 over the bound
    assert (written, count, entries) == (True, 10, 1)  # one stream entry, once memory frees
