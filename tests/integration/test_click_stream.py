"""The click stream's edges: trimming keeps what the group still needs; the edge's
buffer holds clicks while Redis is away, bounded, and delivers them after."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any, cast

import psycopg
from psycopg_pool import AsyncConnectionPool
from redis.asyncio import Redis

from admin.analytics.enrich import Enricher
from admin.db import Database
from admin.worker.clicks import ClickConsumer
from common.clientip import TrustedProxies
from common.keys import CLICK_CONSUMER_GROUP, CLICK_STREAM
from common.wire import CLICK_BATCH_VERSION, ClickEvent, click_batch_encoder
from edge.clicks import ClickBuffer
from hop.embedded import EmbeddedRedis
from tests.support.accounts import create_account
from tests.support.stores import scratch_database


def _event(n: int) -> ClickEvent:
    return ClickEvent(f"e{n}", "lnk_x", "code", 0, "127.0.0.1:1", "", "", "", "", "")


def _consumer(
    redis: Redis, pool: AsyncConnectionPool[Any], *, read_count: int = 100, in_flight: int = 2
) -> ClickConsumer:
    """Shard 0's consumer ``t``, claiming nothing within the test."""
    return ClickConsumer(
        redis,
        Database(pool),
        Enricher(b"salt", TrustedProxies(())),
        consumer="t",
        read_count=read_count,
        claim_idle_ms=60_000,
        max_deliveries=5,
        in_flight=in_flight,
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


def test_batches_stored_side_by_side_count_every_click_once(
    tmp_path: Path, postgres_url: str
) -> None:
    """Two batches in flight on two connections, each touching the same few links in
    its own order: both lock those links' totals, rollups and sketches, yet every
    click counts once, and every entry is acknowledged."""
    server = EmbeddedRedis(tmp_path / "redis", durable=False)
    url = server.start()
    links = [f"lnk_hot{n}" for n in range(6)]
    rng = random.Random(11)
    batches = [[rng.choice(links) for _ in range(60)] for _ in range(60)]
    expected = {link: sum(batch.count(link) for batch in batches) for link in links}

    async def scenario(database_url: str) -> int:
        redis = Redis.from_url(url)
        for number, batch in enumerate(batches):
            events = [
                ClickEvent(f"b{number}-{n}", link, "c", 1_763_800_000_000 + n,
                           f"10.0.{number}.{n}:1", "Mozilla/5.0", "", "", "", "")
                for n, link in enumerate(batch)
            ]  # fmt: skip
            await redis.xadd(
                CLICK_STREAM, {b"v": CLICK_BATCH_VERSION, b"c": click_batch_encoder.encode(events)}
            )
        async with AsyncConnectionPool(database_url, min_size=2, max_size=2) as pool:
            consumer = _consumer(redis, pool, read_count=1)  # one entry: one batch
            await consumer.ensure_group()
            for _ in range(10 * len(batches)):
                await consumer.step()
                pending: Any = await redis.xpending(CLICK_STREAM, CLICK_CONSUMER_GROUP)
                if consumer.stored == 3600 and not pending["pending"]:
                    break
            await consumer.settle()
            pending = await redis.xpending(CLICK_STREAM, CLICK_CONSUMER_GROUP)
        await redis.aclose()
        return int(pending["pending"])

    with scratch_database(postgres_url) as database_url:
        account = create_account(database_url)
        with psycopg.connect(database_url, autocommit=True) as conn:
            for link in links:
                conn.execute(
                    "INSERT INTO links (id, workspace_id, environment, short_code, long_url)"
                    " VALUES (%s, %s, 'live', %s, 'https://example.com/')",
                    (link, account.workspace_id, link[4:]),
                )
        try:
            pending = asyncio.run(scenario(database_url))
        finally:
            server.stop()
        with psycopg.connect(database_url) as conn:
            totals: dict[str, int] = dict(conn.execute("SELECT id, clicks FROM links").fetchall())
            rollups: dict[str, int] = dict(
                conn.execute(
                    "SELECT link_id, sum(clicks)::bigint FROM click_rollups GROUP BY 1"
                ).fetchall()
            )
            stored = conn.execute("SELECT count(*) FROM clicks").fetchone()
    assert pending == 0
    assert stored == (3600,)
    assert totals == expected
    assert rollups == expected


class _AcknowledgedMeanwhile(Redis):
    """A real client whose XPENDING runs just after another batch's XACK: the entries
    XINFO GROUPS still counted as pending are acknowledged by then."""

    async def xpending(self, name: Any, groupname: Any) -> Any:
        pending = await self.xpending_range(name, groupname, min="-", max="+", count=100)
        await self.xack(name, groupname, *[item["message_id"] for item in pending])
        return await super().xpending(name, groupname)


def test_trim_after_the_pending_entries_were_acknowledged(
    tmp_path: Path, database_url: str
) -> None:
    server = EmbeddedRedis(tmp_path / "redis", durable=False)
    url = server.start()

    async def scenario() -> int:
        redis = _AcknowledgedMeanwhile.from_url(url)
        async with AsyncConnectionPool(database_url, min_size=1, max_size=1) as pool:
            consumer = _consumer(redis, pool)
            await consumer.ensure_group()
            for _ in range(5):
                await redis.xadd(CLICK_STREAM, {b"v": b"1", b"c": b""})
            await redis.xreadgroup(CLICK_CONSUMER_GROUP, "t", {CLICK_STREAM: ">"}, count=5)
            await consumer.trim()  # XINFO: 5 pending; XPENDING: none
            length = await redis.xlen(CLICK_STREAM)
        await redis.aclose()
        return int(length)

    try:
        assert asyncio.run(scenario()) == 1  # all done with: down to the last delivered
    finally:
        server.stop()
