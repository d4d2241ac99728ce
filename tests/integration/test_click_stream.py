"""The click stream's edges: trimming keeps what the group still needs; the edge's
buffer holds clicks while Redis is away, bounded, and delivers them after."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, cast

from psycopg_pool import AsyncConnectionPool
from redis.asyncio import Redis

from admin.analytics.enrich import Enricher
from admin.worker.clicks import ClickConsumer
from common.keys import CLICK_CONSUMER_GROUP, CLICK_STREAM
from common.wire import ClickEvent
from edge.clicks import ClickBuffer
from hop.embedded import EmbeddedRedis


def _event(n: int) -> ClickEvent:
    return ClickEvent(f"e{n}", "lnk_x", "code", 0, "127.0.0.1:1", "", "", "", "", "")


def _consumer(redis: Redis, pool: AsyncConnectionPool[Any]) -> ClickConsumer:
    """Shard 0's consumer ``t``, claiming nothing within the test."""
    return ClickConsumer(
        redis,
        pool,
        Enricher(b"salt", ()),
        consumer="t",
        read_count=100,
        claim_idle_ms=60_000,
        max_deliveries=5,
    )


def test_trim_keeps_every_unacknowledged_entry(tmp_path: Path, database_url: str) -> None:
    server = EmbeddedRedis(tmp_path / "redis", durable=False)
    url = server.start()

    async def scenario() -> tuple[int, list[Any]]:
        redis = Redis.from_url(url)
        async with AsyncConnectionPool(database_url, min_size=1, max_size=1) as pool:
            consumer = _consumer(redis, pool)
            await consumer.ensure_group()
            ids: list[Any] = [
                await redis.xadd(CLICK_STREAM, {b"v": b"1", b"c": b""}) for _ in range(10)
            ]
            await redis.xreadgroup(CLICK_CONSUMER_GROUP, "t", {CLICK_STREAM: ">"}, count=10)
            await redis.xack(CLICK_STREAM, CLICK_CONSUMER_GROUP, *ids[:3], *ids[5:])
            await consumer.trim()  # ids[3] and ids[4] are still pending
            remaining = cast("list[tuple[bytes, Any]]", await redis.xrange(CLICK_STREAM))
            length = await redis.xlen(CLICK_STREAM)
        await redis.aclose()
        return length, [entry_id for entry_id, _ in remaining][:2] + ids[3:5]

    try:
        length, ids = asyncio.run(scenario())
    finally:
        server.stop()
    assert length == 7  # everything from the oldest pending entry on
    assert ids[0] == ids[2]
    assert ids[1] == ids[3]


def test_buffer_holds_a_bounded_backlog_while_redis_is_away(tmp_path: Path) -> None:
    server = EmbeddedRedis(tmp_path / "redis", durable=False)
    url = server.start()
    server.stop()  # Redis is down when the clicks arrive

    async def scenario() -> tuple[int, int, int]:
        redis = Redis.from_url(url, socket_connect_timeout=0.2)
        buffer = ClickBuffer(redis, flush_ms=5, batch_max=50, buffer_max=120)
        for n in range(200):
            buffer.add(_event(n))
        assert not await buffer.flush()
        held, dropped = len(buffer.pending), buffer.dropped
        server.start()  # same port
        assert await buffer.flush()
        written = sum(1 for _ in cast("list[Any]", await redis.xrange(CLICK_STREAM)))
        await redis.aclose()
        return held, dropped, written

    try:
        held, dropped, entries = asyncio.run(scenario())
    finally:
        server.stop()
    assert (held, dropped) == (120, 80)  # the oldest 80 were dropped, and counted
    assert entries == 3  # 120 clicks in batches of at most 50


def test_a_consumer_outlives_an_answer_it_does_not_know(tmp_path: Path, database_url: str) -> None:
    """An unexpected Redis error (here WRONGTYPE: something else holds the stream's key)
    must not end the shard's consumer while the worker looks healthy: it retries, and
    reads again once the key is a stream."""
    server = EmbeddedRedis(tmp_path / "redis", durable=False)
    url = server.start()

    async def scenario() -> tuple[bool, list[Any]]:
        redis = Redis.from_url(url)
        async with AsyncConnectionPool(database_url, min_size=1, max_size=1) as pool:
            consumer = _consumer(redis, pool)
            await redis.set(CLICK_STREAM, b"not a stream")
            running = asyncio.create_task(consumer.run())
            await asyncio.sleep(1.0)  # several failed rounds
            alive = not running.done()
            await redis.delete(CLICK_STREAM)
            groups: list[Any] = []
            for _ in range(100):
                groups = (
                    await redis.xinfo_groups(CLICK_STREAM)
                    if await redis.exists(CLICK_STREAM)
                    else []
                )
                if groups:
                    break
                await asyncio.sleep(0.1)
            consumer.stopping.set()
            await asyncio.wait_for(running, 10)
        await redis.aclose()
        return alive, groups

    try:
        alive, groups = asyncio.run(scenario())
    finally:
        server.stop()
    assert alive
    assert [group["name"] for group in groups] == [CLICK_CONSUMER_GROUP.encode()]
