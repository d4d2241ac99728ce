"""Per-account rate limits (docs/api.md#rate-limits): fixed minute and calendar-month
windows in Redis.

One Lua script increments both counters atomically, so any number of admin
processes count correctly together. A request that exceeds either window is
refused with 429; the headers always describe the minute window unless the
month is the one exhausted (docs/decisions.md#rate-limits). While Redis is
unreachable each process counts the minute window itself, so every response
still carries the headers and a flood is still refused (per process) rather
than let through.
"""

from __future__ import annotations

import calendar
import logging
import time
from collections.abc import Callable
from datetime import UTC, datetime

import msgspec
from redis.asyncio.client import Pipeline
from redis.exceptions import RedisError

from admin.db.redis_batch import LuaScript, RedisBatcher
from common.keys import rate_limit_keys
from common.redis_store import RedisUnavailable

logger = logging.getLogger(__name__)

_RETRY_REDIS_AFTER = 1.0
# Redis away (RedisUnavailable), or an error it answered (a script it refused): either
# way the limiter counts in this process rather than fail the requests it guards.
_NO_COUNT = (RedisUnavailable, RedisError)
_HIT = LuaScript("""
local minute = redis.call('INCR', KEYS[1])
if minute == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
local month = 0
if #KEYS > 1 then
  month = redis.call('INCR', KEYS[2])
  if month == 1 then redis.call('EXPIREAT', KEYS[2], ARGV[2]) end
end
return {minute, month}
""")


def window_clock(pinned: float | None) -> Callable[[], float]:
    """What minute windows read: the clock, or the time a test pinned them to."""
    if pinned is None:
        return time.time
    return lambda: pinned


class Decision(msgspec.Struct, frozen=True):
    limit: int
    remaining: int
    reset: int  # epoch seconds
    retry_after: int  # seconds; 0 unless blocked

    @property
    def blocked(self) -> bool:
        return self.retry_after > 0

    def headers(self) -> list[tuple[bytes, bytes]]:
        headers = [
            (b"x-ratelimit-limit", str(self.limit).encode()),
            (b"x-ratelimit-remaining", str(self.remaining).encode()),
            (b"x-ratelimit-reset", str(self.reset).encode()),
        ]
        if self.blocked:
            headers.append((b"retry-after", str(self.retry_after).encode()))
        return headers


class _Month(msgspec.Struct, frozen=True):
    """A UTC month: ``YYYYMM`` and the Unix times it starts and ends."""

    name: str
    start: int
    end: int

    @classmethod
    def of(cls, now: float) -> _Month:
        moment = datetime.fromtimestamp(now, UTC)
        days = calendar.monthrange(moment.year, moment.month)[1]
        start = int(moment.replace(day=1, hour=0, minute=0, second=0, microsecond=0).timestamp())
        return cls(f"{moment:%Y%m}", start, start + days * 86400)


class LocalWindows:
    """Minute counters in this process, for while Redis cannot be reached.

    Only the current minute is kept. Past ``max_buckets`` a new bucket is
    counted from one each time instead of being remembered, so a flood of
    addresses cannot grow the table without bound.
    """

    def __init__(self, max_buckets: int = 100_000) -> None:
        self.max_buckets = max_buckets
        self._minute = -1
        self._counts: dict[str, int] = {}

    def count(self, bucket: str, minute: int) -> int:
        """The bucket's count in ``minute``, not counting a request."""
        return self._counts.get(bucket, 0) if minute == self._minute else 0

    def hit(self, bucket: str, minute: int) -> int:
        if minute != self._minute:
            self._minute, self._counts = minute, {}
        count = self._counts.get(bucket, 0) + 1
        if count > 1 or len(self._counts) < self.max_buckets:
            self._counts[bucket] = count
        return count


