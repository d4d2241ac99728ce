"""Brute-force limits on sign-in: per e-mail address and per client network.

Whatever token a request carries, sign-in and refresh attempts are counted per
client network (an IPv4 address, an IPv6 /64) in a fixed minute window, and
failed sign-ins per e-mail address (lower-cased, stored as a SHA-256 digest).
After ``free_failures`` failures the address is locked for ``lockout`` seconds,
doubling with every further failure up to ``lockout_max``; a success resets it.

An attempt is counted as a failure when it *starts* and forgiven when it
succeeds, so a burst of parallel guesses cannot slip past the count: once the
free failures are in flight, the next attempt is already refused. E-mail
addresses with and without an account are locked alike, so a lock-out reveals
nothing about which exist.

The counters live in Redis (one Lua script, atomic across admin processes). If
Redis cannot be reached, sign-in fails closed with 503: this is the brute-force
gate, and API keys keep working meanwhile.
"""

from __future__ import annotations

import hashlib
import logging
import math
import time
from collections.abc import Callable

from redis.asyncio.client import Pipeline
from redis.exceptions import RedisError

from admin.db.redis_batch import LuaScript, RedisBatcher
from admin.errors import RateLimited, SignInLocked, SignInUnavailable
from common.keys import (
    account_mail_key,
    login_failures_key,
    login_network_key,
    signup_network_key,
)
from common.redis_store import RedisUnavailable
from common.settings import LoginLimits

logger = logging.getLogger(__name__)
_FORGET_AFTER = 86400  # seconds after the last failure (at least twice the longest lock)
_ALLOWED, _NETWORK_REFUSED, _LOCKED = 0, 1, 2

# Redis away (RedisUnavailable), or an error it answered (a script it refused): either
# way the attempt cannot be counted (sign-in then fails closed, a reset is skipped).
_UNCOUNTED = (RedisUnavailable, RedisError)
_BEGIN = LuaScript("""
local attempts = redis.call('INCR', KEYS[1])
if attempts == 1 then redis.call('EXPIRE', KEYS[1], 61) end
if attempts > tonumber(ARGV[2]) then return {1, 0, 0} end
if #KEYS < 2 then return {0, 0, 0} end
local now = tonumber(ARGV[1])
local locked_until = tonumber(redis.call('HGET', KEYS[2], 'until') or '0')
if locked_until > now then
  return {2, locked_until - now, tonumber(redis.call('HGET', KEYS[2], 'lock'))}
end
local failures = redis.call('HINCRBY', KEYS[2], 'failures', 1)
local free = tonumber(ARGV[3])
if failures >= free then
  local lock = math.min(tonumber(ARGV[5]), tonumber(ARGV[4]) * 2 ^ (failures - free))
  redis.call('HSET', KEYS[2], 'until', string.format('%d', now + lock),
             'lock', string.format('%d', lock))
end
redis.call('EXPIRE', KEYS[2], ARGV[6])
return {0, failures, 0}
""")


# A counter in a fixed window: INCR, expire with the window, over the limit or not.
_COUNT = LuaScript("""
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
return count > tonumber(ARGV[1]) and 1 or 0
""")


# A lock-out runs from the failed attempt's answer, however long its hash took.
_FAILED = LuaScript("""
local lock = redis.call('HGET', KEYS[1], 'lock')
if lock then
  redis.call('HSET', KEYS[1], 'until', string.format('%d', tonumber(ARGV[1]) + tonumber(lock)))
end
return 0
""")


def email_digest(email: str) -> str:
    return hashlib.sha256(email.strip().lower().encode()).hexdigest()


