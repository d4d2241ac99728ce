"""A change to credentials (a revoked key, a plan) is announced on Redis to every admin
process; the process that made it must not wait for its own announcement to come back
before its next request is answered without the stale entry (a revoked key refused at
once, even when Redis is slow to hand the message back)."""

from __future__ import annotations

import asyncio

from redis.asyncio import Redis

from admin.auth.cache import AuthCache, announce_auth_change


def test_the_announcing_process_forgets_its_entries_before_its_message_returns(
    redis_url: str,
) -> None:
    async def scenario() -> tuple[object, object, bool]:
        redis = Redis.from_url(redis_url)
        cache = AuthCache(ttl_seconds=60)
        # A channel that is up but whose messages have not been read yet: the moment
        # between the announcement and its delivery back to this process, held open.
        subscription = cache.listen(redis)
        subscription.connected.set()
        try:
            cache.put(b"key-hash", "principal", cache.generation)
            cached = cache.get(b"key-hash")
            announced = await announce_auth_change(redis, "revoked:test")
            return cached, cache.get(b"key-hash"), announced
        finally:
            await redis.aclose()

    cached, after, announced = asyncio.run(scenario())
    assert cached == "principal"
    assert announced
    assert after is None
