"""What the edge keeps per short code: the answer, prepared once when it is cached.

A ``Target`` holds the response ready but for the header list itself (status,
header-safe location, the shared cache-control pair): building the two-item list
per request costs less than keeping ~100,000 of them in memory.
"""

from __future__ import annotations

import functools
import html
import re
from typing import Final

import msgspec

from common.wire import LinkEntry, LinkFeatures, LinkPreview, LinkRule
from edge.applinks import App

REDIRECT: Final = 0
GONE: Final = 1
MISSING: Final = 2
# Flagged by the safety layer (common/safety.py): an interstitial page, or a 403 page.
# Kinds of their own, so the live-code hot path's one ``kind != REDIRECT`` check is all
# an ok link pays.
WARN: Final = 3
BLOCK: Final = 4
_FLAGGED: Final = {"warn": WARN, "block": BLOCK}
# Password-protected: the form, or with the code's access cookie the redirect.
LOCKED: Final = 5

NO_STORE: Final = "no-store"
# Permanent redirects may be cached by the browser only, and briefly, so an
# owner can still change the destination.
PERMANENT_CACHE: Final = "private, max-age=300"

# Anything that could end or bend a header line, or isn't ASCII, is %-encoded
# before it reaches Location. Stored URLs are validated by the admin; this also
# covers the visitor's own query string and anything Redis might hold.
_UNSAFE = re.compile(r"[^\x21-\x7e]|\\")


def _percent_encode(match: re.Match[str]) -> str:
    return "".join(f"%{byte:02X}" for byte in match[0].encode())


def header_safe(text: str) -> str:
    return _UNSAFE.sub(_percent_encode, text) if _UNSAFE.search(text) else text


_CACHE_HEADERS = {
    PERMANENT_CACHE: ("cache-control", PERMANENT_CACHE),
    NO_STORE: ("cache-control", NO_STORE),
}


class Rule(msgspec.Struct, frozen=True, gc=False):
    """A targeting rule as the edge matches it: empty conditions always hold."""

    location: str  # header-safe
    countries: frozenset[str] = frozenset()
    devices: frozenset[str] = frozenset()
    oses: frozenset[str] = frozenset()
    languages: tuple[str, ...] = ()
    # The rule's deep link (its stores, else the link's); None: the link's applies.
    app: App | None = None


class Target(msgspec.Struct, gc=False):
    """gc=False: ~100,000 live in the cache and hold only strings and numbers, so the
    cyclic garbage collector need not walk them (its pauses showed in the p99)."""

    kind: int
    link_id: str = ""
    location: str = ""  # header-safe (see header_safe)
    status: int = 302
    forward_query: bool = False
    expires_at_ms: int = 0
    qr: bool = False  # every visit of a QR-owned link is a scan
    cache_header: tuple[str, str] = _CACHE_HEADERS[NO_STORE]  # shared by every target
    epoch: int = 0  # set by LinkCache.put
    reasons: tuple[str, ...] = ()  # WARN and BLOCK: why (common/safety.py codes)
    # True when the answer depends on the visit (rules, variants, a preview page): the
    # one flag the hot path tests; ordinary links leave everything below empty.
    tailored: bool = False
    # Targeting rules, first match wins; an app link's stores are two of them.
    rules: tuple[Rule, ...] = ()
    needs_country: bool = False  # some rule names countries: only then is it looked up
    # A/B variants: cumulative upper bounds (0-100) and their header-safe locations.
    variant_bounds: tuple[int, ...] = ()
    variant_locations: tuple[str, ...] = ()
    verifier: str = ""  # LOCKED: the password verifier (common/linkpass.py)
    expired_location: str = ""  # an expired or exhausted link's redirect (else 410)
    # Served to link-preview crawlers instead of the redirect. A protected link's (one
    # with a verifier) names no destination, only a mark for its short URL, and is served
    # through ``locked_preview`` only.
    preview_page: bytes = b""
    # GONE: deleted (else expired or exhausted); an orphan visit's type says which.
    deleted: bool = False
    # A deep link (edge/applinks.py): iOS and Android visitors get the page opening it.
    app: App | None = None
    # What /<code>/<more> answers (wire.LinkEntry.extra_path): "" a 404, "ignore" the
    # link's answer, "append" its destination with /<more> (edge/namespaces.py).
    extra_path: str = ""

    def headers_to(self, location: str, query: str) -> list[tuple[str, str]]:
        """Headers redirecting to ``location`` plus the visit's query, before any fragment."""
        if query:
            base, hash_mark, fragment = location.partition("#")
            joiner = "&" if "?" in base else "?"
            location = f"{base}{joiner}{header_safe(query)}{hash_mark}{fragment}"
        return [("location", location), self.cache_header]


# Where a protected link's preview page names its short URL, filled in per request
# (``locked_preview``): the preview of a protected link never names a destination. Every
# owner's text in the page is HTML-escaped, so "<" can only be this mark.
_SHORT_URL_MARK: Final = b"<short-url>"


