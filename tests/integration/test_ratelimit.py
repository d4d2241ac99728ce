"""The rate limiter against a real Redis: atomic counting, month window, fail-open."""

from __future__ import annotations

import asyncio
import secrets

from redis.asyncio import Redis

from admin.ratelimit import RateLimiter


def test_concurrent_hits_from_many_clients_count_exactly(redis_url: str) -> None:
    async def scenario() -> list[bool]:
        clients = [Redis.from_url(redis_url) for _ in range(4)]
        limiters = [RateLimiter(client) for client in clients]
        bucket = f"test:{secrets.token_hex(6)}"
        try:
            decisions = await asyncio.gather(
                *(limiters[n % 4].hit(bucket, 100, 10_000) for n in range(250))
            )
        finally:
            for client in clients:
                await client.aclose()
        return [decision is not None and not decision.blocked for decision in decisions]

    allowed = asyncio.run(scenario())
    assert allowed.count(True) in (100, 200)  # 200 only if a minute boundary passed mid-test


def test_month_window_blocks_until_month_end(redis_url: str) -> None:
    async def scenario() -> tuple[int, int, int]:
        client = Redis.from_url(redis_url)
        limiter = RateLimiter(client)
        bucket = f"test:{secrets.token_hex(6)}"
        try:
            for _ in range(3):
                await limiter.hit(bucket, 1000, 3)
            decision = await limiter.hit(bucket, 1000, 3)
        finally:
            await client.aclose()
        assert decision is not None
        return decision.remaining, decision.retry_after, decision.reset

    remaining, retry_after, reset = asyncio.run(scenario())
    assert remaining == 0
    assert retry_after > 0
    assert reset % 86400 == 0  # months start at midnight UTC


def test_unreachable_redis_lets_requests_through() -> None:
    async def scenario() -> object:
        client = Redis.from_url("redis://127.0.0.1:1/0", socket_connect_timeout=0.2)
        try:
            return await RateLimiter(client).hit("test:x", 1, 1)
        finally:
            await client.aclose()

    assert asyncio.run(scenario()) is None
