"""Short code → Target: in-process cache, then Redis, with concurrent misses coalesced."""

from __future__ import annotations

import asyncio
from typing import cast

from redis.asyncio import Redis

from common.channels import Subscription
from common.keys import link_key
from common.redis_store import RedisUnavailable, redis_outage
from common.wire import link_entry_decoder
from edge.cache import LinkCache
from edge.targets import Target, not_found, target_of


class Resolver:
    def __init__(self, redis: Redis, cache: LinkCache, invalidations: Subscription) -> None:
        self.redis = redis
        self.cache = cache
        self.invalidations = invalidations
        self._inflight: dict[str, asyncio.Future[Target]] = {}

    async def resolve(self, code: str) -> Target:
        """The code's target (a MISSING one for codes Redis doesn't know).

        When Redis can't be asked, the last entry known for the code is used; with
        none known, ``RedisUnavailable`` propagates.
        """
        entry = self.cache.get(code)
        if entry is not None:
            return entry
        try:
            with redis_outage():
                return await self._coalesced(code)
        except RedisUnavailable:
            stale = self.cache.get_stale(code)
            if stale is None:
                raise
            return stale

    async def _coalesced(self, code: str) -> Target:
        waiting = self._inflight.get(code)
        if waiting is not None:
            return await asyncio.shield(waiting)
        future: asyncio.Future[Target] = asyncio.get_running_loop().create_future()
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

    async def _fetch(self, code: str) -> Target:
        generation = self.invalidations.generation
        raw = cast("bytes | None", await self.redis.get(link_key(code)))
        entry = not_found() if raw is None else target_of(link_entry_decoder.decode(raw))
        if self.invalidations.connected.is_set() and generation == self.invalidations.generation:
            self.cache.put(code, entry)
        return entry
