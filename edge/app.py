"""The edge: ``GET|HEAD <short_base_url>/<code>`` → redirect, in well under a millisecond.

Resolve (in-process cache, then Redis) → respond → track (append to the click
buffer). Tracking never touches the request's latency or its outcome. The edge
parses nothing it doesn't need and never talks to PostgreSQL.
``granian --interface rsgi --factory edge.app:create_app`` (what `hop edge`
runs) builds one app per worker process.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
import re
import secrets
import time
import urllib.parse
from typing import Any, cast

from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff

from common.clientip import client_network, parse_networks
from common.domains import CustomDomains, host_of
from common.heap import freeze_startup_heap
from common.keys import (
    SANDBOX_PATH,
    bio_key,
    link_cache_key,
    link_password_tries_key,
    sandbox_bio_key,
    sandbox_link_key,
)
from common.linkpass import COOKIE_SECONDS, MAX_PASSWORD_LENGTH, LinkPasswords, cookie_name
from common.logs import configure_logging
from common.redis_store import connect, redis_down
from common.settings import Settings, SettingsError, load_settings
from common.targeting import (
    classify,
    language_matches,
    pick_variant,
    preferred_language,
    visitor_bucket,
)
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
from edge.targets import (
    BLOCK,
    GONE,
    LOCKED,
    MISSING,
    NO_STORE,
    REDIRECT,
    WARN,
    Target,
    header_safe,
    locked_preview,
    not_found,
    target_of,
)
from edge.visitors import Visitors, is_preview_bot

logger = logging.getLogger(__name__)

_CODE = re.compile(r"[A-Za-z0-9_-]{1,64}")
_HTML = ("content-type", "text/html; charset=utf-8")
_ERROR_HEADERS = [_HTML, ("cache-control", NO_STORE)]
_UNAVAILABLE_HEADERS = [_HTML, ("cache-control", NO_STORE), ("retry-after", "1")]
_HEALTH_PATH = "/_health"
_METHODS = frozenset({"GET", "HEAD"})
# A password form's body: "password=<at most 128 characters, %-encoded>".
_MAX_FORM_BYTES = 2048
# Passwords tried per visitor network and link in one window (a right one is given back),
# then 429 until it ends.
PASSWORD_TRIES = 10
PASSWORD_WINDOW_SECONDS = 600
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
_SANDBOX_PREVIEW_HEADERS = [*pages.PREVIEW_HEADERS, _NOINDEX]


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
        # other Host is a verified custom domain's or nobody's (``_elsewhere``).
        self.short_hosts, self.short_authorities = short_authorities(settings)
        self._short_base = settings.short_base_url
        self.custom_hosts: frozenset[str] = frozenset()
        self.domains = CustomDomains(self.redis, self._domains_changed)
        self.clicks = ClickBuffer(
            self.redis,
            flush_ms=edge.click_flush_ms,
            batch_max=edge.click_batch_max,
            buffer_max=edge.click_buffer_max,
            shards=settings.click_stream_shards,
        )
        self.country_header = edge.country_header
        self.visitors = Visitors(parse_networks(settings.trusted_proxies), edge.country_header)
        key = settings.link_password_key
        self.passwords = LinkPasswords(key) if key else None
        self._cookie_secure = "; Secure" if settings.short_base_url.startswith("https:") else ""
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
            self.metrics = Publisher(self.counts, (self.cache, self.domain_cache), self.clicks)

    # --- RSGI lifecycle: granian calls these around the worker's event loop.

    def __rsgi_init__(self, loop: asyncio.AbstractEventLoop) -> None:
        # Everything alive now (modules, settings, this app) lives as long as the process.
        freeze_startup_heap()
        self._tasks = [
            loop.create_task(self.invalidations.run()),
            loop.create_task(self.domains.run()),
            loop.create_task(self.clicks.run()),
        ]
        if self.metrics is not None:
            self._tasks.append(loop.create_task(self.metrics.run()))

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
        ``/@<username>``        a live Bio page, from Redis                  (``_bio``)
        ``/test/<code>``        a sandbox link, from Redis                   (``_sandbox``)
        ``/test/@<username>``   a sandbox Bio page, from Redis               (``_sandbox``)
        ``/``                   a redirect to HOP_LANDING_URL                (``_not_a_code``)
        ``/_health``            liveness for load balancers, on any host     (``_not_a_code``)

        That is on the short host: ``Host`` (or the HTTP/2 authority) exactly as one of
        ``short_authorities``, one set lookup. Any other value goes to ``_elsewhere``,
        which parses it: the short host after all (another case or port), a verified custom
        domain (``_on_domain``), or nobody's (404), never the default namespace by accident.

        A live code is tried first and costs one dictionary lookup: only valid codes
        are ever cached, so a cache hit needs no validation, and every other path is
        sent to ``_not_a_code`` only once the cache has missed (``_health`` has the shape
        of a code, so it is named there explicitly).
        """
        # Read once: each access of scope.headers builds a new object (~0.2 µs), and a
        # visit's click wants it too. HTTP/1.1 names the host in Host, HTTP/2 in :authority.
        headers = scope.headers
        authority = headers.get("host") or scope.authority or ""
        if authority not in self.short_authorities and await self._elsewhere(
            scope, proto, authority
        ):
            return
        method = scope.method
        if method not in _METHODS:
            if method == "POST":
                await self._post(scope, proto, scope.path)
            else:
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
            except Exception as exc:
                if not redis_down(exc):
                    raise
                proto.response_bytes(503, _UNAVAILABLE_HEADERS, pages.UNAVAILABLE)
                counts[503] += 1
                return
        now_ms = int(time.time() * 1000)
        if target.kind != REDIRECT or (target.expires_at_ms and now_ms >= target.expires_at_ms):
            counts[
                await self._not_redirected(scope, proto, target, code, now_ms, sandbox=False)
            ] += 1
            return
        query = scope.query_string
        if query or target.tailored:
            counts[self._redirect(scope, proto, target, code, now_ms, query=query)] += 1
            return
        proto.response_empty(target.status, [("location", target.location), target.cache_header])
        counts[target.status] += 1
        if method == "GET":  # HEAD is a probe, not a visit
            self._track(scope, headers, target.link_id, code, now_ms, qr=target.qr, kind=CLICK_KIND)

    def _redirect(
        self,
        scope: Any,
        proto: Any,
        target: Target,
        code: str,
        now_ms: int,
        *,
        query: str,
        extra: list[tuple[str, str]] | None = None,
        status: int = 0,
        no_store: bool = False,
    ) -> int:
        """The slow path: a preview page for link-preview crawlers; else the destination
        the rules or the visitor's A/B variant pick, the QR marker taken out of the query
        (it makes the visit a scan), the rest forwarded if the link says so; then track.
        Returns the status answered."""
        user_agent = scope.headers.get("user-agent", "")
        # A protected link's preview is ``_locked``'s: here the visitor holds its cookie.
        if target.preview_page and not target.verifier and is_preview_bot(user_agent):
            proto.response_bytes(200, pages.PREVIEW_HEADERS, target.preview_page)
            return 200  # an unfurl, not a visit
        qr = target.qr
        # The marker alone or followed by "&": drop it and its separator, keep the rest.
        if query.startswith(_QR_MARKER) and query[_QR_MARKER_LENGTH:][:1] in ("", "&"):
            query, qr = query[_QR_MARKER_LENGTH + 1 :], True
        location, variant = self._destination(scope, target, user_agent)
        headers = target.headers_to(location, query if target.forward_query else "")
        if no_store:
            headers[1] = ("cache-control", NO_STORE)
        if extra:
            headers += extra
        answered = status or target.status
        proto.response_empty(answered, headers)
        if scope.method != "HEAD":  # HEAD is a probe, not a visit
            self._track(
                scope,
                scope.headers,
                target.link_id,
                code,
                now_ms,
                qr=qr,
                kind=CLICK_KIND,
                variant=variant,
            )
        return answered

    def _destination(self, scope: Any, target: Target, user_agent: str) -> tuple[str, int]:
        """The first matching rule's location, else the visitor's variant, else the link's
        destination; and the variant index (-1: none)."""
        ip = ""
        if target.rules:
            device, os = classify(user_agent)
            language = preferred_language(scope.headers.get("accept-language", ""))
            country = ""
            if target.needs_country:
                ip = self.visitors.client_ip(scope)
                country = self.visitors.country(scope, ip)
            for rule in target.rules:
                if (
                    (not rule.oses or os in rule.oses)
                    and (not rule.devices or device in rule.devices)
                    and (not rule.countries or country in rule.countries)
                    and (not rule.languages or language_matches(language, rule.languages))
                ):
                    return rule.location, -1
        if target.variant_bounds:
            bucket = visitor_bucket(
                ip or self.visitors.client_ip(scope), user_agent, target.link_id
            )
            index = pick_variant(bucket, target.variant_bounds)
            return target.variant_locations[index], index
        return target.location, -1

    async def _not_redirected(
        self,
        scope: Any,
        proto: Any,
        target: Target,
        code: str,
        now_ms: int,
        *,
        sandbox: bool,
        host: str = "",
    ) -> int:
        """Everything but a plain redirect: unknown, gone or expired, blocked, or flagged
        (an interstitial, or the redirect its continue link asks for). Returns the status."""
        errors = _SANDBOX_ERROR_HEADERS if sandbox else _ERROR_HEADERS
        if target.kind == MISSING:
            proto.response_bytes(404, errors, pages.NOT_FOUND)
            return 404
        if target.kind == GONE or (target.expires_at_ms and now_ms >= target.expires_at_ms):
            if target.expired_location:  # the owner's page for an expired or exhausted link
                headers = [("location", target.expired_location), ("cache-control", NO_STORE)]
                proto.response_empty(302, [*headers, _NOINDEX] if sandbox else headers)
                return 302
            proto.response_bytes(410, errors, pages.GONE)
            return 410
        if target.kind == BLOCK:
            page = safety.blocked_page(target.link_id, target.reasons, self.safety_contact)
            proto.response_bytes(403, safety.HEADERS, page)
            return 403
        if target.verifier:  # protected (LOCKED, or WARN: the password comes first)
            return await self._locked(
                scope, proto, target, code, now_ms, sandbox=sandbox, host=host
            )
        return await self._warned(scope, proto, target, code, now_ms, sandbox=sandbox, host=host)

    async def _warned(
        self,
        scope: Any,
        proto: Any,
        target: Target,
        code: str,
        now_ms: int,
        *,
        sandbox: bool,
        host: str = "",
    ) -> int:
        """A ``warn`` link (a protected one once unlocked): the interstitial, or with a valid
        continue token the redirect (the click is counted then, not on the page). Returns
        the status. The page names the destination this visitor's continue leads to (the
        rule or variant that applies, the forwarded query), not ``longUrl``. The token is
        bound to the host too (``host`` is "" on the default short host), so one minted
        for a code on one domain does not pass the same code on another."""
        path = f"{SANDBOX_PATH}/{code}" if sandbox else f"/{code}"
        query, token = safety.split_continue(scope.query_string)
        key = await self.continue_tokens.key()
        if token is not None and safety.valid(key, host + path, token, now_ms):
            # no_store: the next visit sees the page again
            extra = [_NOINDEX] if sandbox else None
            return self._redirect(
                scope, proto, target, code, now_ms, query=query, extra=extra, no_store=True
            )
        token = safety.mint(key, host + path, now_ms)
        joiner = "&" if query else ""
        href = f"{path}?{query}{joiner}{safety.CONTINUE_PARAMETER}={token}"
        location, _ = self._destination(scope, target, scope.headers.get("user-agent", ""))
        destination = target.headers_to(location, query if target.forward_query else "")[0][1]
        page = safety.warning_page(destination, target.reasons, href)
        proto.response_bytes(200, safety.HEADERS, page)
        return 200

    def _unlocked(self, scope: Any, target: Target, code: str, now_ms: int, sandbox: bool) -> bool:
        """Whether the request carries the code's valid access cookie."""
        if self.passwords is None:  # HOP_LINK_PASSWORD_KEY unset: nothing opens
            return False
        cookie = _cookie(scope.headers.get("cookie", ""), cookie_name(code))
        path = f"{SANDBOX_PATH}/{code}" if sandbox else f"/{code}"
        return bool(cookie) and self.passwords.cookie_valid(
            path, target.verifier, cookie, now_ms // 1000
        )

    async def _locked(
        self,
        scope: Any,
        proto: Any,
        target: Target,
        code: str,
        now_ms: int,
        *,
        sandbox: bool,
        host: str,
    ) -> int:
        """A password-protected link, warned or not. With the code's valid access cookie
        the redirect (a warned link: its warning page first). Without, nothing about the
        link but the form; link-preview crawlers get the preview page if there is one,
        naming the link's short URL (no destination: not ``longUrl``, a rule's, a
        variant's). Returns the status."""
        path = f"{SANDBOX_PATH}/{code}" if sandbox else f"/{code}"
        if self._unlocked(scope, target, code, now_ms, sandbox):
            if target.kind == WARN:
                return await self._warned(
                    scope, proto, target, code, now_ms, sandbox=sandbox, host=host
                )
            # A continue token (if any) is the edge's, not the destination's.
            forwarded = safety.split_continue(scope.query_string)[0]
            extra = [_NOINDEX] if sandbox else None
            return self._redirect(scope, proto, target, code, now_ms, query=forwarded, extra=extra)
        if target.preview_page and is_preview_bot(scope.headers.get("user-agent", "")):
            short_url = f"https://{host}{path}" if host else f"{self._short_base}{path}"
            headers = _SANDBOX_PREVIEW_HEADERS if sandbox else pages.PREVIEW_HEADERS
            proto.response_bytes(200, headers, locked_preview(target.preview_page, short_url))
            return 200  # an unfurl, not a visit
        query = safety.split_continue(scope.query_string)[0]
        action = f"{path}?{query}" if query else path
        proto.response_bytes(200, pages.PASSWORD_HEADERS, pages.password_page(action))
        return 200

    async def _post(self, scope: Any, proto: Any, path: str, host: str = "") -> None:
        """``POST /<code>`` (or ``/test/<code>``): a password form's answer. Right: 303 to
        the destination with the access cookie, and the visit counts (a warned link: 303 to
        its warning page, which names the destination). Wrong: the form again (401). Too
        many tries from the visitor's network: 429 for a while. ``host``: the custom domain
        asked, "" for the default short host."""
        sandbox = path.startswith(_SANDBOX_PREFIX)
        code = path[len(_SANDBOX_PREFIX) :] if sandbox else path[1:]
        if not _CODE.fullmatch(code) or path == _HEALTH_PATH:
            proto.response_bytes(405, [_HTML, ("allow", "GET, HEAD")], pages.METHOD_NOT_ALLOWED)
            return
        name = link_cache_key(code, host)
        try:
            if sandbox:
                raw = cast("bytes | None", await self.redis.get(sandbox_link_key(name)))
                target = not_found() if raw is None else target_of(link_entry_decoder.decode(raw))
            else:
                target = await (self.domain_resolver if host else self.resolver).resolve(name)
        except Exception as exc:
            if not redis_down(exc):
                raise
            proto.response_bytes(503, _UNAVAILABLE_HEADERS, pages.UNAVAILABLE)
            return
        now_ms = int(time.time() * 1000)
        expired = bool(target.expires_at_ms) and now_ms >= target.expires_at_ms
        # A warned link may be protected too: its form comes before the warning.
        if not target.verifier or target.kind not in (LOCKED, WARN) or expired:
            proto.response_bytes(405, [_HTML, ("allow", "GET, HEAD")], pages.METHOD_NOT_ALLOWED)
        elif self.passwords is None:  # HOP_LINK_PASSWORD_KEY unset on this edge
            errors = _SANDBOX_ERROR_HEADERS if sandbox else _ERROR_HEADERS
            proto.response_bytes(503, errors, pages.PASSWORD_UNAVAILABLE)
        else:
            await self._unlock(scope, proto, target, code, now_ms, sandbox=sandbox)

    async def _unlock(
        self, scope: Any, proto: Any, target: Target, code: str, now_ms: int, *, sandbox: bool
    ) -> None:
        """Check a submitted password against the link's verifier, metered per network: the
        try is counted (one atomic INCR) before the password is looked at, so concurrent
        guesses cannot all pass a count read before any of them was added; a right
        password gives its try back."""
        assert self.passwords is not None
        body = await _bounded_body(proto, _MAX_FORM_BYTES)
        password = _password_of(body) if body is not None else None
        link_path = f"{SANDBOX_PATH}/{code}" if sandbox else f"/{code}"
        query = scope.query_string
        network = client_network(self.visitors.client_ip(scope))
        window = now_ms // 1000 // PASSWORD_WINDOW_SECONDS
        tries_key = link_password_tries_key(target.link_id, network, window)
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.incr(tries_key)
                pipe.expire(tries_key, PASSWORD_WINDOW_SECONDS)
                tries = int((await pipe.execute())[0])
        except Exception as exc:  # without the counter, no guessing: try again later
            if not redis_down(exc):
                raise
            proto.response_bytes(503, _UNAVAILABLE_HEADERS, pages.UNAVAILABLE)
            return
        if tries > PASSWORD_TRIES:
            retry = PASSWORD_WINDOW_SECONDS - (now_ms // 1000) % PASSWORD_WINDOW_SECONDS
            headers = [*pages.PASSWORD_HEADERS, ("retry-after", str(retry))]
            proto.response_bytes(429, headers, pages.TOO_MANY_TRIES)
            return
        right = password is not None and self.passwords.check(
            target.link_id, password, target.verifier
        )
        if right:
            await self._give_back(tries_key)
        else:
            action = f"{link_path}?{query}" if query else link_path
            page = pages.password_page(action, "That password is not right. Try again.")
            proto.response_bytes(401, pages.PASSWORD_HEADERS, page)
            return
        value = self.passwords.cookie(link_path, target.verifier, now_ms // 1000)
        set_cookie = (
            f"{cookie_name(code)}={value}; Path={link_path}; Max-Age={COOKIE_SECONDS}; "
            f"HttpOnly; SameSite=Lax{self._cookie_secure}"
        )
        extra = [("set-cookie", set_cookie)]
        if sandbox:
            extra.append(_NOINDEX)
        # 303: the browser follows with a GET, and the destination sees no form post.
        forwarded = safety.split_continue(query)[0]
        if target.kind == WARN:  # the warning page next, with the cookie: no visit yet
            warning = f"{link_path}?{header_safe(forwarded)}" if forwarded else link_path
            headers = [("location", warning), ("cache-control", NO_STORE), *extra]
            proto.response_empty(303, headers)
            return
        self._redirect(
            scope,
            proto,
            target,
            code,
            now_ms,
            query=forwarded,
            extra=extra,
            status=303,
            no_store=True,
        )

    async def _give_back(self, tries_key: str) -> None:
        """A right password's try is not held against its network (a shared address's
        visitors who know it are not locked out by each other)."""
        try:
            await self.redis.decr(tries_key)
        except Exception as exc:  # the try stays counted: harmless
            if not redis_down(exc):
                raise

    def _track(
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
        except Exception as exc:
            if not redis_down(exc):
                raise
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
                scope.headers,
                entry.bio_id,
                username,
                int(time.time() * 1000),
                qr=False,
                kind=BIO_VISIT_KIND,
            )

    async def _sandbox(self, scope: Any, proto: Any, rest: str, host: str = "") -> None:
        """``/test/<code>`` and ``/test/@<username>``: the sandbox namespace, from Redis.
        On a custom domain (``host``) the sandbox links on it; Bio pages are the default
        short host's only."""
        if rest.startswith("@") and not host:
            await self._bio(scope, proto, rest[1:], sandbox=True)
            return
        if not _CODE.fullmatch(rest):
            proto.response_bytes(404, _SANDBOX_ERROR_HEADERS, pages.NOT_FOUND)
            return
        try:
            key = sandbox_link_key(link_cache_key(rest, host))
            raw = cast("bytes | None", await self.redis.get(key))
        except Exception as exc:
            if not redis_down(exc):
                raise
            proto.response_bytes(503, _SANDBOX_UNAVAILABLE_HEADERS, pages.UNAVAILABLE)
            return
        target = not_found() if raw is None else target_of(link_entry_decoder.decode(raw))
        now_ms = int(time.time() * 1000)
        if target.kind != REDIRECT or (target.expires_at_ms and now_ms >= target.expires_at_ms):
            await self._not_redirected(scope, proto, target, rest, now_ms, sandbox=True, host=host)
            return
        self._redirect(
            scope, proto, target, rest, now_ms, query=scope.query_string, extra=[_NOINDEX]
        )

    async def _on_domain(self, scope: Any, proto: Any, host: str) -> None:
        """A request to a verified custom domain: its links, keyed ``<host>/<code>``, by
        the same decisions as the default host's (rules, variants, passwords, safety
        pages); ``/test/<code>`` its sandbox links. Everything else is the default
        host's 404 page (a custom domain has no landing page and no Bio pages)."""
        method = scope.method
        path = scope.path
        if method not in _METHODS:
            if method == "POST":
                await self._post(scope, proto, path, host)
            else:
                proto.response_bytes(405, [_HTML, ("allow", "GET, HEAD")], pages.METHOD_NOT_ALLOWED)
            return
        if path.startswith(_SANDBOX_PREFIX):
            await self._sandbox(scope, proto, path[len(_SANDBOX_PREFIX) :], host)
            return
        code = path[1:]
        if not _CODE.fullmatch(code):
            proto.response_bytes(404, _ERROR_HEADERS, pages.NOT_FOUND)
            return
        target = self.domain_cache.get(link_cache_key(code, host))
        counts = self._hits
        if target is None:
            counts = self._misses
            try:
                target = await self.domain_resolver.resolve(link_cache_key(code, host))
            except Exception as exc:
                if not redis_down(exc):
                    raise
                proto.response_bytes(503, _UNAVAILABLE_HEADERS, pages.UNAVAILABLE)
                counts[503] += 1
                return
        now_ms = int(time.time() * 1000)
        if target.kind != REDIRECT or (target.expires_at_ms and now_ms >= target.expires_at_ms):
            status = await self._not_redirected(
                scope, proto, target, code, now_ms, sandbox=False, host=host
            )
            counts[status] += 1
            return
        counts[self._redirect(scope, proto, target, code, now_ms, query=scope.query_string)] += 1

    async def _elsewhere(self, scope: Any, proto: Any, authority: str) -> bool:
        """A request whose ``Host`` is not one of ``short_authorities`` as sent: answer it
        and return True, or return False when it names the short host after all (another
        case, port or a final dot) and the default namespace should answer it.

        ``/_health`` answers on any host (load balancers probe by address). A verified
        custom domain is answered from its links; any other host from nobody's (404): a
        domain deleted while its DNS still points here must not reach the default codes any
        account can claim. Until the edge has read the domain set it cannot tell the two
        apart and answers 503."""
        host = host_of(authority)
        if host in self.short_hosts:
            return False
        if scope.path == _HEALTH_PATH:
            await self._not_a_code(scope, proto, _HEALTH_PATH)
        elif host in self.custom_hosts:
            await self._on_domain(scope, proto, host)
        elif not self.domains.loaded:
            proto.response_bytes(503, _UNAVAILABLE_HEADERS, pages.UNAVAILABLE)
        else:
            proto.response_bytes(404, _ERROR_HEADERS, pages.NOT_FOUND)
        return True

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


def _cookie(header: str, name: str) -> str:
    """The value of cookie ``name`` in a Cookie header ("" if absent)."""
    for part in header.split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            return value
    return ""


async def _bounded_body(proto: Any, limit: int) -> bytes | None:
    """The request body, or None once it grows past ``limit`` (the rest is not read)."""
    body = b""
    async for chunk in proto:
        body += chunk
        if len(body) > limit:
            return None
    return body


def _password_of(body: bytes) -> str | None:
    """The ``password`` field of an urlencoded form, or None."""
    try:
        fields = urllib.parse.parse_qs(
            body.decode("ascii"), keep_blank_values=True, strict_parsing=False, max_num_fields=4
        )
    except (UnicodeDecodeError, ValueError):
        return None
    values = fields.get("password")
    if not values or len(values[0]) > MAX_PASSWORD_LENGTH:
        return None
    return values[0]


def create_app() -> EdgeApp:
    settings = load_settings(os.environ)
    configure_logging(settings.log_level, settings.log_format)
    return EdgeApp(settings)
