"""The edge: ``GET|HEAD <short_base_url>/<code>`` → redirect, in well under a millisecond.

Resolve (in-process cache, then Redis) → respond → track (append to the click
buffer). Tracking never touches the request's latency or its outcome. The edge
parses nothing it doesn't need and never talks to PostgreSQL.
``granian --interface rsgi --factory edge.app:create_app`` (what `hop edge`
runs) builds one app per worker process.

This module holds the process (its stores, caches and background tasks) and the hot
path; whatever a request needs beyond the plain redirect is decided in
``edge/decide.py`` (a link's answer), ``edge/unlock.py`` (password forms) and
``edge/namespaces.py`` (Bio pages, the sandbox, custom domains, other hosts), around
the per-request ``Visit`` (``edge/visit.py``).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
import secrets
import urllib.parse
from typing import Any

from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff

from common.clientip import TrustedProxies
from common.domains import CustomDomains, host_of
from common.heap import freeze_startup_heap
from common.linkpass import LinkPasswords
from common.logs import configure_logging
from common.redis_store import RedisUnavailable, check_eviction_policy, connect
from common.settings import Settings, SettingsError, load_settings
from common.wire import CLICK_KIND, ORPHAN_KIND, ClickEvent
from edge import clock, pages, safety
from edge.cache import LinkCache
from edge.clicks import ClickBuffer
from edge.decide import not_redirected, redirect
from edge.invalidation import link_invalidations
from edge.metrics import LinkCounts, Publisher
from edge.namespaces import elsewhere, not_a_code
from edge.resolver import Resolver
from edge.targets import NO_STORE, REDIRECT
from edge.unlock import post
from edge.visit import CODE, HEALTH_PATH, METHODS, ORPHAN_PATH_MAX, Visit
from edge.visitors import Visitors

logger = logging.getLogger(__name__)


def short_authorities(settings: Settings) -> tuple[frozenset[str], frozenset[str]]:
    """The host names the default short host's links are answered on (HOP_SHORT_BASE_URL's
    and HOP_SHORT_HOST_ALIASES, as ``host_of`` gives them), and the ``Host`` values that
    name them as clients send them: each name bare and with the short URL's port and the
    edge's listening port. The hot path compares the raw header with the second set; only
    a miss is parsed and compared with the first."""
    parts = urllib.parse.urlsplit(settings.short_base_url)
    names = {host_of(parts.netloc.rpartition("@")[2]), *settings.short_host_aliases}
    default_port = 443 if parts.scheme == "https" else 80
    ports = {parts.port or default_port, settings.edge.listen.port}
    raw = {f"{name}:{port}" for name in names for port in ports}
    return frozenset(names), frozenset(names | raw)


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
        # Links on custom domains, keyed <hostname>/<code>, in a cache of their own with
        # the same bounds (edge/invalidation.py says why).
        self.domain_cache = LinkCache(edge.cache_entries, edge.cache_megabytes * 1024 * 1024)
        self.invalidations = link_invalidations(self.redis, self.cache, self.domain_cache)
        self.resolver = Resolver(self.redis, self.cache, self.invalidations)
        self.domain_resolver = Resolver(self.redis, self.domain_cache, self.invalidations)
        # The default namespace answers only on the short host (and its aliases); any
        # other Host is a verified custom domain's or nobody's (``elsewhere``).
        self.short_hosts, self.short_authorities = short_authorities(settings)
        self.short_base = settings.short_base_url
        # HOP_CASE_INSENSITIVE_CODES: the default host's codes are folded (common/keys.py
        # fold_code) before their one lookup, as the admin names their entries.
        self.fold_codes = settings.case_insensitive_codes
        self.custom_hosts: frozenset[str] = frozenset()
        self.domains = CustomDomains(self.redis, self._domains_changed)
        self.clicks = ClickBuffer(
            self.redis,
            flush_ms=edge.click_flush_ms,
            batch_max=edge.click_batch_max,
            buffer_max=edge.click_buffer_max,
            shards=settings.click_stream_shards,
        )
        # What expiry checks and click times read (edge/clock.py): tests pin it.
        clock.now = clock.reading(edge.time)
        self.country_header = edge.country_header
        self.visitors = Visitors(TrustedProxies(settings.trusted_proxies), edge.country_header)
        key = settings.link_password_key
        self.passwords = LinkPasswords(key) if key else None
        self.cookie_secure = "; Secure" if settings.short_base_url.startswith("https:") else ""
        self.safety_contact = settings.safety.contact
        self.continue_tokens = safety.ContinueTokens(self.redis)
        self.landing = [("location", edge.landing_url), ("cache-control", NO_STORE)]
        # Event ids: a random per-process prefix and a counter; unique without a
        # syscall per click, and the worker stores each id once.
        self._event_prefix = secrets.token_hex(8)
        self._event_counter = itertools.count()
        self._tasks: list[asyncio.Task[None]] = []
        # Answers to short links by status, from the cache or not: the hot path's only
        # bookkeeping (edge/metrics.py publishes it when metrics are on).
        self.counts = LinkCounts()
        self.hits = self.counts.hits
        self.misses = self.counts.misses
        self.metrics: Publisher | None = None
        if edge.metrics_listen is not None:
            self.metrics = Publisher(self.counts, (self.cache, self.domain_cache), self.clicks)

    # --- RSGI lifecycle: granian calls these around the worker's event loop.

    def __rsgi_init__(self, loop: asyncio.AbstractEventLoop) -> None:
        # Everything alive now (modules, settings, this app) lives as long as the process.
        freeze_startup_heap()
        self._tasks = [
            loop.create_task(self.invalidations.run()),
            loop.create_task(self.domains.run()),
            loop.create_task(self.clicks.run()),
            # Once, at start: a warning in the log unless Redis runs `noeviction`.
            loop.create_task(self._check_redis()),
        ]
        if self.metrics is not None:
            self._tasks.append(loop.create_task(self.metrics.run()))

    async def _check_redis(self) -> None:
        await check_eviction_policy(self.redis, "edge")

    def __rsgi_del__(self, loop: asyncio.AbstractEventLoop) -> None:
        loop.run_until_complete(self.shutdown())

    def _domains_changed(self, hosts: frozenset[str]) -> None:
        self.custom_hosts = hosts
        # A domain deleted and proven again must not find its old answers cached.
        self.domain_cache.expire_all()

    async def shutdown(self) -> None:
        self.invalidations.stop()
        self.domains.stop()
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
        ``/<code>/``, ``/<code>/<more>``  the same link (``namespaces.with_rest``)
        ``/@<username>``        a live Bio page, from Redis               (``namespaces.bio``)
        ``/test/<code>``        a sandbox link, from Redis         (``namespaces.in_sandbox``)
        ``/test/@<username>``   a sandbox Bio page, from Redis     (``namespaces.in_sandbox``)
        ``/``                   a redirect to HOP_LANDING_URL      (``namespaces.not_a_code``)
        ``/_health``            liveness, on any host              (``namespaces.not_a_code``)
        ``POST /<code>``        a password form's answer                   (``unlock.post``)

        That is on the short host: ``Host`` (or the HTTP/2 authority) exactly as one of
        ``short_authorities``, one set lookup. Any other value goes to
        ``namespaces.elsewhere``, which parses it: the short host after all (another case or
        port), a verified custom domain (``namespaces.on_domain``), or nobody's (404), never
        the default namespace by accident.

        A live code is tried first and costs one dictionary lookup: only valid codes
        are ever cached, so a cache hit needs no validation, and every other path is
        sent to ``not_a_code`` only once the cache has missed (``_health`` has the shape
        of a code, so it is named there explicitly). A hit with no query on a link with
        nothing to decide is answered here; anything else builds a ``Visit`` for
        ``edge/decide.py``.
        """
        # Read once: each access of scope.headers builds a new object (~0.2 µs), and a
        # visit's click wants it too. HTTP/1.1 names the host in Host, HTTP/2 in :authority.
        headers = scope.headers
        authority = headers.get("host") or scope.authority or ""
        if authority not in self.short_authorities and await elsewhere(
            self, scope, proto, authority
        ):
            return
        method = scope.method
        if method not in METHODS:
            if method == "POST":
                await post(self, scope, proto, scope.path)
            else:
                proto.response_bytes(405, pages.NOT_ALLOWED_HEADERS, pages.METHOD_NOT_ALLOWED)
            return
        path = scope.path
        code = path[1:]
        if self.fold_codes:  # case-insensitive: one fold, still one lookup
            code = code.lower()
        # Only valid codes are ever cached, so a hit needs no validation.
        target = self.cache.get(code)
        counts = self.hits
        if target is None:
            if not CODE.fullmatch(code) or path == HEALTH_PATH:
                await not_a_code(self, scope, proto, path)
                return
            counts = self.misses
            try:
                target = await self.resolver.resolve(code)
            except RedisUnavailable:
                proto.response_bytes(503, pages.UNAVAILABLE_HEADERS, pages.UNAVAILABLE)
                counts[503] += 1
                return
        now_ms = int(clock.now() * 1000)
        if target.kind != REDIRECT or (target.expires_at_ms and now_ms >= target.expires_at_ms):
            visit = Visit(self, scope, proto, headers, target, code=code, now_ms=now_ms)
            counts[await not_redirected(visit)] += 1
            return
        query = scope.query_string
        if query or target.tailored:
            visit = Visit(self, scope, proto, headers, target, code=code, now_ms=now_ms)
            counts[redirect(visit, query)] += 1
            return
        proto.response_empty(target.status, [("location", target.location), target.cache_header])
        counts[target.status] += 1
        if method == "GET":  # HEAD is a probe, not a visit
            self.track(scope, headers, target.link_id, code, now_ms, qr=target.qr, kind=CLICK_KIND)

    def folds(self, host: str) -> bool:
        """Whether codes on ``host`` ("" the default short host) are case-insensitive."""
        return host in self.domains.case_insensitive if host else self.fold_codes

    def track(
        self,
        scope: Any,
        headers: Any,
        owner_id: str,
        code: str,
        now_ms: int,
        *,
        qr: bool,
        kind: str,
        variant: int = -1,
        orphan: str = "",
    ) -> None:
        """Append the visit to the click buffer: raw, cropped headers (``scope.headers``,
        passed in where the caller has it already); the worker parses."""
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
                variant=variant,
                dnt=headers.get("dnt") == "1" or headers.get("sec-gpc") == "1",
                orphan=orphan,
            )
        )

    def track_orphan(self, scope: Any, headers: Any, domain: str, path: str, orphan: str) -> None:
        """Count a GET that found no link (docs/analytics.md#orphans): ``domain`` is the
        custom domain asked ("" for the default short host), ``orphan`` one of
        ``ORPHAN_TYPES``. The same O(1) append as a click; HEAD is a probe, not a visit."""
        if scope.method == "GET":
            now_ms = int(clock.now() * 1000)
            path = path[:ORPHAN_PATH_MAX]
            self.track(
                scope, headers, domain, path, now_ms, qr=False, kind=ORPHAN_KIND, orphan=orphan
            )


def create_app() -> EdgeApp:
    settings = load_settings(os.environ)
    configure_logging(settings.log_level, settings.log_format)
    return EdgeApp(settings)