class LoginThrottle:
    def __init__(
        self,
        batcher: RedisBatcher,
        limits: LoginLimits,
        window_clock: Callable[[], float] = time.time,
    ) -> None:
        self.batcher = batcher
        self.limits = limits
        # What the per-network minute window reads (pinned by tests: HOP_TEST_WINDOW_TIME);
        # lock-outs stay on the clock.
        self.window_clock = window_clock
        self.lockout_max = max(limits.lockout, limits.lockout_max)
        self.forget_after = max(_FORGET_AFTER, 2 * self.lockout_max)

    async def begin_sign_in(self, email: str, network: str) -> None:
        """Count a sign-in attempt as a failure until ``signed_in``; raise if refused."""
        await self._begin(network, login_failures_key(email_digest(email)))

    async def begin_refresh(self, network: str) -> None:
        """Count a refresh attempt against the client network; raise if refused."""
        await self._begin(network, None)

    async def begin_account_form(self, network: str) -> None:
        """Count a sign-up, password-reset or verification request against the client
        network's sign-in attempts (the same per-minute bound); raise if refused."""
        await self._begin(network, None)

    async def begin_sign_up(self, network: str, per_hour: int) -> None:
        """Refuse (429) the network's sign-ups beyond ``per_hour`` in the current hour."""
        hour = int(time.time() // 3600)
        if await self._over(signup_network_key(network, hour), per_hour, 3601):
            retry_after = max(1, (hour + 1) * 3600 - int(time.time()))
            error = RateLimited(
                f"Too many sign-ups from your network; retry in {retry_after // 60 + 1} minutes."
            )
            error.headers["Retry-After"] = str(retry_after)
            raise error

    async def mail_allowed(self, email: str, per_hour: int) -> bool:
        """Whether one more account e-mail may go to this address this hour (counted)."""
        key = account_mail_key(email_digest(email), int(time.time() // 3600))
        return not await self._over(key, per_hour, 3601)

    async def _over(self, key: str, limit: int, window: int) -> bool:
        try:
            return bool(await _COUNT.run(self.batcher, [key], [limit, window]))
        except _UNCOUNTED as exc:
            logger.warning(
                "account request refused: counter unreachable",
                extra={"action": "auth.throttle_unavailable", "error": str(exc)},
            )
            raise SignInUnavailable from None

    async def signed_in(self, email: str) -> None:
        """Forget the address's failures. Best effort: a miss only leaves them counted."""
        key = login_failures_key(email_digest(email))

        def forget(pipe: Pipeline) -> None:
            pipe.delete(key)

        try:
            await self.batcher.run(forget)
        except _UNCOUNTED as exc:
            logger.warning(
                "could not reset sign-in failures",
                extra={"action": "auth.throttle_reset_failed", "error": str(exc)},
            )

    async def failed(self, email: str) -> None:
        """Start a lock-out this failure earned from now. Best effort, like ``signed_in``."""
        key = login_failures_key(email_digest(email))
        try:
            await _FAILED.run(self.batcher, [key], [int(time.time() * 1000)])
        except _UNCOUNTED as exc:
            logger.warning(
                "could not restart a sign-in lock-out",
                extra={"action": "auth.throttle_restamp_failed", "error": str(exc)},
            )

    async def _begin(self, network: str, failures_key: str | None) -> None:
        now, window_now = time.time(), self.window_clock()
        minute = int(window_now // 60)
        keys = [login_network_key(network, minute)]
        if failures_key is not None:
            keys.append(failures_key)
        args = [
            int(now * 1000),
            self.limits.per_network_per_minute,
            self.limits.free_failures,
            self.limits.lockout * 1000,
            self.lockout_max * 1000,
            self.forget_after,
        ]
        try:
            outcome, wait_ms, lock_ms = await _BEGIN.run(self.batcher, keys, args)
        except _UNCOUNTED as exc:
            logger.warning(
                "sign-in refused: attempt counter unreachable",
                extra={"action": "auth.throttle_unavailable", "error": str(exc)},
            )
            raise SignInUnavailable from None
        if outcome == _NETWORK_REFUSED:
            retry_after = max(1, (minute + 1) * 60 - int(window_now))
            error = RateLimited(
                f"Too many sign-in attempts from your network; retry in {retry_after} seconds."
            )
            error.headers["Retry-After"] = str(retry_after)
            raise error
        if outcome == _LOCKED:
            raise SignInLocked(max(1, math.ceil(int(wait_ms) / 1000)), int(lock_ms) // 1000)
