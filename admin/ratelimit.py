"""Per-account rate limits (docs/api.md#rate-limits): fixed minute and calendar-month windows
in Redis.

One Lua script increments both counters atomically, so any number of admin
processes count correctly together. A request that exceeds either window is
refused with 429; the headers always describe the minute window unless the month is
the one exhausted (docs/decisions.md#rate-limits).
"""

from __future__ import annotations

import calendar
import hashlib
import logging
import time
from datetime import UTC, datetime
from typing import Any

import msgspec
from redis.asyncio.client import Pipeline
from redis.exceptions import NoScriptError, RedisError

from admin.redis_batch import RedisBatcher
from common.keys import rate_limit_keys

logger = logging.getLogger(__name__)

_HIT = """
local minute = redis.call('INCR', KEYS[1])
if minute == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
local month = 0
if #KEYS > 1 then
  month = redis.call('INCR', KEYS[2])
  if month == 1 then redis.call('EXPIREAT', KEYS[2], ARGV[2]) end
end
return {minute, month}
"""


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


def _month_bounds(now: float) -> tuple[str, int]:
    moment = datetime.fromtimestamp(now, UTC)
    days = calendar.monthrange(moment.year, moment.month)[1]
    start = moment.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    return f"{moment:%Y%m}", int(start.timestamp()) + days * 86400


class RateLimiter:
    def __init__(self, batcher: RedisBatcher) -> None:
        self.batcher = batcher
        self._sha = hashlib.sha1(_HIT.encode()).hexdigest()  # noqa: S324 - Redis names scripts by SHA-1

    async def _count(self, keys: list[str], args: list[int]) -> list[Any]:
        def add(pipe: Pipeline) -> None:
            pipe.evalsha(self._sha, len(keys), *keys, *args)

        (result,) = await self.batcher.run(add)
        if isinstance(result, NoScriptError):  # Redis restarted or flushed its scripts
            await self.batcher.redis.script_load(_HIT)
            (result,) = await self.batcher.run(add)
        if isinstance(result, Exception):
            raise result
        counts: list[Any] = result
        return counts

    async def hit(self, bucket: str, per_minute: int, per_month: int | None) -> Decision | None:
        """Count one request; None when Redis cannot be reached (the request goes through)."""
        now = time.time()
        minute = int(now // 60)
        minute_reset = (minute + 1) * 60
        month, month_reset = _month_bounds(now)
        minute_key, month_key = rate_limit_keys(bucket, minute, month)
        keys = [minute_key] if per_month is None else [minute_key, month_key]
        try:
            minute_count, month_count = await self._count(keys, [61, month_reset + 60])
        except (RedisError, OSError):
            logger.warning(
                "rate limiter unavailable; request allowed",
                extra={"action": "ratelimit.unavailable", "bucket": bucket},
            )
            return None
        remaining = per_minute - int(minute_count)
        if per_month is not None and month_count > per_month:
            return Decision(per_minute, 0, month_reset, max(1, month_reset - int(now)))
        if remaining < 0:
            return Decision(per_minute, 0, minute_reset, max(1, minute_reset - int(now)))
        if per_month is not None:
            remaining = min(remaining, per_month - int(month_count))
        return Decision(per_minute, remaining, minute_reset, 0)
