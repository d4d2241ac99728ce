"""Event ids seen in the last 7 days, in Redis: the receiver's replay filter
(docs/api.md#delivery-and-retries)."""

from __future__ import annotations

from redis.asyncio import Redis

RETENTION_SECONDS = 7 * 86400
_PREFIX = "webhook:seen:"


class SeenEvents:
    def __init__(self, redis: Redis, *, ttl: int = RETENTION_SECONDS) -> None:
        self.redis = redis
        self.ttl = ttl

    async def add(self, event_id: str) -> bool:
        """Mark ``event_id`` as seen; False when it already was (a replay or a retry)."""
        return bool(await self.redis.set(_PREFIX + event_id, b"1", nx=True, ex=self.ttl))

    async def aclose(self) -> None:
        await self.redis.aclose()

    async def forget(self, event_id: str) -> None:
        """Handling failed: let the sender's retry be processed."""
        await self.redis.delete(_PREFIX + event_id)
