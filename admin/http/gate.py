"""The admin's front door: authenticate, count against the rate limit, stamp headers.

It wraps the whole Litestar app so that every response, including errors and
unknown routes, carries ``X-RateLimit-*`` (but those of ``UNGATED_PATHS``). It only
*resolves* the caller; the route's guard decides whether a missing or bad credential
matters (public routes such as login do not care). Callers without a valid credential are
limited per client network (an IPv4 address, an IPv6 /64).

An API key this process does not hold in memory costs a PostgreSQL query. A key
that resolves to an account is limited by its account's limits alone, however
often it is looked up (while the credential cache's change channel is down, every
request with it is a lookup). A lookup that finds nothing leaves the request
without a principal, so it is charged to the client network's anonymous bucket
like any anonymous request; and a key never seen to resolve is not looked up at
all once that bucket is spent (429): a flood of made-up keys is refused at the
anonymous rate, not passed to the database.

``HOP_MAX_BODY_BYTES`` is enforced here, once for every body reader behind it
(the idempotency middleware, Litestar's request parsing): a declared
``Content-Length`` over the limit is refused before anything is read, and
``receive`` counts the bytes as they arrive (chunked bodies declare no length),
raising ``PayloadTooLarge`` the moment the count passes the limit. Nobody ever
holds more than the limit plus one chunk.

Outside ``/v1`` is the web dashboard: there the caller is the session a cookie names
(a ``SessionDoor``, admin/web/door.py) instead of an ``Authorization`` header, and a
signed-in person's requests are counted in a bucket of their own per workspace
(``page:<workspace>:<user>``, HOP_LIMIT_DASHBOARD_PER_MINUTE), apart from the API's
``ws:<workspace>`` quota: a script spending that cannot lock its owner out of the
dashboard, and page views spend none of it. Refusals are pages. Its static files
(``UNGATED_PREFIXES``) pass like ``/health``. Which side a request is on is decided
on the path the router will route (``routed_path``), never the raw one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from admin.audit import set_origin
from admin.auth import AuthService, Principal
from admin.errors import (
    BadRequest,
    HopError,
    PayloadTooLarge,
    RateLimited,
    ServiceUnavailable,
    Unauthorized,
)
from admin.http.asgi import ASGIApp, Message, Receive, Scope, Send
from admin.http.problems import send_problem
from admin.http.ratelimit import Decision, RateLimiter
from admin.wording import size
from common.clientip import TrustedProxies, client_network

PRINCIPAL = "hop.principal"
AUTH_ERROR = "hop.auth_error"
# Load balancers probe /health; it must not depend on Redis or PostgreSQL. The TLS
# proxy's ask (docs/operations.md#custom-domains) is public, reads no credential and costs
# one Redis set lookup, no more than counting it would: in no bucket, for a bucket of any
# size shared with the proxy's address lets a flood of made-up SNI names spend it and
# refuse real customers' certificates.
DOMAIN_CHECK_PATH = "/v1/domains/check"
UNGATED_PATHS = frozenset({"/health", "/health/ready", DOMAIN_CHECK_PATH})
# The same bytes for everyone, cached by browsers for a year (admin/web/assets.py).
UNGATED_PREFIXES = ("/static/",)
API_PREFIX = "/v1"


def is_api_path(path: str) -> bool:
    """Whether a routed path (``routed_path``) is the API's."""
    return path == API_PREFIX or path.startswith(API_PREFIX + "/")


def routed_path(path: str) -> str | None:
    """The path as the router will route it, or None for one with a dot segment.

    Litestar drops empty segments (``//v1/links`` runs the ``/v1/links`` handler, and
    the server has already decoded ``%2F`` into a slash), so the gate must classify
    that form, not the raw one: else ``//v1`` would be a dashboard path whose handler
    is the API's, reached with the session cookie. ``.`` and ``..`` segments (``%2E``
    decoded too) are left as they are by the router, resolved by some proxies and
    sent by no browser: refused, rather than guessed at."""
    segments = [segment for segment in path.split("/") if segment]
    if any(segment in (".", "..") for segment in segments):
        return None
    return "/" + "/".join(segments)


class SessionDoor(Protocol):
    """How the gate learns a dashboard request's principal and answers its refusals."""

    async def authenticate(self, scope: Scope) -> Principal | None: ...

    async def refuse(self, send: Send, error: HopError) -> None: ...


def principal_of(scope: Mapping[str, Any]) -> Principal | None:
    principal: Principal | None = scope.get(PRINCIPAL)
    return principal


def auth_error_of(scope: Mapping[str, Any]) -> Unauthorized | None:
    error: Unauthorized | None = scope.get(AUTH_ERROR)
    return error


def _peer_and_forwarded(scope: Mapping[str, Any]) -> tuple[str, str | None]:
    peer = str((scope.get("client") or ("unknown", 0))[0])
    forwarded = next(
        (value.decode("latin-1") for name, value in scope["headers"] if name == b"x-forwarded-for"),
        None,
    )
    return peer, forwarded


def client_address(scope: Mapping[str, Any], trusted: TrustedProxies) -> str:
    """The client's address: the peer, or what trusted proxies say in X-Forwarded-For."""
    return trusted.client_ip(*_peer_and_forwarded(scope))


class _LookupRefused(Exception):
    """The client network is over its anonymous limit: do not look the key up."""


def _header(scope: Scope, name: bytes) -> str | None:
    return next((value.decode("latin-1") for key, value in scope["headers"] if key == name), None)


def _has_nul(scope: Scope) -> bool:
    """PostgreSQL text cannot hold NUL; refuse it in the path or query before any handler."""
    query: bytes = scope.get("query_string", b"")
    return "\x00" in scope["path"] or b"%00" in query or b"\x00" in query


