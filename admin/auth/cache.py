"""Resolved credentials, kept in-process so most requests skip the database.

API keys map (by hash) to a Principal, users (for JWT sessions) to their plan
limits. Entries live ``ttl`` seconds at most, and any change is announced on
``AUTH_CHANGES_CHANNEL`` (a revoked key, a changed plan) so every admin process
drops it at once. While that channel is down the cache is not trusted: every
lookup goes to PostgreSQL until the subscription is back.

Refused API keys (unknown or revoked) are remembered too, for
``_REFUSAL_TTL`` seconds, so a client repeating a bad key costs no query. That
memory stays trusted while the channel is down: an unknown key cannot become
valid (keys are 256 random bits, created only with their hash) and a revoked
key is never restored.

So are the keys that resolved to an account lately (``vouched``), whatever the
channel does: not to skip their lookup (they may have been revoked since) but so
that their lookups never wait on the client network's anonymous bucket, which
every client behind one address shares and made-up keys spend.
"""

from __future__ import annotations

import time
import weakref
from typing import Any

from redis.asyncio import Redis

from common.channels import Subscription, publish
from common.keys import AUTH_CHANGES_CHANNEL
from common.redis_store import RedisUnavailable, redis_outage

_MAX_ENTRIES = 100_000
_MAX_REFUSALS = 10_000
_REFUSAL_TTL = 30.0
_MAX_VOUCHED = 100_000
_VOUCHED_TTL = 86_400.0

# This process's caches. The process that makes a change forgets its own entries before
# it answers, so its next request cannot beat its own announcement back over Redis.
_LOCAL: weakref.WeakSet[AuthCache] = weakref.WeakSet()


class AuthCache:
    def __init__(self, ttl_seconds: float) -> None:
        self.ttl = ttl_seconds
        self._entries: dict[Any, tuple[float, Any]] = {}
        self._refusals: dict[bytes, tuple[float, str]] = {}
        self._vouched: dict[bytes, float] = {}
        self.subscription: Subscription | None = None
        _LOCAL.add(self)

    def listen(self, redis: Redis) -> Subscription:
        self.subscription = Subscription(
            redis, AUTH_CHANGES_CHANNEL, on_message=self._apply, on_resync=self._clear
        )
        return self.subscription

    def refusal(self, key_hash: bytes) -> str | None:
        """Why this API key was refused lately, or None."""
        item = self._refusals.get(key_hash)
        if item is None or item[0] < time.monotonic():
            return None
        return item[1]

    def refuse(self, key_hash: bytes, reason: str) -> None:
        self._vouched.pop(key_hash, None)
        if len(self._refusals) >= _MAX_REFUSALS:
            self._refusals.clear()
        self._refusals[key_hash] = (time.monotonic() + _REFUSAL_TTL, reason)

    def vouched(self, key_hash: bytes) -> bool:
        """Whether this API key resolved to an account lately (it may be revoked now)."""
        until = self._vouched.get(key_hash)
        return until is not None and until >= time.monotonic()

    def vouch(self, key_hash: bytes) -> None:
        if len(self._vouched) >= _MAX_VOUCHED:
            self._vouched.clear()
        self._vouched[key_hash] = time.monotonic() + _VOUCHED_TTL

    def get(self, key: Any) -> Any | None:
        if self.subscription is None or not self.subscription.connected.is_set():
            return None
        item = self._entries.get(key)
        if item is None or item[0] < time.monotonic():
            return None
        return item[1]

    def put(self, key: Any, value: Any, generation: int) -> None:
        """Cache ``value`` unless a change was announced since the lookup began."""
        subscription = self.subscription
        if subscription is None or generation != subscription.generation:
            return
        if len(self._entries) >= _MAX_ENTRIES:
            self._entries.clear()
        self._entries[key] = (time.monotonic() + self.ttl, value)

    @property
    def generation(self) -> int:
        return -1 if self.subscription is None else self.subscription.generation

    def _apply(self, data: bytes) -> None:
        # Changes are rare: dropping everything is simpler than tracking owners.
        self._clear()

    def _clear(self) -> None:
        self._entries.clear()
        self._refusals.clear()


async def announce_auth_change(redis: Redis, what: str) -> bool:
    """Tell every admin process to forget cached credentials; False if Redis is down.

    This process forgets its own at once, whatever Redis does."""
    for cache in list(_LOCAL):
        cache._clear()
    try:
        with redis_outage():
            await publish(redis, AUTH_CHANGES_CHANNEL, what)
    except RedisUnavailable:
        return False
    return True
