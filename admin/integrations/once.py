"""What may happen only once, kept in Redis: spending an install state, the WooCommerce
keys waiting for the browser that started the install, a Shopify webhook delivery.

Each is one command on one key (``SET NX EX``, ``SET EX``, ``GETDEL``), so it is atomic
on a single server and on a cluster alike. Redis unreachable is 503 with Retry-After:
a callback cannot be accepted without knowing it is the first.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from redis.asyncio import Redis

from admin.errors import ServiceUnavailable
from common.redis_store import RedisUnavailable, redis_outage


@contextlib.contextmanager
def _reachable() -> Iterator[None]:
    try:
        with redis_outage():
            yield
    except RedisUnavailable as exc:
        error = ServiceUnavailable("Installs are unavailable for a moment; retry shortly.")
        error.headers["Retry-After"] = "5"
        raise error from exc


class Once:
    def __init__(self, redis: Redis) -> None:
        self.redis = redis

    async def first(self, key: str, ttl: int) -> bool:
        """True for the first caller to claim ``key`` within ``ttl`` seconds, else False."""
        with _reachable():
            return bool(await self.redis.set(key, b"1", nx=True, ex=max(1, ttl)))

    async def forget(self, key: str) -> None:
        """Give a claim back (the work it guarded failed and may be retried)."""
        with _reachable():
            await self.redis.delete(key)

    async def keep(self, key: str, value: bytes, ttl: int) -> None:
        with _reachable():
            await self.redis.set(key, value, ex=max(1, ttl))

    async def take(self, key: str) -> bytes | None:
        """The value kept under ``key``, removed in the same command (None if absent)."""
        with _reachable():
            value = await self.redis.getdel(key)
        if value is None:
            return None
        return value.encode() if isinstance(value, str) else bytes(value)