class RateLimiter:
    """Counts in Redis; while Redis is unreachable, in this process (minute window only).

    After a failure Redis is left alone for ``_RETRY_REDIS_AFTER`` seconds, so an
    outage costs each request neither a connection attempt nor a log line.
    ``window_clock`` is what the minute window reads; tests pin it (HOP_TEST_WINDOW_TIME)
    so their requests never straddle a minute boundary. The month stays on the clock.
    """

    def __init__(
        self, batcher: RedisBatcher, window_clock: Callable[[], float] = time.time
    ) -> None:
        self.batcher = batcher
        self.window_clock = window_clock
        self.local = LocalWindows()
        self._redis_down_until = 0.0
        # Worked out once a month, not per request (a per cent of a create-link's CPU).
        self._month = _Month("", 0, 0)

    async def hit(self, bucket: str, per_minute: int, per_month: int | None) -> Decision:
        """Count one request and decide."""
        now, window_now = time.time(), self.window_clock()
        minute = int(window_now // 60)
        minute_reset = (minute + 1) * 60
        if not self._month.start <= now < self._month.end:
            self._month = _Month.of(now)
        month, month_reset = self._month.name, self._month.end
        minute_key, month_key = rate_limit_keys(bucket, minute, month)
        keys = [minute_key] if per_month is None else [minute_key, month_key]
        counts = await self._count_in_redis(keys, month_reset, now)
        if counts is None:
            minute_count, month_count = self.local.hit(bucket, minute), 0
            per_month = None  # a month cannot be counted in one process's memory
        else:
            minute_count, month_count = counts
        remaining = per_minute - minute_count
        if per_month is not None and month_count > per_month:
            return Decision(per_minute, 0, month_reset, max(1, month_reset - int(now)))
        if remaining < 0:
            return Decision(per_minute, 0, minute_reset, max(1, minute_reset - int(window_now)))
        if per_month is not None:
            remaining = min(remaining, per_month - month_count)
        return Decision(per_minute, remaining, minute_reset, 0)

    async def peek(self, bucket: str, per_minute: int) -> Decision:
        """Whether one more request in the bucket's minute would be refused, without
        counting one (the month is not looked at: buckets peeked at have none)."""
        now, window_now = time.time(), self.window_clock()
        minute = int(window_now // 60)
        minute_reset = (minute + 1) * 60
        minute_key, _ = rate_limit_keys(bucket, minute, "")
        count = await self._read_in_redis(minute_key, now)
        if count is None:
            count = self.local.count(bucket, minute)
        if count >= per_minute:
            return Decision(per_minute, 0, minute_reset, max(1, minute_reset - int(window_now)))
        return Decision(per_minute, per_minute - count, minute_reset, 0)

    async def _read_in_redis(self, key: str, now: float) -> int | None:
        """The counter's value, or None when Redis is (lately) unreachable."""
        if now < self._redis_down_until:
            return None

        def add(pipe: Pipeline) -> None:
            pipe.get(key)

        try:
            (value,) = await self.batcher.run(add)
        except _NO_COUNT:
            self._redis_down_until = time.time() + _RETRY_REDIS_AFTER
            return None
        if isinstance(value, Exception):
            return None
        return int(value or 0)

    async def _count_in_redis(
        self, keys: list[str], month_reset: int, now: float
    ) -> tuple[int, int] | None:
        """The minute's and month's counts, or None when Redis is (lately) unreachable."""
        if now < self._redis_down_until:
            return None
        try:
            minute_count, month_count = await _HIT.run(self.batcher, keys, [61, month_reset + 60])
        except _NO_COUNT as exc:
            if self._redis_down_until == 0.0:
                logger.warning(
                    "rate limiter cannot reach Redis; counting in this process",
                    extra={"action": "ratelimit.unavailable", "error": str(exc)},
                )
            self._redis_down_until = time.time() + _RETRY_REDIS_AFTER
            return None
        if self._redis_down_until:
            self._redis_down_until = 0.0
            logger.warning("rate limiter back on Redis", extra={"action": "ratelimit.restored"})
        return int(minute_count), int(month_count)
