"""``Idempotency-Key`` for POST requests, stored in PostgreSQL per account.

The first request with a key runs and its response (status, body, a few
headers) is kept for ``HOP_IDEMPOTENCY_TTL``; a retry with the same key and the
same method, path and body gets that response again with
``Idempotent-Replayed: true``. The same key with a different request is 422; a
retry while the first is still running is 409. 5xx answers are not kept, so a
retry after a server fault runs again. PostgreSQL rather than Redis holds the
keys because Redis is a cache here: a flushed Redis must not let a retry create
a second link.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from psycopg.types.json import Jsonb

from admin.asgi import ASGIApp, Message, Receive, Scope, Send
from admin.auth.principal import Principal
from admin.db import Database, load_queries
from admin.errors import FieldError, HopError, IdempotencyInProgress, ValidationFailed
from admin.gate import principal_of
from admin.problems import send_problem

_SQL = load_queries(__file__, "idempotency.sql")
_KEY = re.compile(r"[\x21-\x7e]{1,255}")
_KEPT_HEADERS = (b"content-type", b"location")
_ABANDONED_AFTER_SECONDS = 60
# POSTs that change nothing and may answer far more than is worth keeping: the
# export streams an account's whole history, so a key is simply ignored there.
_READ_ONLY_POSTS = frozenset({"/v1/users/me/export", "/v1/users/me/export/"})


class IdempotencyStore:
    def __init__(self, db: Database, ttl_seconds: int) -> None:
        self.db = db
        self.ttl = ttl_seconds

    async def begin(
        self, principal: Principal, key: str, request_hash: bytes
    ) -> tuple[int, dict[str, str], bytes] | None:
        """None if this request should run now; else the stored response to replay."""
        params = {
            "user_id": principal.user_id,
            "environment": principal.environment,
            "key": key,
            "request_hash": request_hash,
            "ttl": self.ttl,
            "abandoned": _ABANDONED_AFTER_SECONDS,
        }
        async with self.db.connection() as conn:
            if await (await conn.execute(_SQL["claim_key"], params)).fetchone():
                return None
            row = await (await conn.execute(_SQL["stored_response"], params)).fetchone()
        if row is None:  # expired and purged between the two statements: claim again
            return await self.begin(principal, key, request_hash)
        stored_hash, status, headers, body = row
        if bytes(stored_hash) != request_hash:
            raise ValidationFailed(
                "This Idempotency-Key was already used with a different request.",
                [FieldError("Idempotency-Key", "reused with a different request")],
            )
        if status is None:
            raise IdempotencyInProgress(
                "A request with this Idempotency-Key is still being processed; retry shortly."
            )
        return status, dict(headers or {}), bytes(body)

    async def finish(
        self, principal: Principal, key: str, status: int, headers: dict[str, str], body: bytes
    ) -> None:
        async with self.db.connection() as conn:
            await conn.execute(
                _SQL["store_response"],
                {
                    "user_id": principal.user_id,
                    "environment": principal.environment,
                    "key": key,
                    "status": status,
                    "headers": Jsonb(headers),
                    "body": body,
                },
            )

    async def release(self, principal: Principal, key: str) -> None:
        async with self.db.connection() as conn:
            await conn.execute(
                _SQL["release_key"],
                {"user_id": principal.user_id, "environment": principal.environment, "key": key},
            )


async def _read_body(receive: Receive) -> bytes:
    chunks = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def _replaying(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


class Idempotency:
    def __init__(self, app: ASGIApp, store: IdempotencyStore) -> None:
        self.app = app
        self.store = store

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        principal = principal_of(scope) if scope["type"] == "http" else None
        key = None
        if (
            principal is not None
            and scope["method"] == "POST"
            and scope["path"] not in _READ_ONLY_POSTS
        ):
            key = next(
                (v.decode("latin-1") for n, v in scope["headers"] if n == b"idempotency-key"), None
            )
        if key is None or principal is None:
            await self.app(scope, receive, send)
            return
        try:
            await self._run(principal, key, scope, receive, send)
        except HopError as exc:
            await send_problem(send, exc)

    async def _run(
        self, principal: Principal, key: str, scope: Scope, receive: Receive, send: Send
    ) -> None:
        if not _KEY.fullmatch(key):
            raise ValidationFailed(
                "The Idempotency-Key header must be 1-255 visible ASCII characters.",
                [FieldError("Idempotency-Key", "malformed")],
            )
        body = await _read_body(receive)
        digest = hashlib.sha256()
        for part in (scope["method"], scope["path"], scope.get("query_string", b"")):
            digest.update(part if isinstance(part, bytes) else part.encode())
            digest.update(b"\0")
        digest.update(body)
        stored = await self.store.begin(principal, key, digest.digest())
        if stored is not None:
            status, headers, response_body = stored
            await _send_replay(send, status, headers, response_body)
            return

        captured: dict[str, Any] = {"status": 500, "headers": {}, "body": []}

        async def capture(message: Message) -> None:
            if message["type"] == "http.response.start":
                captured["status"] = message["status"]
                captured["headers"] = {
                    name.decode(): value.decode("latin-1")
                    for name, value in message.get("headers", ())
                    if name.lower() in _KEPT_HEADERS
                }
            elif message["type"] == "http.response.body":
                captured["body"].append(message.get("body", b""))
            await send(message)

        try:
            await self.app(scope, _replaying(body, receive), capture)
        except BaseException:
            await self.store.release(principal, key)
            raise
        if captured["status"] >= 500:
            await self.store.release(principal, key)
        else:
            await self.store.finish(
                principal, key, captured["status"], captured["headers"], b"".join(captured["body"])
            )


async def _send_replay(send: Send, status: int, headers: dict[str, str], body: bytes) -> None:
    raw = [(name.encode(), value.encode("latin-1")) for name, value in headers.items()]
    raw.append((b"idempotent-replayed", b"true"))
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": body})
