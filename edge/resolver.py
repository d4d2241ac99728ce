"""Short code → LinkEntry: in-process cache, then Redis, with concurrent misses coalesced."""

from __future__ import annotations

import asyncio
from typing import cast

from redis.asyncio import Redis
from redis.exceptions import RedisError

from common.keys import link_key
from common.wire import LinkEntry, link_entry_decoder
from edge.cache import NOT_FOUND, LinkCache
from edge.invalidation import Invalidations


class Resolver:
    def __init__(self, redis: Redis, cache: LinkCache, invalidations: Invalidations) -> None:
        self.redis = redis
        self.cache = cache
        self.invalidations = invalidations
        self._inflight: dict[str, asyncio.Future[LinkEntry]] = {}

    async def resolve(self, code: str) -> LinkEntry:
        """The code's entry, or ``NOT_FOUND``.

        When Redis can't be asked, the last entry known for the code is used; with
        none known, the RedisError propagates.
        """
        entry = self.cache.get(code)
        if entry is not None:
            return entry
        try:
            return await self._coalesced(code)
        except (RedisError, OSError):
            stale = self.cache.get_stale(code)
            if stale is None:
                raise
            return stale

    async def _coalesced(self, code: str) -> LinkEntry:
        waiting = self._inflight.get(code)
        if waiting is not None:
            return await asyncio.shield(waiting)
        future: asyncio.Future[LinkEntry] = asyncio.get_running_loop().create_future()
        self._inflight[code] = future
        try:
            entry = await self._fetch(code)
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # mark retrieved: waiters (if any) re-raise it themselves
            raise
        else:
            future.set_result(entry)
            return entry
        finally:
            del self._inflight[code]

    async def _fetch(self, code: str) -> LinkEntry:
        generation = self.invalidations.generation
        raw = cast("bytes | None", await self.redis.get(link_key(code)))
        entry = NOT_FOUND if raw is None else link_entry_decoder.decode(raw)
        if self.invalidations.connected.is_set() and generation == self.invalidations.generation:
            self.cache.put(code, entry)
        return entry
