"""The edge: ``GET|HEAD <short_base_url>/<code>`` → redirect, in well under a millisecond.

Resolve (in-process cache, then Redis) → respond → track (append to the click
buffer). Tracking never touches the request's latency or its outcome. The edge
parses nothing it doesn't need and never talks to PostgreSQL.
``granian --interface rsgi --factory edge.app:create_app`` (what `hop edge`
runs) builds one app per worker process.
"""

from __future__ import annotations

import asyncio
import gc
import itertools
import logging
import os
import re
import secrets
import time
from typing import Any, cast

from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.exceptions import RedisError

from common.keys import SANDBOX_PATH, bio_key, sandbox_bio_key, sandbox_link_key
from common.logs import configure_logging
from common.redis_store import connect
from common.settings import Settings, SettingsError, load_settings
from common.wire import (
    BIO_VISIT_KIND,
    CLICK_KIND,
    ClickEvent,
    bio_entry_decoder,
    link_entry_decoder,
)
from edge import pages, safety
from edge.cache import LinkCache
from edge.clicks import ClickBuffer
from edge.invalidation import link_invalidations
from edge.metrics import LinkCounts, Publisher
from edge.resolver import Resolver
from edge.targets import BLOCK, GONE, MISSING, NO_STORE, REDIRECT, Target, not_found, target_of

logger = logging.getLogger(__name__)

