"""Every path and host the edge answers besides a live code on the short host: Bio pages,
the sandbox, custom domains, hosts that are nobody's, the landing redirect and
``/_health`` (the table in ``EdgeApp.__rsgi__``)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

from common.domains import host_of
from common.keys import bio_key, fold_code, link_cache_key, sandbox_bio_key, sandbox_link_key
from common.redis_store import RedisUnavailable, redis_outage
from common.wire import BIO_VISIT_KIND, bio_entry_decoder, link_entry_decoder
from edge import clock, pages
from edge.decide import missing_page, not_redirected, redirect
from edge.targets import NO_STORE, REDIRECT, Target, header_safe, not_found, target_of
from edge.unlock import post
from edge.visit import (
    BIO_PATH,
    CODE,
    HEALTH_PATH,
    METHODS,
    NOT_ORPHANS,
    SANDBOX_PREFIX,
    Visit,
)

if TYPE_CHECKING:
    from edge.app import EdgeApp

_USERNAME = re.compile(r"[a-z0-9_.]{3,30}")
_HEALTH_HEADERS = [("content-type", "text/plain"), ("cache-control", NO_STORE)]


async def not_a_code(edge: EdgeApp, scope: Any, proto: Any, path: str) -> None:
    """Every path on the short host that is not a live code."""
    if path.startswith(BIO_PATH):
        await bio(edge, scope, proto, path[len(BIO_PATH) :])
    elif path.startswith(SANDBOX_PREFIX):
        await in_sandbox(edge, scope, proto, path[len(SANDBOX_PREFIX) :])
    elif path == "/":
        proto.response_empty(302, edge.landing)
        edge.track_orphan(scope, scope.headers, "", path, "base")
    elif path == HEALTH_PATH:
        proto.response_bytes(200, _HEALTH_HEADERS, b"ok")
    elif not await with_rest(edge, scope, proto, path, ""):
        proto.response_bytes(404, pages.ERROR_HEADERS, pages.NOT_FOUND)
        if path not in NOT_ORPHANS:
            edge.track_orphan(scope, scope.headers, "", path, "unknown")


async def with_rest(edge: EdgeApp, scope: Any, proto: Any, path: str, host: str) -> bool:
    """``/<code>/`` (answered as ``/<code>``, on every link) and ``/<code>/<more>``
    (answered by the link's ``extraPath``: ``ignore`` as ``/<code>``, ``append`` with
    ``/<more>`` after the destination's path; none, the 404 it always was). False when
    the path is no code followed by a slash: the caller's 404. A cache miss of a plain
    ``/<code>`` ends here only after the hot path, so this costs it nothing."""
    code, slash, rest = path[1:].partition("/")
    if not slash or not CODE.fullmatch(code):
        return False
    if edge.folds(host):
        code = fold_code(code)
    found = await _link(edge, proto, code, host)
    if found is None:
        return True
    target, counts = found
    extra = ""
    if rest:
        if not target.extra_path:  # no extraPath: the 404 (and orphan visit) it always was
            edge.track_orphan(scope, scope.headers, host, path, "unknown")
            missing_page(edge, proto, host)
            return True
        if target.extra_path == "append":
            # Whatever could end the path early or bend the header is %-encoded.
            extra = "/" + header_safe(rest).replace("?", "%3F").replace("#", "%23")
    await _answer(edge, scope, proto, target, counts, code=code, host=host, extra=extra)
    return True


async def _link(edge: EdgeApp, proto: Any, code: str, host: str) -> tuple[Target, list[int]] | None:
    """The link ``code`` names on ``host`` ("" the default short host): from the
    in-process cache, else Redis; with the counts its answer goes to (hits or misses).
    None once a 503 is answered (Redis unreachable)."""
    cache, resolver = (
        (edge.domain_cache, edge.domain_resolver) if host else (edge.cache, edge.resolver)
    )
    name = link_cache_key(code, host)
    target = cache.get(name)
    if target is not None:
        return target, edge.hits
    try:
        return await resolver.resolve(name), edge.misses
    except RedisUnavailable:
        proto.response_bytes(503, pages.UNAVAILABLE_HEADERS, pages.UNAVAILABLE)
        edge.misses[503] += 1
        return None


async def _answer(
    edge: EdgeApp,
    scope: Any,
    proto: Any,
    target: Target,
    counts: list[int],
    *,
    code: str,
    host: str,
    extra: str = "",
) -> None:
    """Redirect, or answer why not (gone, expired, blocked, warned, protected); counted."""
    now_ms = int(clock.now() * 1000)
    visit = Visit(
        edge, scope, proto, scope.headers, target, code=code, now_ms=now_ms, host=host, extra=extra
    )
    if target.kind != REDIRECT or (target.expires_at_ms and now_ms >= target.expires_at_ms):
        counts[await not_redirected(visit)] += 1
    else:
        counts[redirect(visit, scope.query_string)] += 1


async def bio(
    edge: EdgeApp, scope: Any, proto: Any, username: str, *, sandbox: bool = False
) -> None:
    """``/@<username>``: the rendered Bio page from Redis; a GET is a visit."""
    errors = pages.SANDBOX_ERROR_HEADERS if sandbox else pages.ERROR_HEADERS
    if not _USERNAME.fullmatch(username):
        proto.response_bytes(404, errors, pages.BIO_NOT_FOUND)
        return
    key = sandbox_bio_key(username) if sandbox else bio_key(username)
    try:
        with redis_outage():
            raw = cast("bytes | None", await edge.redis.get(key))
    except RedisUnavailable:
        unavailable = pages.SANDBOX_UNAVAILABLE_HEADERS if sandbox else pages.UNAVAILABLE_HEADERS
        proto.response_bytes(503, unavailable, pages.UNAVAILABLE)
        return
    if raw is None:
        proto.response_bytes(404, errors, pages.BIO_NOT_FOUND)
        return
    entry = bio_entry_decoder.decode(raw)
    if entry.gone:  # deleted or renamed: the name is reserved for its owner
        proto.response_bytes(410, errors, pages.BIO_GONE)
        return
    headers = pages.SANDBOX_BIO_HEADERS if sandbox else pages.BIO_HEADERS
    proto.response_bytes(200, headers, entry.html)
    if scope.method == "GET":
        now_ms = int(clock.now() * 1000)
        edge.track(
            scope, scope.headers, entry.bio_id, username, now_ms, qr=False, kind=BIO_VISIT_KIND
        )


async def in_sandbox(edge: EdgeApp, scope: Any, proto: Any, rest: str, host: str = "") -> None:
    """``/test/<code>`` and ``/test/@<username>``: the sandbox namespace, from Redis.
    On a custom domain (``host``) the sandbox links on it; Bio pages are the default
    short host's only."""
    if rest.startswith("@") and not host:
        await bio(edge, scope, proto, rest[1:], sandbox=True)
        return
    if not CODE.fullmatch(rest):
        proto.response_bytes(404, pages.SANDBOX_ERROR_HEADERS, pages.NOT_FOUND)
        return
    if edge.folds(host):
        rest = fold_code(rest)
    try:
        with redis_outage():
            key = sandbox_link_key(link_cache_key(rest, host))
            raw = cast("bytes | None", await edge.redis.get(key))
    except RedisUnavailable:
        proto.response_bytes(503, pages.SANDBOX_UNAVAILABLE_HEADERS, pages.UNAVAILABLE)
        return
    target = not_found() if raw is None else target_of(link_entry_decoder.decode(raw))
    now_ms = int(clock.now() * 1000)
    visit = Visit(
        edge, scope, proto, scope.headers, target, code=rest, now_ms=now_ms, host=host, sandbox=True
    )
    if target.kind != REDIRECT or (target.expires_at_ms and now_ms >= target.expires_at_ms):
        await not_redirected(visit)
        return
    redirect(visit, scope.query_string)


async def on_domain(edge: EdgeApp, scope: Any, proto: Any, host: str) -> None:
    """A request to a verified custom domain: its links, keyed ``<host>/<code>``, by
    the same decisions as the default host's (rules, variants, passwords, safety
    pages); ``/test/<code>`` its sandbox links. Everything else is the default
    host's 404 page (a custom domain has no landing page and no Bio pages)."""
    method = scope.method
    path = scope.path
    if method not in METHODS:
        if method == "POST":
            await post(edge, scope, proto, path, host)
        else:
            proto.response_bytes(405, pages.NOT_ALLOWED_HEADERS, pages.METHOD_NOT_ALLOWED)
        return
    if path.startswith(SANDBOX_PREFIX):
        await in_sandbox(edge, scope, proto, path[len(SANDBOX_PREFIX) :], host)
        return
    code = path[1:]
    if not CODE.fullmatch(code):
        if await with_rest(edge, scope, proto, path, host):
            return
        if path not in NOT_ORPHANS:
            edge.track_orphan(
                scope, scope.headers, host, path, "base" if path == "/" else "unknown"
            )
        missing_page(edge, proto, host)
        return
    if edge.folds(host):
        code = fold_code(code)
    found = await _link(edge, proto, code, host)
    if found is not None:
        await _answer(edge, scope, proto, *found, code=code, host=host)


async def elsewhere(edge: EdgeApp, scope: Any, proto: Any, authority: str) -> bool:
    """A request whose ``Host`` is not one of ``short_authorities`` as sent: answer it
    and return True, or return False when it names the short host after all (another
    case, port or a final dot) and the default namespace should answer it.

    ``/_health`` answers on any host (load balancers probe by address). A verified
    custom domain is answered from its links; any other host from nobody's (404): a
    domain deleted while its DNS still points here must not reach the default codes any
    account can claim. Until the edge has read the domain set it cannot tell the two
    apart and answers 503."""
    host = host_of(authority)
    if host in edge.short_hosts:
        return False
    if scope.path == HEALTH_PATH:
        await not_a_code(edge, scope, proto, HEALTH_PATH)
    elif host in edge.custom_hosts:
        await on_domain(edge, scope, proto, host)
    elif not edge.domains.loaded:
        proto.response_bytes(503, pages.UNAVAILABLE_HEADERS, pages.UNAVAILABLE)
    else:
        proto.response_bytes(404, pages.ERROR_HEADERS, pages.NOT_FOUND)
    return True
