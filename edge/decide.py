"""What the edge answers for a link beyond the plain redirect: the destination its rules or
the visitor's A/B variant pick, the QR marker, the forwarded query; and everything that is
not a redirect: unknown, gone or expired, blocked, warned (an interstitial) or protected
(a password form). Each takes the request's ``Visit`` and returns the status answered."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from common.linkpass import cookie_name
from common.targeting import (
    classify,
    language_matches,
    pick_variant,
    preferred_language,
    visitor_bucket,
)
from common.wire import CLICK_KIND
from edge import applinks, pages, safety
from edge.applinks import App
from edge.targets import BLOCK, GONE, MISSING, NO_STORE, WARN, header_safe, locked_preview
from edge.visit import Visit
from edge.visitors import is_crawler, is_preview_bot

if TYPE_CHECKING:
    from edge.app import EdgeApp

# Visitors a deep link's page is for (common/targeting.py ``classify``'s OS names).
_APP_SYSTEMS: Final = frozenset({"ios", "android"})

# A QR code of an existing short link encodes <short url>?qr=1 (see docs/qr.md):
# the marker makes the visit a scan and is not forwarded to the destination.
_QR_MARKER: Final = "qr=1"
_QR_MARKER_LENGTH: Final = len(_QR_MARKER)


def redirect(
    visit: Visit,
    query: str,
    *,
    extra: list[tuple[str, str]] | None = None,
    status: int = 0,
    no_store: bool = False,
) -> int:
    """A preview page for link-preview crawlers; else the destination the rules or the
    visitor's A/B variant pick, the QR marker taken out of the query (it makes the visit
    a scan), the rest forwarded if the link says so (for a person on a phone, a deep
    link's page, ``app_page``, instead of the redirect); then track."""
    target = visit.target
    user_agent = visit.user_agent
    # A protected link's preview is ``locked``'s: here the visitor holds its cookie.
    if target.preview_page and not target.verifier and is_preview_bot(user_agent):
        visit.proto.response_bytes(200, pages.PREVIEW_HEADERS, target.preview_page)
        return 200  # an unfurl, not a visit
    qr = target.qr
    # The marker alone or followed by "&": drop it and its separator, keep the rest.
    if query.startswith(_QR_MARKER) and query[_QR_MARKER_LENGTH:][:1] in ("", "&"):
        query, qr = query[_QR_MARKER_LENGTH + 1 :], True
    location, variant, app = destination(visit, user_agent)
    if visit.extra:
        location = appended(location, visit.extra)
    if app is not None:
        answered = app_page(visit, app, location, query, extra)
        if answered:
            _track(visit, qr, variant)
            return answered
    headers = target.headers_to(location, query if target.forward_query else "")
    if no_store:
        headers[1] = ("cache-control", NO_STORE)
    if extra:
        headers += extra
    if visit.sandbox:
        headers.append(pages.NOINDEX)
    answered = status or target.status
    visit.proto.response_empty(answered, headers)
    _track(visit, qr, variant)
    return answered


def _track(visit: Visit, qr: bool, variant: int) -> None:
    scope = visit.scope
    if scope.method != "HEAD":  # HEAD is a probe, not a visit
        visit.edge.track(
            scope,
            visit.headers,
            visit.target.link_id,
            visit.code,
            visit.now_ms,
            qr=qr,
            kind=CLICK_KIND,
            variant=variant,
        )


def app_page(
    visit: Visit, app: App, location: str, query: str, extra: list[tuple[str, str]] | None
) -> int:
    """A deep link's page (edge/applinks.py) for a person on iOS or Android: 200, the
    visit's click (the page's fallback never comes back here); 0 for anyone else
    (desktop, crawlers), who get the redirect. The fallback is the platform's store,
    else ``location``, with the visit's query as the redirect would forward it."""
    user_agent = visit.user_agent
    system = classify(user_agent)[1]
    if system not in _APP_SYSTEMS or is_crawler(user_agent):
        return 0
    target = visit.target
    store = app.ios if system == "ios" else app.android
    forwarded = query if target.forward_query else ""
    fallback = target.headers_to(store or location, forwarded)[0][1]
    page = applinks.page(app.url, system, fallback, store=bool(store))
    visit.proto.response_bytes(
        200, [*applinks.HEADERS, *extra] if extra else applinks.HEADERS, page
    )
    return 200


def appended(location: str, extra: str) -> str:
    """``location`` with the path ``extra`` ("/more") after its path, before its query and
    fragment; one slash between them."""
    base, hash_mark, fragment = location.partition("#")
    base, question, query = base.partition("?")
    return f"{base.removesuffix('/')}{extra}{question}{query}{hash_mark}{fragment}"


def destination(visit: Visit, user_agent: str) -> tuple[str, int, App | None]:
    """The first matching rule's location, else the visitor's variant, else the link's
    destination; the variant index (-1: none); and the deep link that applies: the
    matching rule's, else the link's (None: none)."""
    target = visit.target
    visitors = visit.edge.visitors
    ip = ""
    if target.rules:
        device, system = classify(user_agent)
        language = preferred_language(visit.headers.get("accept-language", ""))
        country = ""
        if target.needs_country:
            ip = visitors.client_ip(visit.scope)
            country = visitors.country(visit.scope, ip)
        for rule in target.rules:
            if (
                (not rule.oses or system in rule.oses)
                and (not rule.devices or device in rule.devices)
                and (not rule.countries or country in rule.countries)
                and (not rule.languages or language_matches(language, rule.languages))
            ):
                return rule.location, -1, rule.app or target.app
    if target.variant_bounds:
        bucket = visitor_bucket(ip or visitors.client_ip(visit.scope), user_agent, target.link_id)
        index = pick_variant(bucket, target.variant_bounds)
        return target.variant_locations[index], index, target.app
    return target.location, -1, target.app


async def not_redirected(visit: Visit) -> int:
    """Everything but a plain redirect: unknown, gone or expired, blocked, or flagged
    (an interstitial, or the redirect its continue link asks for)."""
    target, proto = visit.target, visit.proto
    errors = pages.SANDBOX_ERROR_HEADERS if visit.sandbox else pages.ERROR_HEADERS
    if target.kind == MISSING:
        return not_found(visit)
    if target.kind == GONE or (target.expires_at_ms and visit.now_ms >= target.expires_at_ms):
        if not visit.sandbox:  # test traffic is nobody's orphan
            kind = "deleted" if target.deleted else "expired"
            visit.edge.track_orphan(visit.scope, visit.headers, visit.host, visit.path, kind)
        if target.expired_location:  # the owner's page for an expired or exhausted link
            headers = [("location", target.expired_location), ("cache-control", NO_STORE)]
            proto.response_empty(302, [*headers, pages.NOINDEX] if visit.sandbox else headers)
            return 302
        proto.response_bytes(410, errors, pages.GONE)
        return 410
    if target.kind == BLOCK:
        page = safety.blocked_page(target.link_id, target.reasons, visit.edge.safety_contact)
        proto.response_bytes(403, safety.HEADERS, page)
        return 403
    if target.verifier:  # protected (LOCKED, or WARN: the password comes first)
        return await locked(visit)
    return await warned(visit)


def not_found(visit: Visit) -> int:
    """An unknown code: an orphan visit (not in the sandbox), answered by the 404 page or,
    on a custom domain whose owner set one, a redirect to its "not found" page."""
    if visit.sandbox:
        visit.proto.response_bytes(404, pages.SANDBOX_ERROR_HEADERS, pages.NOT_FOUND)
        return 404
    visit.edge.track_orphan(visit.scope, visit.headers, visit.host, visit.path, "unknown")
    return missing_page(visit.edge, visit.proto, visit.host)


def missing_page(edge: EdgeApp, proto: Any, host: str) -> int:
    """The 404 page, or the redirect to the custom domain's "not found" destination."""
    location = edge.domains.not_found.get(host) if host else None
    if location:
        headers = [("location", header_safe(location)), ("cache-control", NO_STORE)]
        proto.response_empty(302, headers)
        return 302
    proto.response_bytes(404, pages.ERROR_HEADERS, pages.NOT_FOUND)
    return 404


async def warned(visit: Visit) -> int:
    """A ``warn`` link (a protected one once unlocked): the interstitial, or with a valid
    continue token the redirect (the click is counted then, not on the page). The page
    names the destination this visitor's continue leads to (the rule or variant that
    applies, the forwarded query), not ``longUrl``. The token is bound to the host too
    (``host`` is "" on the default short host), so one minted for a code on one domain
    does not pass the same code on another."""
    target, path = visit.target, visit.path
    query, token = safety.split_continue(visit.scope.query_string)
    key = await visit.edge.continue_tokens.key()
    if token is not None and safety.valid(key, visit.host + path, token, visit.now_ms):
        return redirect(visit, query, no_store=True)  # no_store: the next visit sees the page
    token = safety.mint(key, visit.host + path, visit.now_ms)
    joiner = "&" if query else ""
    href = f"{path}?{query}{joiner}{safety.CONTINUE_PARAMETER}={token}"
    location, _, _ = destination(visit, visit.user_agent)
    if visit.extra:
        location = appended(location, visit.extra)
    destined = target.headers_to(location, query if target.forward_query else "")[0][1]
    page = safety.warning_page(destined, target.reasons, href)
    visit.proto.response_bytes(200, safety.HEADERS, page)
    return 200


def unlocked(visit: Visit) -> bool:
    """Whether the request carries the code's valid access cookie."""
    passwords = visit.edge.passwords
    if passwords is None:  # HOP_LINK_PASSWORD_KEY unset: nothing opens
        return False
    cookie = _cookie(visit.headers.get("cookie", ""), cookie_name(visit.code))
    return bool(cookie) and passwords.cookie_valid(
        visit.path, visit.target.verifier, cookie, visit.now_ms // 1000
    )


async def locked(visit: Visit) -> int:
    """A password-protected link, warned or not. With the code's valid access cookie
    the redirect (a warned link: its warning page first). Without, nothing about the
    link but the form; link-preview crawlers get the preview page if there is one,
    naming the link's short URL (no destination: not ``longUrl``, a rule's, a
    variant's)."""
    target, path, query_string = visit.target, visit.path, visit.scope.query_string
    if unlocked(visit):
        if target.kind == WARN:
            return await warned(visit)
        # A continue token (if any) is the edge's, not the destination's.
        return redirect(visit, safety.split_continue(query_string)[0])
    if target.preview_page and is_preview_bot(visit.user_agent):
        host = visit.host
        short_url = f"https://{host}{path}" if host else f"{visit.edge.short_base}{path}"
        headers = pages.SANDBOX_PREVIEW_HEADERS if visit.sandbox else pages.PREVIEW_HEADERS
        visit.proto.response_bytes(200, headers, locked_preview(target.preview_page, short_url))
        return 200  # an unfurl, not a visit
    query = safety.split_continue(query_string)[0]
    action = f"{path}?{query}" if query else path
    visit.proto.response_bytes(200, pages.PASSWORD_HEADERS, pages.password_page(action))
    return 200


def _cookie(header: str, name: str) -> str:
    """The value of cookie ``name`` in a Cookie header ("" if absent)."""
    for part in header.split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            return value
    return ""