_CODE = re.compile(r"[A-Za-z0-9_-]{1,64}")
_HTML = ("content-type", "text/html; charset=utf-8")
_ERROR_HEADERS = [_HTML, ("cache-control", NO_STORE)]
_UNAVAILABLE_HEADERS = [_HTML, ("cache-control", NO_STORE), ("retry-after", "1")]
_HEALTH_PATH = "/_health"
_METHODS = frozenset({"GET", "HEAD"})
# A QR code of an existing short link encodes <short url>?qr=1 (see docs/qr.md):
# the marker makes the visit a scan and is not forwarded to the destination.
_QR_MARKER = "qr=1"
_QR_MARKER_LENGTH = len(_QR_MARKER)
_BIO_PATH = "/@"
_USERNAME = re.compile(r"[a-z0-9_.]{3,30}")
# Bio pages hold their owner's text: nothing runs, nothing is framed or submitted.
_BIO_HEADERS = [
    _HTML,
    ("cache-control", "private, max-age=60"),
    (
        "content-security-policy",
        "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "strict-origin-when-cross-origin"),
]
# Sandbox links and pages: <short_base_url>/test/<code> and /test/@<username>, a
# namespace of their own (docs/decisions.md). Never live codes (those have no "/"),
# never indexed, and read from Redis on each visit like Bio pages: test traffic
# stays out of the in-process cache that serves live codes.
_SANDBOX_PREFIX = SANDBOX_PATH + "/"
_NOINDEX = ("x-robots-tag", "noindex")
_SANDBOX_ERROR_HEADERS = [*_ERROR_HEADERS, _NOINDEX]
_SANDBOX_UNAVAILABLE_HEADERS = [*_UNAVAILABLE_HEADERS, _NOINDEX]
_SANDBOX_BIO_HEADERS = [*_BIO_HEADERS, _NOINDEX]


def _tailored(target: Target, scope: Any, query: str) -> tuple[list[tuple[str, str]], bool]:
    """The slow path: an app link picks a store by user agent, a QR marker makes the visit
    a scan and is not forwarded, the rest of the query is forwarded if the link says so."""
    qr = target.qr
    location = target.location
    if target.ios_location or target.android_location:
        location = target.location_for(scope.headers.get("user-agent", ""))
    # The marker alone or followed by "&": drop it and its separator, keep the rest.
    if query.startswith(_QR_MARKER) and query[_QR_MARKER_LENGTH:][:1] in ("", "&"):
        query, qr = query[_QR_MARKER_LENGTH + 1 :], True
    return target.headers_to(location, query if target.forward_query else ""), qr


class EdgeApp:
    def __init__(self, settings: Settings) -> None:
        if settings.redis_url is None:
            raise SettingsError("HOP_REDIS_URL: required to run the edge")
        edge = settings.edge
        self.settings = settings
        # Fail fast: a lookup Redis can't answer falls back to the last known entry,
        # and clicks stay buffered; neither should wait seconds for retries.
        self.redis = connect(
            settings.redis_url,
            socket_timeout=1,
            socket_connect_timeout=1,
            max_connections=256,
            retry=Retry(ExponentialBackoff(cap=0.05, base=0.005), 2),
        )
        self.cache = LinkCache(edge.cache_entries, edge.cache_megabytes * 1024 * 1024)
        self.invalidations = link_invalidations(self.redis, self.cache)
        self.resolver = Resolver(self.redis, self.cache, self.invalidations)
        self.clicks = ClickBuffer(
            self.redis,
            flush_ms=edge.click_flush_ms,
            batch_max=edge.click_batch_max,
            buffer_max=edge.click_buffer_max,
            shards=settings.click_stream_shards,
        )
        self.country_header = edge.country_header
        self.safety_contact = settings.safety.contact
        self.continue_tokens = safety.ContinueTokens(self.redis)
        self._landing = [("location", edge.landing_url), ("cache-control", NO_STORE)]
        # Event ids: a random per-process prefix and a counter; unique without a
        # syscall per click, and the worker stores each id once.
        self._event_prefix = secrets.token_hex(8)
        self._event_counter = itertools.count()
        self._tasks: list[asyncio.Task[None]] = []
        # Answers to short links by status, from the cache or not: the hot path's only
        # bookkeeping (edge/metrics.py publishes it when metrics are on).
        self.counts = LinkCounts()
        self._hits = self.counts.hits
        self._misses = self.counts.misses
        self.metrics: Publisher | None = None
        if edge.metrics_listen is not None:
            self.metrics = Publisher(self.counts, self.cache, self.clicks)

    # --- RSGI lifecycle: granian calls these around the worker's event loop.

    def __rsgi_init__(self, loop: asyncio.AbstractEventLoop) -> None:
        # Everything alive now (modules, settings, this app) lives as long as the
        # process: keep the cyclic collector from walking it again and again.
        gc.freeze()
        self._tasks = [
            loop.create_task(self.invalidations.run()),
            loop.create_task(self.clicks.run()),
        ]
        if self.metrics is not None:
            self._tasks.append(loop.create_task(self.metrics.run()))

    def __rsgi_del__(self, loop: asyncio.AbstractEventLoop) -> None:
        loop.run_until_complete(self.shutdown())

    async def shutdown(self) -> None:
        self.invalidations.stop()
        await self.clicks.close()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self.metrics is not None:
            self.metrics.close()
        await self.redis.aclose()

    # --- requests

    async def __rsgi__(self, scope: Any, proto: Any) -> None:
        """Route a request. What the edge answers, by path:

        ``/<code>``             a live short link: the in-process cache, then Redis (hot path)
        ``/@<username>``        a live Bio page, from Redis                  (``_bio``)
        ``/test/<code>``        a sandbox link, from Redis                   (``_sandbox``)
        ``/test/@<username>``   a sandbox Bio page, from Redis               (``_sandbox``)
        ``/``                   a redirect to HOP_LANDING_URL                (``_not_a_code``)
        ``/_health``            liveness for load balancers                  (``_not_a_code``)

        A live code is tried first and costs one dictionary lookup: only valid codes
        are ever cached, so a cache hit needs no validation, and every other path is
        sent to ``_not_a_code`` only once the cache has missed (``_health`` has the shape
        of a code, so it is named there explicitly).
        """
        method = scope.method
        if method not in _METHODS:
            proto.response_bytes(405, [_HTML, ("allow", "GET, HEAD")], pages.METHOD_NOT_ALLOWED)
            return
        path = scope.path
        code = path[1:]
        # Only valid codes are ever cached, so a hit needs no validation.
        target = self.cache.get(code)
        counts = self._hits
        if target is None:
            if not _CODE.fullmatch(code) or path == _HEALTH_PATH:
                await self._not_a_code(scope, proto, path)
                return
            counts = self._misses
            try:
                target = await self.resolver.resolve(code)
            except (RedisError, OSError):
                proto.response_bytes(503, _UNAVAILABLE_HEADERS, pages.UNAVAILABLE)
                counts[503] += 1
                return
        now_ms = int(time.time() * 1000)
        if target.kind != REDIRECT or (target.expires_at_ms and now_ms >= target.expires_at_ms):
            counts[
                await self._not_redirected(scope, proto, target, code, now_ms, sandbox=False)
            ] += 1
            return
        qr = target.qr
        query = scope.query_string
        if query or target.ios_location or target.android_location:
            headers, qr = _tailored(target, scope, query)
            proto.response_empty(target.status, headers)
        else:
            proto.response_empty(
                target.status, [("location", target.location), target.cache_header]
            )
        counts[target.status] += 1

        if method == "GET":  # HEAD is a probe, not a visit
            self._track(scope, target.link_id, code, now_ms, qr=qr, kind=CLICK_KIND)

    async def _not_redirected(
        self, scope: Any, proto: Any, target: Target, code: str, now_ms: int, *, sandbox: bool
    ) -> int:
        """Everything but a plain redirect: unknown, gone or expired, blocked, or flagged
        (an interstitial, or the redirect its continue link asks for). Returns the status."""
        errors = _SANDBOX_ERROR_HEADERS if sandbox else _ERROR_HEADERS
        if target.kind == MISSING:
            proto.response_bytes(404, errors, pages.NOT_FOUND)
            return 404
        if target.kind == GONE or (target.expires_at_ms and now_ms >= target.expires_at_ms):
            proto.response_bytes(410, errors, pages.GONE)
            return 410
        if target.kind == BLOCK:
            page = safety.blocked_page(target.link_id, target.reasons, self.safety_contact)
            proto.response_bytes(403, safety.HEADERS, page)
            return 403
        return await self._warned(scope, proto, target, code, now_ms, sandbox=sandbox)

    async def _warned(
        self, scope: Any, proto: Any, target: Target, code: str, now_ms: int, *, sandbox: bool
    ) -> int:
        """A ``warn`` link: the interstitial, or with a valid continue token the redirect
        (the click is counted then, not on the page). Returns the status."""
        path = f"{SANDBOX_PATH}/{code}" if sandbox else f"/{code}"
        query, token = safety.split_continue(scope.query_string)
        key = await self.continue_tokens.key()
        if token is not None and safety.valid(key, path, token, now_ms):
            headers, qr = _tailored(target, scope, query)
            headers[1] = ("cache-control", NO_STORE)  # the next visit sees the page again
            proto.response_empty(target.status, [*headers, _NOINDEX] if sandbox else headers)
            if scope.method == "GET":
                self._track(scope, target.link_id, code, now_ms, qr=qr, kind=CLICK_KIND)
            return target.status
        token = safety.mint(key, path, now_ms)
        joiner = "&" if query else ""
        href = f"{path}?{query}{joiner}{safety.CONTINUE_PARAMETER}={token}"
        page = safety.warning_page(target.location, target.reasons, href)
        proto.response_bytes(200, safety.HEADERS, page)
        return 200

    def _track(
        self, scope: Any, owner_id: str, code: str, now_ms: int, *, qr: bool, kind: str
    ) -> None:
        """Append the visit to the click buffer: raw, cropped headers; the worker parses."""
        headers = scope.headers
        self.clicks.add(
            ClickEvent(
                event_id=f"{self._event_prefix}{next(self._event_counter):x}",
                link_id=owner_id,
                short_code=code,
                at_ms=now_ms,
                peer_ip=scope.client,
                user_agent=headers.get("user-agent", "")[:512],
                referrer=headers.get("referer", "")[:1024],
                accept_language=headers.get("accept-language", "")[:128],
                forwarded_for=headers.get("x-forwarded-for", "")[:256],
                country=headers.get(self.country_header, "")[:2] if self.country_header else "",
                qr=qr,
                kind=kind,
            )
        )

    async def _bio(self, scope: Any, proto: Any, username: str, *, sandbox: bool = False) -> None:
        """``/@<username>``: the rendered Bio page from Redis; a GET is a visit."""
        errors = _SANDBOX_ERROR_HEADERS if sandbox else _ERROR_HEADERS
        if not _USERNAME.fullmatch(username):
            proto.response_bytes(404, errors, pages.BIO_NOT_FOUND)
            return
        key = sandbox_bio_key(username) if sandbox else bio_key(username)
        try:
            raw = cast("bytes | None", await self.redis.get(key))
        except (RedisError, OSError):
            unavailable = _SANDBOX_UNAVAILABLE_HEADERS if sandbox else _UNAVAILABLE_HEADERS
            proto.response_bytes(503, unavailable, pages.UNAVAILABLE)
            return
        if raw is None:
            proto.response_bytes(404, errors, pages.BIO_NOT_FOUND)
            return
        entry = bio_entry_decoder.decode(raw)
        if entry.gone:  # deleted or renamed: the name is reserved for its owner
            proto.response_bytes(410, errors, pages.BIO_GONE)
            return
        proto.response_bytes(200, _SANDBOX_BIO_HEADERS if sandbox else _BIO_HEADERS, entry.html)
        if scope.method == "GET":
            self._track(
                scope,
                entry.bio_id,
                username,
                int(time.time() * 1000),
                qr=False,
                kind=BIO_VISIT_KIND,
            )

    async def _sandbox(self, scope: Any, proto: Any, rest: str) -> None:
        """``/test/<code>`` and ``/test/@<username>``: the sandbox namespace, from Redis."""
        if rest.startswith("@"):
            await self._bio(scope, proto, rest[1:], sandbox=True)
            return
        if not _CODE.fullmatch(rest):
            proto.response_bytes(404, _SANDBOX_ERROR_HEADERS, pages.NOT_FOUND)
            return
        try:
            raw = cast("bytes | None", await self.redis.get(sandbox_link_key(rest)))
        except (RedisError, OSError):
            proto.response_bytes(503, _SANDBOX_UNAVAILABLE_HEADERS, pages.UNAVAILABLE)
            return
        target = not_found() if raw is None else target_of(link_entry_decoder.decode(raw))
        now_ms = int(time.time() * 1000)
        if target.kind != REDIRECT or (target.expires_at_ms and now_ms >= target.expires_at_ms):
            await self._not_redirected(scope, proto, target, rest, now_ms, sandbox=True)
            return
        headers, qr = _tailored(target, scope, scope.query_string)
        headers.append(_NOINDEX)
        proto.response_empty(target.status, headers)
        if scope.method == "GET":
            self._track(scope, target.link_id, rest, now_ms, qr=qr, kind=CLICK_KIND)

    async def _not_a_code(self, scope: Any, proto: Any, path: str) -> None:
        """Every path that is not a live code (the table in ``__rsgi__``)."""
        if path.startswith(_BIO_PATH):
            await self._bio(scope, proto, path[len(_BIO_PATH) :])
        elif path.startswith(_SANDBOX_PREFIX):
            await self._sandbox(scope, proto, path[len(_SANDBOX_PREFIX) :])
        elif path == "/":
            proto.response_empty(302, self._landing)
        elif path == _HEALTH_PATH:
            proto.response_bytes(
                200, [("content-type", "text/plain"), ("cache-control", NO_STORE)], b"ok"
            )
        else:
            proto.response_bytes(404, _ERROR_HEADERS, pages.NOT_FOUND)


def create_app() -> EdgeApp:
    settings = load_settings(os.environ)
    configure_logging(settings.log_level, settings.log_format)
    return EdgeApp(settings)
