"""Write-through of links into Redis in the shape the edge reads (common/wire.py).

Writes happen after the PostgreSQL commit. Each live one is followed by a message on
the invalidation channel so every edge worker drops its in-process copy (sandbox
links, under their own keys, are read from Redis on every visit). A failed
write is logged, not raised: the change is already recorded, and
``hop cache rebuild`` (also run by the worker at start) restores Redis from
PostgreSQL, which stays the record.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterable

from redis.asyncio import Redis
from redis.asyncio.client import Pipeline
from redis.exceptions import RedisError

from admin.db import Connection
from admin.db.redis_batch import RedisBatcher
from admin.links.repository import CacheRow, LinkRow, cache_entries, known_codes
from admin.urls import location_form
from common.channels import publish, publish_on
from common.keys import LINK_CHANGES_CHANNEL, LINK_PREFIX, SANDBOX_LINK_PREFIX, link_key_in
from common.redis_store import is_cluster
from common.timefmt import epoch_ms
from common.wire import LinkEntry, link_entry_encoder

logger = logging.getLogger(__name__)
FLUSH_ALL = "*"  # invalidation message: drop every cached link
_REBUILD_BATCH = 1000


def entry_of(row: LinkRow | CacheRow) -> LinkEntry:
    return LinkEntry(
        link_id=row.id,
        url=location_form(row.long_url),
        state="deleted" if row.deleted_at is not None else "active",
        expires_at_ms=epoch_ms(row.expires_at) if row.expires_at else 0,
        redirect_type=row.redirect_type,
        forward_query=row.forward_query,
        qr=row.managed_by == "qr",
        ios_url=location_form(row.ios_url) if row.ios_url else "",
        android_url=location_form(row.android_url) if row.android_url else "",
        # The literal: msgspec leaves a default out by identity, and an ok link's entry
        # must stay the bytes it was before the safety layer.
        verdict="ok" if row.safety_verdict == "ok" else row.safety_verdict,
        reasons=tuple(row.safety_reasons),
    )


class LinkCache:
    def __init__(self, batcher: RedisBatcher) -> None:
        self.batcher = batcher

    async def write(self, rows: Iterable[LinkRow]) -> None:
        """Each row's entry at its code (a row with deleted_at set answers 410 there)."""
        rows = list(rows)

        # On one server, one pipeline on one connection keeps the order: each SET lands
        # before its announcement. A cluster pipeline sends to several nodes at once, so
        # there the announcements wait for the SETs' answers (one more round trip).
        clustered = is_cluster(self.batcher.redis)

        def add_sets(pipe: Pipeline) -> None:
            for row in rows:
                pipe.set(
                    link_key_in(row.environment, row.short_code),
                    link_entry_encoder.encode(entry_of(row)),
                )
            if not clustered:
                add_announcements(pipe)

        def add_announcements(pipe: Pipeline) -> None:
            for row in rows:
                if row.environment == "live":
                    publish_on(pipe, LINK_CHANGES_CHANNEL, row.short_code)

        try:
            results = await self.batcher.run(add_sets)
            if clustered and any(row.environment == "live" for row in rows):
                results += await self.batcher.run(add_announcements)
            failed = next((r for r in results if isinstance(r, Exception)), None)
            if failed is not None:
                raise failed
        except (RedisError, OSError):
            logger.exception(
                "link cache write failed; `hop cache rebuild` restores it",
                extra={
                    "action": "cache.write_failed",
                    "codes": [f"{row.environment}:{row.short_code}" for row in rows],
                },
            )


async def rebuild(conn: Connection, redis: Redis) -> int:
    """Write every code's entry from PostgreSQL (live and sandbox), drop keys PostgreSQL
    doesn't know, flush edges."""
    written = 0
    async for batch in cache_entries(conn):
        async with redis.pipeline(transaction=False) as pipe:
            for row in batch:
                pipe.set(
                    link_key_in(row.environment, row.short_code),
                    link_entry_encoder.encode(entry_of(row)),
                )
            await pipe.execute()
        written += len(batch)
    for environment, prefix in (("live", LINK_PREFIX), ("test", SANDBOX_LINK_PREFIX)):
        async for keys in _scan_batches(redis, prefix):
            codes = [key[len(prefix) :].decode() for key in keys]
            known = await known_codes(conn, environment, codes)
            stale = [key for key, code in zip(keys, codes, strict=True) if code not in known]
            if stale:
                await redis.delete(*stale)
    await publish(redis, LINK_CHANGES_CHANNEL, FLUSH_ALL)
    return written


async def _scan_batches(redis: Redis, prefix: str) -> AsyncIterator[list[bytes]]:
    batch: list[bytes] = []
    async for key in redis.scan_iter(match=prefix + "*", count=_REBUILD_BATCH):
        batch.append(key)
        if len(batch) >= _REBUILD_BATCH:
            yield batch
            batch = []
    if batch:
        yield batch
