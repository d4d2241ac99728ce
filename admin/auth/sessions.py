"""Dashboard sessions, kept server-side in Redis.

The browser holds only a random id (256 bits) in an HttpOnly cookie; Redis holds the
session under the SHA-256 of that id, so a copy of Redis gives no usable cookie. A
session ends when unused for ``idle`` seconds (each use pushes the key's expiry
back) or ``lifetime`` seconds after its sign-in, whichever comes first, and at
logout. Every session of a user is also listed in a set, so a password change or
reset can end all of them (but the one making the change) at once.

Each session carries its own CSRF token (the synchronizer token every form posts
back) and a one-time "flash" message the next page shows: how the dashboard
shows a new API key's secret once without putting it in a URL.
"""

from __future__ import annotations

import contextlib
import hashlib
import secrets
import time
from collections.abc import Iterator
from typing import Literal

import msgspec
from redis.asyncio import Redis

from admin.errors import ServiceUnavailable
from common.keys import web_session_key, web_sessions_of_key
from common.redis_store import is_cluster, redis_down


class Flash(msgspec.Struct, frozen=True):
    kind: Literal["success", "secret", "error"]
    text: str
    secret: str | None = None  # a new API key, shown once


class WebSession(msgspec.Struct, frozen=True, kw_only=True):
    user_id: str
    csrf: str
    signed_in_at: float  # epoch seconds, for the absolute lifetime
    environment: Literal["live", "test"] = "live"
    flash: list[Flash] = msgspec.field(default_factory=list)


def digest(session_id: str) -> str:
    return hashlib.sha256(session_id.encode()).hexdigest()


_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(WebSession)


@contextlib.contextmanager
def _store_reachable() -> Iterator[None]:
    """Redis unreachable, or the connection lost mid-command: 503, retry shortly."""
    try:
        yield
    except Exception as exc:
        if not redis_down(exc):
            raise
        error = ServiceUnavailable("Sessions are unavailable for a moment; retry shortly.")
        error.headers["Retry-After"] = "5"
        raise error from exc


class Sessions:
    def __init__(self, redis: Redis, idle: int, lifetime: int) -> None:
        self.redis = redis
        # A session and its user's set of sessions are two slots on a Redis Cluster, where
        # no transaction spans slots: there the two writes go separately. A session
        # missing from the set still ends by its own expiry (docs/operations.md#redis).
        self._atomic = not is_cluster(redis)
        self.idle = idle
        self.lifetime = lifetime

    async def create(self, user_id: str) -> tuple[str, WebSession]:
        """A new session (a new id: sign-in never reuses one) and its cookie value."""
        session_id = secrets.token_urlsafe(32)
        session = WebSession(
            user_id=user_id, csrf=secrets.token_urlsafe(32), signed_in_at=time.time()
        )
        key = digest(session_id)
        with _store_reachable():
            async with self.redis.pipeline(transaction=self._atomic) as pipe:
                pipe.set(web_session_key(key), _encoder.encode(session), ex=self.idle)
                pipe.sadd(web_sessions_of_key(user_id), key)
                pipe.expire(web_sessions_of_key(user_id), self.lifetime)
                await pipe.execute()
        return session_id, session

    async def load(self, session_id: str) -> WebSession | None:
        """The live session with this id (its idle time restarts), or None."""
        if not session_id or len(session_id) > 128:
            return None
        key = web_session_key(digest(session_id))
        with _store_reachable():
            raw = await self.redis.getex(key, ex=self.idle)
            if raw is None:
                return None
            try:
                session = _decoder.decode(raw)
            except msgspec.DecodeError:
                return None
            left = session.signed_in_at + self.lifetime - time.time()
            if left <= 0:
                await self.redis.delete(key)
                return None
            if left < self.idle:
                await self.redis.expire(key, int(left) + 1)
        return session

    async def save(self, session_id: str, session: WebSession) -> None:
        """Store a changed session (flash, environment), keeping its expiry."""
        with _store_reachable():
            await self.redis.set(
                web_session_key(digest(session_id)), _encoder.encode(session), keepttl=True, xx=True
            )

    async def end(self, session_id: str, user_id: str) -> None:
        key = digest(session_id)
        with _store_reachable():
            async with self.redis.pipeline(transaction=self._atomic) as pipe:
                pipe.delete(web_session_key(key))
                pipe.srem(web_sessions_of_key(user_id), key)
                await pipe.execute()

    async def end_all(self, user_id: str, keep: str | None = None) -> int:
        """End every session of the user but ``keep`` (a session id); how many ended."""
        kept = digest(keep) if keep else None
        with _store_reachable():
            members = await self.redis.smembers(web_sessions_of_key(user_id))
            names = [m.decode() if isinstance(m, bytes) else str(m) for m in members]
            ended = [name for name in names if name != kept]
            if ended:
                async with self.redis.pipeline(transaction=self._atomic) as pipe:
                    pipe.delete(*(web_session_key(key) for key in ended))
                    pipe.srem(web_sessions_of_key(user_id), *ended)
                    await pipe.execute()
        return len(ended)
