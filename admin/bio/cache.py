"""Rendered Bio pages in Redis, where the edge reads them (``keys.bio_key``).

Like the link cache: written after the PostgreSQL commit, failures logged (not
raised), and ``rebuild_bio_pages`` (run by ``hop cache rebuild`` and by the
worker at start) restores every page from PostgreSQL and drops pages it no
longer knows. The edge reads the key on each visit, so nothing is published.
"""

from __future__ import annotations

import logging

import psycopg
from psycopg.rows import tuple_row
from redis.asyncio import Redis
from redis.exceptions import RedisError

from admin.bio.repository import all_pages_query, known_usernames
from common.keys import BIO_PREFIX, bio_key
from common.wire import BioEntry, bio_entry_encoder

logger = logging.getLogger(__name__)
_BATCH = 500


def _entry(bio_id: str, html: str) -> bytes:
    return bio_entry_encoder.encode(BioEntry(bio_id=bio_id, html=html.encode()))


class BioCache:
    def __init__(self, redis: Redis) -> None:
        self.redis = redis

    async def write(
        self, bio_id: str, username: str, html: str, old_username: str | None = None
    ) -> None:
        try:
            async with self.redis.pipeline(transaction=True) as pipe:
                pipe.set(bio_key(username), _entry(bio_id, html))
                if old_username is not None and old_username != username:
                    pipe.delete(bio_key(old_username))
                await pipe.execute()
        except RedisError:
            self._failed(username)

    async def remove(self, username: str) -> None:
        try:
            await self.redis.delete(bio_key(username))
        except RedisError:
            self._failed(username)

    @staticmethod
    def _failed(username: str) -> None:
        logger.error(
            "bio page cache write failed; `hop cache rebuild` restores it",
            extra={"action": "cache.bio_write_failed", "username": username},
        )


async def rebuild_bio_pages(conn: psycopg.AsyncConnection, redis: Redis) -> int:
    """Write every page from PostgreSQL and drop Redis pages PostgreSQL doesn't know."""
    written = 0
    async with conn.cursor(name="hop_bio_rebuild", row_factory=tuple_row) as rows:
        await rows.execute(all_pages_query())
        while batch := await rows.fetchmany(_BATCH):
            async with redis.pipeline(transaction=False) as pipe:
                for bio_id, username, html in batch:
                    pipe.set(bio_key(username), _entry(bio_id, html))
                await pipe.execute()
            written += len(batch)
    keys = [key async for key in redis.scan_iter(match=BIO_PREFIX + "*", count=_BATCH)]
    for start in range(0, len(keys), _BATCH):
        names = [key[len(BIO_PREFIX) :].decode() for key in keys[start : start + _BATCH]]
        known = await known_usernames(conn, names)
        stale = [bio_key(name) for name in names if name not in known]
        if stale:
            await redis.delete(*stale)
    return written
