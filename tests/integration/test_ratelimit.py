"""The rate limiter against a real Redis: atomic counting, month window, Redis down."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.client import Pipeline

from admin.db.redis_batch import RedisBatcher
from admin.http.ratelimit import Decision, RateLimiter, window_clock
from tests.support.env import PINNED_WINDOW_TIME


def test_concurrent_hits_from_many_clients_count_exactly(redis_url: str) -> None:
    async def scenario() -> list[bool]:
        clients = [Redis.from_url(redis_url) for _ in range(4)]
        limiters = [RateLimiter(RedisBatcher(client)) for client in clients]
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
        limiter = RateLimiter(RedisBatcher(client))
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


def test_unreachable_redis_counts_in_process() -> None:
    """Without Redis the minute window is counted per process: headers stay, floods are refused."""

    async def scenario() -> list[Decision]:
        client = Redis.from_url("redis://127.0.0.1:1/0", socket_connect_timeout=0.2)
        # Pinned: the three hits are in one minute window wherever the clock is.
        limiter = RateLimiter(RedisBatcher(client), window_clock(PINNED_WINDOW_TIME))
        try:
            return [await limiter.hit("test:x", 2, 1) for _ in range(3)] + [
                await limiter.hit("test:y", 2, 1)
            ]
        finally:
            await client.aclose()

    first, second, third, other = asyncio.run(scenario())
    assert [first.remaining, second.remaining, third.remaining] == [1, 0, 0]
    assert not first.blocked
    assert not second.blocked  # the month limit of 1 is not enforced from one process's memory
    assert third.blocked
    assert 1 <= third.retry_after <= 60
    assert (other.remaining, other.blocked) == (1, False)  # buckets stay apart


def test_counting_survives_a_script_flush(redis_url: str) -> None:
    async def scenario() -> list[int]:
        client = Redis.from_url(redis_url)
        limiter = RateLimiter(RedisBatcher(client))
        bucket = f"test:{secrets.token_hex(6)}"
        try:
            first = await limiter.hit(bucket, 100, None)
            await client.script_flush()  # as after a Redis restart without persistence
            second = await limiter.hit(bucket, 100, None)
        finally:
            await client.aclose()
        assert first is not None
        assert second is not None
        return [first.remaining, second.remaining]

    assert asyncio.run(scenario()) == [99, 98]


def test_batched_commands_each_get_their_own_results(redis_url: str) -> None:
    key = f"test:{secrets.token_hex(6)}"

    def adder(amount: int) -> Callable[[Pipeline], None]:
        def add(pipe: Pipeline) -> None:
            pipe.incrby(key, amount)
            pipe.get("missing:" + key)

        return add

    async def scenario() -> list[list[Any]]:
        client = Redis.from_url(redis_url)
        batcher = RedisBatcher(client)
        try:
            return await asyncio.gather(*(batcher.run(adder(n)) for n in range(1, 6)))
        finally:
            await client.aclose()

    results = asyncio.run(scenario())
    assert [len(result) for result in results] == [2] * 5
    assert sorted(int(result[0]) for result in results) == [1, 3, 6, 10, 15]
    assert all(result[1] is None for result in results)


def test_a_peek_counts_nothing_and_says_whether_the_next_hit_is_refused(redis_url: str) -> None:
    async def scenario() -> list[tuple[bool, int]]:
        client = Redis.from_url(redis_url)
        limiter = RateLimiter(RedisBatcher(client))
        bucket = f"test:{secrets.token_hex(6)}"
        seen: list[tuple[bool, int]] = []
        try:
            for _ in range(3):
                peeked = await limiter.peek(bucket, 2)
                seen.append((peeked.blocked, peeked.remaining))
                await limiter.hit(bucket, 2, None)
            for _ in range(3):  # peeks alone never spend the bucket
                peeked = await limiter.peek(bucket, 5)
                seen.append((peeked.blocked, peeked.remaining))
        finally:
            await client.aclose()
        return seen

    seen = asyncio.run(scenario())
    if seen[:3] != [(False, 2), (False, 1), (True, 0)]:  # a minute boundary passed mid-test
        seen = asyncio.run(scenario())
    assert seen == [(False, 2), (False, 1), (True, 0), (False, 2), (False, 2), (False, 2)]
