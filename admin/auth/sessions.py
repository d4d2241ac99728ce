"""Dashboard sessions, kept server-side in Redis.

The browser holds only a random id (256 bits) in an HttpOnly cookie; Redis holds the
session under the SHA-256 of that id, so a copy of Redis gives no usable cookie. A
session ends when unused for ``idle`` seconds (each use pushes the key's expiry
back) or ``lifetime`` seconds after its sign-in, whichever comes first, and at
logout. Every session of a user is also listed in a set, so a password change or
reset can end all of them (but the one making the change) at once.

A session also carries the account's credentials version at its sign-in: the
session is refused once a password change, a reset or the address's confirmation has
raised it (admin/auth/service.py, ``session_principal``), even if it was missing from
the user's set.

Each session carries its own CSRF token (the synchronizer token every form posts
back) and one-time "flash" messages the next page shows: how the dashboard shows a
new API key's or webhook's secret once without putting it in a URL. Such a secret is
sealed (AES-256-GCM) under a key derived from the session id and the server's key:
Redis never holds the id (only its SHA-256), so a copy of Redis, even with the
server's key, does not give the secret; only the browser that holds the cookie does.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import secrets
import time
from collections.abc import Iterator
from typing import Literal

import msgspec
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from redis.asyncio import Redis

from admin.errors import ServiceUnavailable
from common.keys import web_session_key, web_sessions_of_key
from common.redis_store import RedisUnavailable, is_cluster, redis_outage

FlashKind = Literal["success", "secret", "error"]
_NONCE_BYTES = 12
_SEEN_EVERY = 60.0  # seconds between writes of a session's last_seen_at


class Flash(msgspec.Struct, frozen=True):
    """A message as kept in the session until shown."""

    kind: FlashKind
    text: str
    # A new secret (API key, webhook signing secret) to show once, sealed for the session
    # (``Sessions.seal``): nonce || ciphertext+tag.
    sealed: bytes | None = None


class ShownFlash(msgspec.Struct, frozen=True):
    """A message as the page shows it, its secret opened."""

    kind: FlashKind
    text: str
    secret: str | None = None


class WebSession(msgspec.Struct, frozen=True, kw_only=True):
    user_id: str
    csrf: str
    signed_in_at: float  # epoch seconds, for the absolute lifetime
    environment: Literal["live", "test"] = "live"
    flash: list[Flash] = msgspec.field(default_factory=list)
    # The account's credentials version when the session was signed in (or renewed by a
    # change made in it); 0 for sessions from before versions, every account's first.
    credentials_version: int = 0
    # The workspace the dashboard acts in (the switcher's choice); None: personal.
    workspace_id: str | None = None
    # Where and when, for the account page's list of sessions: the client's address and
    # user agent at sign-in, and the last request (kept to the minute).
    client_address: str = ""
    user_agent: str = ""
    last_seen_at: float = 0.0


class ListedSession(msgspec.Struct, frozen=True):
    """A live session as the account page lists it (``handle``: its key's digest)."""

    handle: str
    session: WebSession
    current: bool


def digest(session_id: str) -> str:
    return hashlib.sha256(session_id.encode()).hexdigest()


_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(WebSession)


@contextlib.contextmanager
def _store_reachable() -> Iterator[None]:
    """Redis unreachable, or the connection lost mid-command: 503, retry shortly."""
    try:
        with redis_outage():
            yield
    except RedisUnavailable as exc:
        error = ServiceUnavailable("Sessions are unavailable for a moment; retry shortly.")
        error.headers["Retry-After"] = "5"
        raise error from exc


class Sessions:
    def __init__(self, redis: Redis, idle: int, lifetime: int, server_key: bytes) -> None:
        self.redis = redis
        self._flash_root = hashlib.sha256(b"hop flash secrets v1\x00" + server_key).digest()
        # A session and its user's set of sessions are two slots on a Redis Cluster, where
        # no transaction spans slots: there the two writes go separately. A session
        # missing from the set still ends by its own expiry (docs/operations.md#redis).
        self._atomic = not is_cluster(redis)
        self.idle = idle
        self.lifetime = lifetime

    async def create(
        self,
        user_id: str,
        credentials_version: int,
        *,
        client_address: str = "",
        user_agent: str = "",
    ) -> tuple[str, WebSession]:
        """A new session (a new id: sign-in never reuses one) and its cookie value."""
        session_id = secrets.token_urlsafe(32)
        now = time.time()
        session = WebSession(
            user_id=user_id,
            csrf=secrets.token_urlsafe(32),
            signed_in_at=now,
            credentials_version=credentials_version,
            client_address=client_address[:64],
            user_agent=user_agent[:256],
            last_seen_at=now,
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
            now = time.time()
            if now - session.last_seen_at >= _SEEN_EVERY:  # one write a minute at most
                session = msgspec.structs.replace(session, last_seen_at=now)
                await self.redis.set(key, _encoder.encode(session), keepttl=True, xx=True)
        return session

    async def listing(self, user_id: str, current: str | None = None) -> list[ListedSession]:
        """The user's live sessions, newest sign-in first (``current``: this one's id)."""
        mine = digest(current) if current else None
        with _store_reachable():
            members = await self.redis.smembers(web_sessions_of_key(user_id))
            handles = sorted(m.decode() if isinstance(m, bytes) else str(m) for m in members)
            if not handles:
                return []
            async with self.redis.pipeline(transaction=False) as pipe:
                for handle in handles:
                    pipe.get(web_session_key(handle))
                raws = await pipe.execute()
        listed = []
        for handle, raw in zip(handles, raws, strict=True):
            if raw is None:
                continue
            try:
                session = _decoder.decode(raw)
            except msgspec.DecodeError:
                continue
            if session.user_id != user_id or session.signed_in_at + self.lifetime < time.time():
                continue
            listed.append(ListedSession(handle, session, handle == mine))
        listed.sort(key=lambda item: item.session.signed_in_at, reverse=True)
        return listed

    async def end_by_handle(self, user_id: str, handle: str) -> bool:
        """End one of the user's sessions by its listed handle; False: not theirs (or over)."""
        if len(handle) != 64:
            return False
        with _store_reachable():
            if not await self.redis.srem(web_sessions_of_key(user_id), handle):
                return False
            await self.redis.delete(web_session_key(handle))
        return True

    async def save(self, session_id: str, session: WebSession) -> None:
        """Store a changed session (flash, environment), keeping its expiry."""
        with _store_reachable():
            await self.redis.set(
                web_session_key(digest(session_id)), _encoder.encode(session), keepttl=True, xx=True
            )

    async def switch_workspace(
        self, session_id: str, session: WebSession, workspace_id: str | None
    ) -> WebSession:
        """The session, now acting in ``workspace_id`` (None: the person's personal one),
        stored; the workspace switcher's and an accepted invitation's change. Whether the
        person is a member is the caller's to check: the session's principal falls back
        to the personal workspace anyway once they are not (AuthService.session_principal)."""
        switched = msgspec.structs.replace(session, workspace_id=workspace_id)
        await self.save(session_id, switched)
        return switched

    def _flash_key(self, session_id: str) -> AESGCM:
        return AESGCM(hmac.digest(self._flash_root, session_id.encode(), "sha256"))

    def seal(self, session_id: str, secret: str) -> bytes:
        """``secret`` sealed for the session ``session_id`` (a random nonce per secret:
        a session seals a handful at most)."""
        nonce = secrets.token_bytes(_NONCE_BYTES)
        return nonce + self._flash_key(session_id).encrypt(nonce, secret.encode(), None)

    def open(self, session_id: str, sealed: bytes) -> str | None:
        """The sealed secret (None: sealed for another session or under another key)."""
        nonce, ciphertext = sealed[:_NONCE_BYTES], sealed[_NONCE_BYTES:]
        try:
            return self._flash_key(session_id).decrypt(nonce, ciphertext, None).decode()
        except (InvalidTag, ValueError):
            return None

    async def end(self, session_id: str, user_id: str) -> None:
        key = digest(session_id)
        with _store_reachable():
            async with self.redis.pipeline(transaction=self._atomic) as pipe:
                pipe.delete(web_session_key(key))
                pipe.srem(web_sessions_of_key(user_id), key)
                await pipe.execute()

    async def end_all(self, user_id: str, keep: str | None = None) -> int:
        """End every session of the user but ``keep`` (a session id); how many ended."""
        return await end_user_sessions(self.redis, user_id, keep)


async def end_user_sessions(redis: Redis, user_id: str, keep: str | None = None) -> int:
    """End every dashboard session of the user but ``keep`` (a session id); how many
    ended. Needs only Redis: the API ends them too (an account's deletion)."""
    kept = digest(keep) if keep else None
    with _store_reachable():
        members = await redis.smembers(web_sessions_of_key(user_id))
        names = [m.decode() if isinstance(m, bytes) else str(m) for m in members]
        ended = [name for name in names if name != kept]
        if ended:
            # One transaction where the two keys may share one (not on a cluster).
            async with redis.pipeline(transaction=not is_cluster(redis)) as pipe:
                pipe.delete(*(web_session_key(key) for key in ended))
                pipe.srem(web_sessions_of_key(user_id), *ended)
                await pipe.execute()
    return len(ended)
