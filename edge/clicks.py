"""Click events leave the edge in batches: append in the request, write later.

``add`` only appends to a list, so tracking can neither fail nor slow a
redirect. A background task writes the buffer every ``flush_ms`` (or as soon as
a batch is full) as few, large stream entries: one ``XADD`` carries up to
``batch_max`` events, because the Python Redis client, not Redis, is the cost
(about 60 µs of CPU per command). If Redis is unreachable the events stay
buffered, up to ``buffer_max`` (then the oldest are dropped and counted), and
are retried; so are they when Redis is full (``OOM`` under ``noeviction`` counts as an
outage, common/redis_store.py); ``close`` flushes what is left on shutdown.

With ``shards`` > 1 the stream is split (HOP_CLICK_STREAM_SHARDS): at flush time each
event goes to the shard its short code hashes to (``common.keys.click_shard``, one
CRC-32 per event, off the request path), so the shards spread over a Redis Cluster's
nodes while one link's clicks stay in order on one stream.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import zlib

from redis.asyncio import Redis
from redis.exceptions import ResponseError

from common.backoff import Backoff
from common.keys import click_stream
from common.redis_store import RedisUnavailable, redis_outage
from common.wire import CLICK_BATCH_VERSION, ClickEvent, click_batch_encoder

logger = logging.getLogger(__name__)


class ClickBuffer:
    def __init__(
        self,
        redis: Redis,
        *,
        flush_ms: int,
        batch_max: int,
        buffer_max: int,
        shards: int = 1,
    ) -> None:
        self.redis = redis
        self.shards = shards
        self.flush_seconds = flush_ms / 1000
        self.batch_max = batch_max
        self.buffer_max = buffer_max
        self.pending: list[ClickEvent] = []
        self.dropped = 0
        self.written = 0
        self._full = asyncio.Event()
        self._closing = False

    def add(self, event: ClickEvent) -> None:
        self.pending.append(event)
        if len(self.pending) >= self.batch_max:
            self._full.set()

    async def run(self) -> None:
        """Flush forever; after a failed write, back off up to a second."""
        backoff = Backoff(min(1.0, 2 * self.flush_seconds), 1.0)
        wait = self.flush_seconds
        while not self._closing:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._full.wait(), wait)
            self._full.clear()
            if await self.flush():
                backoff.reset()
                wait = self.flush_seconds
            else:
                wait = backoff.next()

    async def flush(self) -> bool:
        """Write everything buffered; False (events kept) if Redis refused."""
        if not self.pending:
            return True
        batch, self.pending = self.pending, []
        try:
            with redis_outage():
                await self._write(batch)
        except (RedisUnavailable, ResponseError) as exc:
            # Some entries may have been written before the failure; writing them
            # again is harmless because the worker stores each event id once.
            self.pending = batch + self.pending
            if isinstance(exc, ResponseError):  # refused: a fault to see, not an outage;
                logger.error(  # the clicks wait as in one
                    "click batch refused by Redis; kept, retrying",
                    exc_info=exc,
                    extra={"action": "edge.clicks_refused"},
                )
            overflow = len(self.pending) - self.buffer_max
            if overflow > 0:
                del self.pending[:overflow]
                self.dropped += overflow
                logger.error(
                    "click buffer full while Redis is unreachable or full; oldest dropped",
                    extra={
                        "action": "edge.clicks_dropped",
                        "dropped": overflow,
                        "dropped_total": self.dropped,
                    },
                )
            return False
        self.written += len(batch)
        return True

    async def _write(self, batch: list[ClickEvent]) -> None:
        async with self.redis.pipeline(transaction=False) as pipe:
            for shard, events in self._by_shard(batch):
                stream = click_stream(shard)
                for start in range(0, len(events), self.batch_max):
                    chunk = events[start : start + self.batch_max]
                    pipe.xadd(
                        stream, {b"v": CLICK_BATCH_VERSION, b"c": click_batch_encoder.encode(chunk)}
                    )
            await pipe.execute()

    def _by_shard(self, batch: list[ClickEvent]) -> list[tuple[int, list[ClickEvent]]]:
        if self.shards == 1:
            return [(0, batch)]
        # click_shard's formula, inlined: this loop runs for every click.
        count, crc32 = self.shards, zlib.crc32
        groups: list[list[ClickEvent]] = [[] for _ in range(count)]
        for event in batch:
            groups[crc32(event.short_code.encode()) % count].append(event)
        return [(shard, events) for shard, events in enumerate(groups) if events]

    async def close(self, grace_seconds: float = 10.0) -> None:
        self._closing = True
        self._full.set()
        deadline = time.monotonic() + grace_seconds
        while self.pending and time.monotonic() < deadline:
            if not await self.flush():
                await asyncio.sleep(0.2)
        if self.pending:
            logger.error(
                "clicks lost at shutdown: Redis unreachable",
                extra={"action": "edge.clicks_lost", "count": len(self.pending)},
            )
