"""Keep every edge worker's cache true to Redis.

The admin publishes a short code on ``LINK_CHANGES_CHANNEL`` after each write
(``*`` after a rebuild); this task drops that code from the local cache. Any
time the subscription is (re)established, every cached entry is expired, since
messages sent while we were not listening are lost: a stale entry can then live
at most until the connection comes back (expired entries are only served as a
fallback while Redis fails).
"""

from __future__ import annotations

import asyncio
import logging
import time

from redis.asyncio import Redis
from redis.exceptions import RedisError

from common.keys import LINK_CHANGES_CHANNEL
from edge.cache import LinkCache

logger = logging.getLogger(__name__)
FLUSH_ALL = b"*"
_PING_EVERY_SECONDS = 2.0


class Invalidations:
    def __init__(self, redis: Redis, cache: LinkCache) -> None:
        self.redis = redis
        self.cache = cache
        self.connected = asyncio.Event()
        # Bumped on every change seen; a lookup that started before a bump must
        # not cache what it read (it may predate the change).
        self.generation = 0
        self._stopping = False

    async def run(self) -> None:
        backoff = 0.05
        while not self._stopping:
            try:
                await self._listen()
                backoff = 0.05
            except (RedisError, OSError) as exc:
                self.connected.clear()
                self.generation += 1
                logger.warning(
                    "invalidation channel lost; cache will be flushed on reconnect",
                    extra={"action": "edge.invalidation_lost", "error": str(exc)},
                )
                await asyncio.sleep(backoff)
                backoff = min(1.0, backoff * 2)

    async def _listen(self) -> None:
        async with self.redis.pubsub(ignore_subscribe_messages=True) as pubsub:
            await pubsub.subscribe(LINK_CHANGES_CHANNEL)
            self.generation += 1
            self.cache.expire_all()
            self.connected.set()
            last_ping = time.monotonic()
            while not self._stopping:
                message = await pubsub.get_message(timeout=0.5)
                if message is not None and message["type"] == "message":
                    self._apply(message["data"])
                if time.monotonic() - last_ping > _PING_EVERY_SECONDS:
                    # A silent channel must still prove the connection is alive.
                    await pubsub.ping()
                    last_ping = time.monotonic()

    def _apply(self, data: bytes) -> None:
        self.generation += 1
        if data == FLUSH_ALL:
            self.cache.expire_all()
        else:
            self.cache.drop(data.decode("utf-8", "replace"))

    def stop(self) -> None:
        self._stopping = True
