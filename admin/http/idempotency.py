"""``Idempotency-Key`` for POST and PUT requests, stored in PostgreSQL per account.

The first request with a key runs and its response (status, body, a few
headers) is kept for ``HOP_IDEMPOTENCY_TTL``; a retry with the same key and the
same method, path and body gets that response again with
``Idempotent-Replayed: true``. The same key with a different request is 422; a
retry while the first is still running is 409. 5xx answers are not kept, so a
retry after a server fault runs again. PostgreSQL rather than Redis holds the
keys because Redis is a cache here: a flushed Redis must not let a retry create
a second link. PUT is kept too (PUT /v1/links/upsert, PUT /v1/bio): a retry then gets
the first answer again, 201 and its Location included, rather than a 200 for the link
the first one made.

This is a Litestar middleware, so it runs after routing: before it claims a key
or replays an answer, it runs the route's own guards (``require_scope``), so a
replay is authorised exactly like the request it stands for. A handler opts out
with ``opt={"idempotency": False}`` (the export: read-only, and far too large to
keep). Stored bodies are sealed (AES-256-GCM, ``SecretBox.seal_record``): they
may carry a webhook signing secret or session tokens.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
from collections.abc import Callable
from typing import Any, cast

from litestar.connection import ASGIConnection
from litestar.handlers.base import BaseRouteHandler
from litestar.types import ASGIApp as LitestarApp
from litestar.types import HTTPScope

from admin.api.operations import OPT_OUT
from admin.auth import Principal
from admin.db import Database
from admin.errors import (
    FieldError,
    HopError,
    IdempotencyInProgress,
    ServiceUnavailable,
    ValidationFailed,
)
from admin.http import idempotency_repository as repo
from admin.http.asgi import ASGIApp, Message, Receive, Scope, Send
from admin.http.gate import principal_of
from admin.secretbox import RECORD_VERSION, SecretBox, SecretUnreadable

_KEY = re.compile(r"[\x21-\x7e]{1,255}")
_KEPT_HEADERS = (b"content-type", b"location")
_KEYED_METHODS = ("POST", "PUT")
_ABANDONED_AFTER_SECONDS = 60
# Looks at an in-flight key before answering 409: about 0.15 s in all.
_IN_FLIGHT_PAUSES = (0.01, 0.02, 0.04, 0.08)

logger = logging.getLogger(__name__)

Stored = tuple[int, dict[str, str], bytes]


class IdempotencyStore:
    def __init__(self, db: Database, box: SecretBox, ttl_seconds: int) -> None:
        self.db = db
        self.box = box
        self.ttl = ttl_seconds

    async def begin(self, principal: Principal, key: str, request_hash: bytes) -> Stored | None:
        """None if this request should run now; else the stored response to replay."""
        claim = repo.KeyClaim(
            workspace_id=principal.workspace_id,
            environment=principal.environment,
            key=key,
            request_hash=request_hash,
            ttl=self.ttl,
            abandoned=_ABANDONED_AFTER_SECONDS,
        )
        async with self.db.connection() as conn:
            if await repo.claim_key(conn, claim):
                return None
            row = await repo.stored_response(conn, claim)
        pauses = iter(_IN_FLIGHT_PAUSES)
        while True:
            if row is None:  # expired, or the first failed and let go: claim again
                return await self.begin(principal, key, request_hash)
            if row.request_hash != request_hash:
                raise ValidationFailed(
                    "This Idempotency-Key was already used with a different request.",
                    [FieldError("Idempotency-Key", "reused with a different request")],
                )
            if row.status is not None:
                return row.status, row.headers, self._open(principal, key, row.body)
            # The first request may have answered already and be writing its record (it
            # sends the answer first, so recording costs it no latency): look again
            # briefly before calling it in progress.
            if (pause := next(pauses, None)) is None:
                raise IdempotencyInProgress(
                    "A request with this Idempotency-Key is still being processed; retry shortly."
                )
            await asyncio.sleep(pause)
            async with self.db.connection() as conn:
                row = await repo.stored_response(conn, claim)

    async def finish(
        self, principal: Principal, key: str, status: int, headers: dict[str, str], body: bytes
    ) -> None:
        sealed = self.box.seal_record(body, _context(principal, key))
        async with self.db.connection() as conn:
            await repo.store_response(
                conn, principal, key, status=status, headers=headers, sealed_body=sealed
            )

    async def release(self, principal: Principal, key: str) -> None:
        async with self.db.connection() as conn:
            await repo.release_key(conn, principal, key)

    def _open(self, principal: Principal, key: str, body: bytes) -> bytes:
        # Rows written before bodies were sealed hold the JSON itself (never starting
        # with the record version byte); they are replayed as they are until they expire.
        if body[:1] != RECORD_VERSION:
            return body
        try:
            return self.box.open_record(body, _context(principal, key))
        except SecretUnreadable:
            logger.error(
                "stored idempotent response does not decrypt (HOP_WEBHOOK_SECRET_KEY changed?)",
                extra={"action": "idempotency.unreadable", "workspace_id": principal.workspace_id},
            )
            raise HopError("The stored response for this Idempotency-Key is unreadable.") from None


async def purge_expired_keys(db: Database, ttl: int) -> int:
    """Delete records older than ``ttl`` seconds (housekeeping); how many went."""
    async with db.connection() as conn:
        return await repo.purge_expired(conn, ttl)


def _context(principal: Principal, key: str) -> bytes:
    """Associated data: a sealed body only opens on the row it was written for."""
    return "\0".join(("idempotency", principal.workspace_id, principal.environment, key)).encode()


async def _read_body(receive: Receive) -> bytes:
    # The gate bounds what receive() hands out, so this holds HOP_MAX_BODY_BYTES at most.
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


def _request_hash(scope: Scope, body: bytes) -> bytes:
    digest = hashlib.sha256()
    for part in (scope["method"], scope["path"], scope.get("query_string", b"")):
        digest.update(part if isinstance(part, bytes) else part.encode())
        digest.update(b"\0")
    digest.update(body)
    return digest.digest()


def idempotency(store: IdempotencyStore) -> Callable[[LitestarApp], LitestarApp]:
    """The middleware for ``Litestar(middleware=[...])``."""

    def wrap(app: LitestarApp) -> LitestarApp:
        # Our plain-mapping ASGI types (admin/http/asgi.py) against Litestar's TypedDicts.
        return cast("LitestarApp", Idempotency(app, store))

    return wrap


class Idempotency:
    def __init__(self, app: ASGIApp, store: IdempotencyStore) -> None:
        self.app = app
        self.store = store

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        principal = principal_of(scope) if scope["type"] == "http" else None
        key = None
        if principal is not None and scope["method"] in _KEYED_METHODS:
            key = next(
                (v.decode("latin-1") for n, v in scope["headers"] if n == b"idempotency-key"), None
            )
        handler: BaseRouteHandler | None = scope.get("route_handler")
        if (
            key is None
            or principal is None
            or handler is None
            or not handler.opt.get(OPT_OUT, True)
        ):
            await self.app(scope, receive, send)
            return
        # The route's own guards (require_scope), before anything is claimed or replayed:
        # a replay must not hand a links:write answer to a links:read key. Errors raised
        # here are answered as problems by Litestar's exception handlers. Called directly
        # rather than through authorize_connection, which copies the handler per guard
        # (10 us); ours read it only.
        connection = ASGIConnection[Any, Any, Any, Any](cast("HTTPScope", scope))
        for guard in handler.resolve_guards():
            if (outcome := guard(connection, handler)) is not None:  # resolved guards are async
                await outcome
        if not _KEY.fullmatch(key):
            raise ValidationFailed(
                "The Idempotency-Key header must be 1-255 visible ASCII characters.",
                [FieldError("Idempotency-Key", "malformed")],
            )
        body = await _read_body(receive)
        stored = await self.store.begin(principal, key, _request_hash(scope, body))
        if stored is not None:
            await _send_replay(send, *stored)
            return
        await self._run_first(principal, key, scope, _replaying(body, receive), send)

    async def _run_first(
        self, principal: Principal, key: str, scope: Scope, receive: Receive, send: Send
    ) -> None:
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
            await self.app(scope, receive, capture)
        except BaseException:
            await self.store.release(principal, key)
            raise
        await self._record(principal, key, captured)

    async def _record(self, principal: Principal, key: str, captured: dict[str, Any]) -> None:
        try:
            if captured["status"] >= 500:
                await self.store.release(principal, key)
            else:
                body = b"".join(captured["body"])
                await self.store.finish(
                    principal, key, captured["status"], captured["headers"], body
                )
        except ServiceUnavailable:
            # The answer is already sent; the key stays claimed and frees itself after
            # _ABANDONED_AFTER_SECONDS, so a retry then runs the request again.
            logger.warning(
                "could not record an idempotent response",
                extra={"action": "idempotency.unrecorded", "workspace_id": principal.workspace_id},
            )


async def _send_replay(send: Send, status: int, headers: dict[str, str], body: bytes) -> None:
    raw = [(name.encode(), value.encode("latin-1")) for name, value in headers.items()]
    raw.append((b"idempotent-replayed", b"true"))
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": body})
