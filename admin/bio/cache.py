"""Rendered Bio pages in Redis, where the edge reads them (``keys.bio_key_in``).

Like the link cache: written after the PostgreSQL commit, failures logged (not
raised), and ``rebuild_bio_pages`` (run by ``hop cache rebuild`` and by the
worker at start) restores every page of both environments from PostgreSQL and
drops pages it no longer knows. A deleted or renamed page's old name keeps a
"gone" entry (the edge answers 410) while it is reserved for its owner and after,
until another page takes it. The edge reads the key on each visit, so nothing is
published.
"""

from __future__ import annotations

import logging

from redis.asyncio import Redis

from admin.bio.repository import all_pages, known_usernames
from admin.db import Connection
from common.keys import BIO_PREFIX, SANDBOX_BIO_PREFIX, bio_key_in
from common.redis_store import RedisUnavailable, is_cluster, redis_outage
from common.wire import BioEntry, bio_entry_encoder

logger = logging.getLogger(__name__)
_BATCH = 500


def _entry(bio_id: str, html: str | None) -> bytes:
    if html is None:
        return bio_entry_encoder.encode(BioEntry(bio_id=bio_id, html=b"", gone=True))
    return bio_entry_encoder.encode(BioEntry(bio_id=bio_id, html=html.encode()))


class BioCache:
    def __init__(self, redis: Redis) -> None:
        self.redis = redis
        # A page and its old name's tombstone are two slots on a Redis Cluster, where no
        # transaction spans slots: there each SET stands alone (both are idempotent).
        self._atomic = not is_cluster(redis)

    async def write(
        self,
        environment: str,
        bio_id: str,
        username: str,
        html: str,
        old_username: str | None = None,
    ) -> None:
        try:
            with redis_outage():
                async with self.redis.pipeline(transaction=self._atomic) as pipe:
                    pipe.set(bio_key_in(environment, username), _entry(bio_id, html))
                    if old_username is not None and old_username != username:
                        pipe.set(bio_key_in(environment, old_username), _entry(bio_id, None))
                    await pipe.execute()
        except RedisUnavailable:
            self._failed(username)

    async def remove(self, environment: str, bio_id: str, username: str) -> None:
        """The page is deleted: its address answers 410."""
        try:
            with redis_outage():
                await self.redis.set(bio_key_in(environment, username), _entry(bio_id, None))
        except RedisUnavailable:
            self._failed(username)

    @staticmethod
    def _failed(username: str) -> None:
        logger.error(
            "bio page cache write failed; `hop cache rebuild` restores it",
            extra={"action": "cache.bio_write_failed", "username": username},
        )


async def rebuild_bio_pages(conn: Connection, redis: Redis) -> int:
    """Write every name's page (or gone entry) from PostgreSQL, in both environments, and
    drop Redis entries of names PostgreSQL doesn't know."""
    written = 0
    async for batch in all_pages(conn):
        async with redis.pipeline(transaction=False) as pipe:
            for environment, username, bio_id, html in batch:
                pipe.set(bio_key_in(environment, username), _entry(bio_id, html))
            await pipe.execute()
        written += len(batch)
    for environment, prefix in (("live", BIO_PREFIX), ("test", SANDBOX_BIO_PREFIX)):
        keys = [key async for key in redis.scan_iter(match=prefix + "*", count=_BATCH)]
        for start in range(0, len(keys), _BATCH):
            chunk = keys[start : start + _BATCH]
            names = [key[len(prefix) :].decode() for key in chunk]
            known = await known_usernames(conn, environment, names)
            stale = [key for key, name in zip(chunk, names, strict=True) if name not in known]
            if stale:
                await redis.delete(*stale)
    return written