def _declared_length(scope: Scope) -> int | None:
    for name, value in scope["headers"]:
        if name == b"content-length":
            # The server's HTTP parser has already refused a malformed or repeated one.
            return int(value) if value.isdigit() else None
    return None


def _too_large(limit: int) -> PayloadTooLarge:
    return PayloadTooLarge(f"The request body must not exceed {size(limit)}.")


def _bounded(receive: Receive, limit: int) -> Receive:
    """``receive`` that raises PayloadTooLarge once more than ``limit`` body bytes came."""
    seen = 0

    async def bounded_receive() -> Message:
        nonlocal seen
        message = await receive()
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
            if seen > limit:
                raise _too_large(limit)
        return message

    return bounded_receive


class Gate:
    def __init__(
        self,
        app: ASGIApp,
        auth: AuthService,
        limiter: RateLimiter,
        anonymous_per_minute: int,
        trusted_proxies: Sequence[str],
        *,
        max_body_bytes: int,
        web: SessionDoor | None = None,
        dashboard_per_minute: int = 120,
    ) -> None:
        self.app = app
        self.web = web
        self.dashboard_per_minute = dashboard_per_minute
        self.max_body_bytes = max_body_bytes
        self.auth = auth
        self.limiter = limiter
        self.anonymous_per_minute = anonymous_per_minute
        self.trusted = TrustedProxies(trusted_proxies)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = routed_path(scope.get("path", ""))
        if path is not None and (path in UNGATED_PATHS or path.startswith(UNGATED_PREFIXES)):
            await self.app(scope, receive, send)
            return
        web = None if self.web is None or path is None or is_api_path(path) else self.web
        set_origin(lambda: (client_address(scope, self.trusted), _header(scope, b"user-agent")))
        anonymous, failure = await self._resolve(scope, path, web)
        principal = principal_of(scope)
        if principal is not None and web is not None:
            # A dashboard request: its own bucket per person and workspace, apart from
            # the API's quota, so a script spending that cannot lock the owner out.
            decision = await self.limiter.hit(
                f"page:{principal.workspace_id}:{principal.user_id}",
                self.dashboard_per_minute,
                None,
            )
        elif principal is not None:
            decision = await self.limiter.hit(
                f"ws:{principal.workspace_id}",
                principal.limit_per_minute,
                principal.limit_per_month,
            )
        else:
            decision = anonymous or await self._hit_anonymous(scope)
        extra = decision.headers()
        started = False

        async def send_with_limits(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message["headers"] = [*message.get("headers", ()), *extra]
            await send(message)

        if decision.blocked:
            failure = RateLimited(f"Rate limit exceeded; retry in {decision.retry_after} seconds.")
        elif failure is None and _has_nul(scope):
            failure = BadRequest("The URL must not contain NUL characters.")
        elif failure is None and (_declared_length(scope) or 0) > self.max_body_bytes:
            failure = _too_large(self.max_body_bytes)
        if failure is not None:
            refuse = send_problem if web is None else web.refuse
            await refuse(send_with_limits, failure)
            return
        try:
            await self.app(scope, _bounded(receive, self.max_body_bytes), send_with_limits)
        except PayloadTooLarge as exc:
            # Litestar answers it as a problem; this is for a reader outside its handlers.
            if started:
                raise
            await send_problem(send_with_limits, exc)

    async def _resolve(
        self, scope: Scope, path: str | None, web: SessionDoor | None
    ) -> tuple[Decision | None, HopError | None]:
        """The caller, by the door its routed path names: an API credential for ``/v1``,
        the session cookie elsewhere, nobody for a path that will be refused."""
        if path is None:
            scope[PRINCIPAL] = None
            return None, BadRequest("The path must not hold '.' or '..' segments.")
        if web is None:
            return await self._authenticate(scope)
        return await self._authenticate_session(scope, web)

    async def _authenticate(self, scope: Scope) -> tuple[Decision | None, HopError | None]:
        """Put the principal (or why there is none) in ``scope``.

        Returns the anonymous decision if a key lookup was counted, and the
        error to answer with if authentication could not be completed.
        """
        authorization = next(
            (
                value.decode("latin-1")
                for name, value in scope["headers"]
                if name == b"authorization"
            ),
            None,
        )
        anonymous: Decision | None = None

        async def allow_lookup() -> None:
            nonlocal anonymous
            decision = await self.limiter.peek(
                self._anonymous_bucket(scope), self.anonymous_per_minute
            )
            if decision.blocked:
                anonymous = decision
                raise _LookupRefused

        scope[PRINCIPAL] = None
        failure: HopError | None = None
        try:
            scope[PRINCIPAL] = await self.auth.authenticate(authorization, allow_lookup)
        except Unauthorized as exc:
            scope[AUTH_ERROR] = exc
        except _LookupRefused:
            pass  # the anonymous decision is a refusal, answered by the caller
        except ServiceUnavailable as exc:
            failure = exc
        return anonymous, failure

    async def _authenticate_session(
        self, scope: Scope, web: SessionDoor
    ) -> tuple[Decision | None, HopError | None]:
        scope[PRINCIPAL] = None
        try:
            scope[PRINCIPAL] = await web.authenticate(scope)
        except ServiceUnavailable as exc:
            return None, exc
        return None, None

    def _anonymous_bucket(self, scope: Scope) -> str:
        return f"ip:{client_network(client_address(scope, self.trusted))}"

    async def _hit_anonymous(self, scope: Scope) -> Decision:
        return await self.limiter.hit(
            self._anonymous_bucket(scope), self.anonymous_per_minute, None
        )
