"""``POST /<code>`` (or ``/test/<code>``): a password form's answer, metered per network."""

from __future__ import annotations

import urllib.parse
from typing import TYPE_CHECKING, Any, Final, cast

from common.clientip import client_network
from common.keys import fold_code, link_cache_key, link_password_tries_key, sandbox_link_key
from common.linkpass import COOKIE_SECONDS, MAX_PASSWORD_LENGTH, cookie_name
from common.redis_store import RedisUnavailable, redis_outage
from common.wire import link_entry_decoder
from edge import clock, pages, safety
from edge.decide import redirect
from edge.targets import LOCKED, NO_STORE, WARN, header_safe, not_found, target_of
from edge.visit import CODE, HEALTH_PATH, SANDBOX_PREFIX, Visit

if TYPE_CHECKING:
    from edge.app import EdgeApp

# A password form's body: "password=<at most 128 characters, %-encoded>".
MAX_FORM_BYTES: Final = 2048
# Passwords tried per visitor network and link in one window (a right one is given back),
# then 429 until it ends.
PASSWORD_TRIES: Final = 10
PASSWORD_WINDOW_SECONDS: Final = 600


async def post(edge: EdgeApp, scope: Any, proto: Any, path: str, host: str = "") -> None:
    """Right: 303 to the destination with the access cookie, and the visit counts (a
    warned link: 303 to its warning page, which names the destination). Wrong: the form
    again (401). Too many tries from the visitor's network: 429 for a while. ``host``:
    the custom domain asked, "" for the default short host."""
    sandbox = path.startswith(SANDBOX_PREFIX)
    code = path[len(SANDBOX_PREFIX) :] if sandbox else path[1:]
    if not CODE.fullmatch(code) or path == HEALTH_PATH:
        proto.response_bytes(405, pages.NOT_ALLOWED_HEADERS, pages.METHOD_NOT_ALLOWED)
        return
    if edge.folds(host):
        code = fold_code(code)
    name = link_cache_key(code, host)
    try:
        with redis_outage():
            if sandbox:
                raw = cast("bytes | None", await edge.redis.get(sandbox_link_key(name)))
                target = not_found() if raw is None else target_of(link_entry_decoder.decode(raw))
            else:
                target = await (edge.domain_resolver if host else edge.resolver).resolve(name)
    except RedisUnavailable:
        proto.response_bytes(503, pages.UNAVAILABLE_HEADERS, pages.UNAVAILABLE)
        return
    now_ms = int(clock.now() * 1000)
    expired = bool(target.expires_at_ms) and now_ms >= target.expires_at_ms
    # A warned link may be protected too: its form comes before the warning.
    if not target.verifier or target.kind not in (LOCKED, WARN) or expired:
        proto.response_bytes(405, pages.NOT_ALLOWED_HEADERS, pages.METHOD_NOT_ALLOWED)
    elif edge.passwords is None:  # HOP_LINK_PASSWORD_KEY unset on this edge
        errors = pages.SANDBOX_ERROR_HEADERS if sandbox else pages.ERROR_HEADERS
        proto.response_bytes(503, errors, pages.PASSWORD_UNAVAILABLE)
    else:
        visit = Visit(
            edge,
            scope,
            proto,
            scope.headers,
            target,
            code=code,
            now_ms=now_ms,
            host=host,
            sandbox=sandbox,
        )
        await _unlock(visit)


async def _unlock(visit: Visit) -> None:
    """Check a submitted password against the link's verifier, metered per network: the
    try is counted (one atomic INCR) before the password is looked at, so concurrent
    guesses cannot all pass a count read before any of them was added; a right
    password gives its try back."""
    edge, proto, target, now_ms = visit.edge, visit.proto, visit.target, visit.now_ms
    passwords = edge.passwords
    assert passwords is not None
    body = await _bounded_body(proto, MAX_FORM_BYTES)
    password = _password_of(body) if body is not None else None
    link_path = visit.path
    query = visit.scope.query_string
    network = client_network(edge.visitors.client_ip(visit.scope))
    window = now_ms // 1000 // PASSWORD_WINDOW_SECONDS
    tries_key = link_password_tries_key(target.link_id, network, window)
    try:
        with redis_outage():
            async with edge.redis.pipeline(transaction=False) as pipe:
                pipe.incr(tries_key)
                pipe.expire(tries_key, PASSWORD_WINDOW_SECONDS)
                tries = int((await pipe.execute())[0])
    except RedisUnavailable:  # without the counter, no guessing: try again later
        proto.response_bytes(503, pages.UNAVAILABLE_HEADERS, pages.UNAVAILABLE)
        return
    if tries > PASSWORD_TRIES:
        retry = PASSWORD_WINDOW_SECONDS - (now_ms // 1000) % PASSWORD_WINDOW_SECONDS
        headers = [*pages.PASSWORD_HEADERS, ("retry-after", str(retry))]
        proto.response_bytes(429, headers, pages.TOO_MANY_TRIES)
        return
    right = password is not None and passwords.check(target.link_id, password, target.verifier)
    if not right:
        action = f"{link_path}?{query}" if query else link_path
        page = pages.password_page(action, "That password is not right. Try again.")
        proto.response_bytes(401, pages.PASSWORD_HEADERS, page)
        return
    await _give_back(edge, tries_key)
    value = passwords.cookie(link_path, target.verifier, now_ms // 1000)
    cookie = (
        "set-cookie",
        f"{cookie_name(visit.code)}={value}; Path={link_path}; Max-Age={COOKIE_SECONDS}; "
        f"HttpOnly; SameSite=Lax{edge.cookie_secure}",
    )
    # 303: the browser follows with a GET, and the destination sees no form post.
    forwarded = safety.split_continue(query)[0]
    if target.kind == WARN:  # the warning page next, with the cookie: no visit yet
        warning = f"{link_path}?{header_safe(forwarded)}" if forwarded else link_path
        headers = [("location", warning), ("cache-control", NO_STORE), cookie]
        proto.response_empty(303, [*headers, pages.NOINDEX] if visit.sandbox else headers)
        return
    redirect(visit, forwarded, extra=[cookie], status=303, no_store=True)


async def _give_back(edge: EdgeApp, tries_key: str) -> None:
    """A right password's try is not held against its network (a shared address's
    visitors who know it are not locked out by each other)."""
    try:
        with redis_outage():
            await edge.redis.decr(tries_key)
    except RedisUnavailable:
        pass  # the try stays counted: harmless


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