def preview_page(preview: LinkPreview, location: str | None) -> bytes:
    """A tiny page of og: and twitter: tags for crawlers; a person who lands on it (a
    crawler-like user agent) gets a link to ``location``. ``None`` (a protected link):
    the page names the link's own short URL instead (``locked_preview``)."""
    title = html.escape(preview.title)
    url = _SHORT_URL_MARK.decode() if location is None else html.escape(location)
    tags = [
        f'<meta property="og:title" content="{title}">',
        f'<meta name="twitter:title" content="{title}">',
        f'<meta property="og:url" content="{url}">',
    ]
    if preview.description:
        description = html.escape(preview.description)
        tags += [
            f'<meta name="description" content="{description}">',
            f'<meta property="og:description" content="{description}">',
            f'<meta name="twitter:description" content="{description}">',
        ]
    if preview.image:
        image = html.escape(preview.image)
        tags += [
            f'<meta property="og:image" content="{image}">',
            f'<meta name="twitter:image" content="{image}">',
            '<meta name="twitter:card" content="summary_large_image">',
        ]
    else:
        tags.append('<meta name="twitter:card" content="summary">')
    return (
        "<!doctype html><html lang=en><meta charset=utf-8>"
        f"<title>{title}</title>{''.join(tags)}"
        f'<body><p><a href="{url}">{title}</a></p></body></html>'
    ).encode()


def locked_preview(page: bytes, short_url: str) -> bytes:
    """A protected link's preview page (built with ``location=None``) naming ``short_url``."""
    return page.replace(_SHORT_URL_MARK, html.escape(short_url).encode())


def not_found() -> Target:
    """A fresh negative entry (each cached miss carries its own epoch)."""
    return Target(MISSING)


def _rules(entry: LinkEntry, features: LinkFeatures) -> tuple[Rule, ...]:
    return _shared_rules(
        entry.ios_url, entry.android_url, tuple(features.rules), bool(features.app_url)
    )


# Links of one account tend to carry the same rules (its app's stores, its markets): one
# tuple of Rules serves every cached link with the same set (a set costs ~3.5 KB for four
# rules; edge/cache.py counts it once).
@functools.lru_cache(maxsize=4096)
def _shared_rules(
    ios_url: str, android_url: str, link_rules: tuple[LinkRule, ...], deep: bool
) -> tuple[Rule, ...]:
    rules = []
    # An app link (admin/qr) is two OS rules: its stores, else the destination. A deep
    # link's (``deep``: it has an app URL) are its app's fallbacks instead (``_app``).
    if ios_url and not deep:
        rules.append(Rule(header_safe(ios_url), oses=frozenset({"ios"})))
    if android_url and not deep:
        rules.append(Rule(header_safe(android_url), oses=frozenset({"android"})))
    rules += [
        Rule(
            header_safe(rule.url),
            countries=frozenset(rule.countries),
            devices=frozenset(rule.devices),
            oses=frozenset(rule.oses),
            languages=rule.languages,
            app=(
                _app(rule.app_url, rule.ios_url or ios_url, rule.android_url or android_url)
                if rule.app_url
                else None
            ),
        )
        for rule in link_rules
    ]
    return tuple(rules)


def _app(app_url: str, ios_url: str, android_url: str) -> App:
    return App(
        header_safe(app_url),
        ios=header_safe(ios_url) if ios_url else "",
        android=header_safe(android_url) if android_url else "",
    )


def _bounds(weights: list[int]) -> tuple[int, ...]:
    bounds, total = [], 0
    for weight in weights:
        total += weight
        bounds.append(total)
    return tuple(bounds)


_NO_FEATURES: Final = LinkFeatures()


def target_of(entry: LinkEntry) -> Target:
    features = entry.features or _NO_FEATURES
    expired_location = header_safe(features.expired_url) if features.expired_url else ""
    if entry.state != "active":
        return Target(GONE, entry.link_id, deleted=True, extra_path=entry.extra_path)
    if features.exhausted:
        return Target(
            GONE, entry.link_id, expired_location=expired_location, extra_path=entry.extra_path
        )
    cache_control = PERMANENT_CACHE if entry.redirect_type in (301, 308) else NO_STORE
    has_rules = features.rules or entry.ios_url or entry.android_url
    rules = _rules(entry, features) if has_rules else ()
    app = _app(features.app_url, entry.ios_url, entry.android_url) if features.app_url else None
    kind = _FLAGGED.get(entry.verdict, REDIRECT)
    if kind == REDIRECT and features.password_verifier:
        kind = LOCKED  # WARN keeps its kind: the warning page comes first, then the form
    location = header_safe(entry.url)
    # Answers that depend on the visitor must not be cached by browsers as one.
    tailored = bool(rules or features.variants or features.preview or app)
    if tailored or kind == LOCKED:
        cache_control = NO_STORE
    return Target(
        kind,
        entry.link_id,
        location=location,
        status=entry.redirect_type,
        forward_query=entry.forward_query,
        expires_at_ms=entry.expires_at_ms,
        qr=entry.qr,
        cache_header=_CACHE_HEADERS[cache_control],
        reasons=entry.reasons,
        tailored=tailored,
        rules=rules,
        needs_country=any(rule.countries for rule in rules),
        variant_bounds=_bounds([variant.weight for variant in features.variants]),
        variant_locations=tuple(header_safe(variant.url) for variant in features.variants),
        verifier=features.password_verifier,
        expired_location=expired_location,
        preview_page=(
            preview_page(features.preview, None if features.password_verifier else location)
            if features.preview
            else b""
        ),
        app=app,
        extra_path=entry.extra_path,
    )
