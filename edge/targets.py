"""What the edge keeps per short code: the answer, prepared once when it is cached.

A ``Target`` holds the response ready but for the header list itself (status,
header-safe location, the shared cache-control pair): building the two-item list
per request costs less than keeping ~100,000 of them in memory.
"""

from __future__ import annotations

import re
from typing import Final

import msgspec

from common.wire import LinkEntry

REDIRECT: Final = 0
GONE: Final = 1
MISSING: Final = 2
# Flagged by the safety layer (common/safety.py): an interstitial page, or a 403 page.
# Kinds of their own, so the live-code hot path's one ``kind != REDIRECT`` check is all
# an ok link pays.
WARN: Final = 3
BLOCK: Final = 4
_FLAGGED: Final = {"warn": WARN, "block": BLOCK}

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
    # App links: one code, a store per platform (see admin/qr); "" for ordinary links.
    ios_location: str = ""
    android_location: str = ""
    cache_header: tuple[str, str] = _CACHE_HEADERS[NO_STORE]  # shared by every target
    epoch: int = 0  # set by LinkCache.put
    reasons: tuple[str, ...] = ()  # WARN and BLOCK: why (common/safety.py codes)

    def location_for(self, user_agent: str) -> str:
        """The app-store URL for iOS or Android visitors of an app link, else the destination."""
        if self.ios_location and (
            "iPhone" in user_agent or "iPad" in user_agent or "iPod" in user_agent
        ):
            return self.ios_location
        if self.android_location and "Android" in user_agent:
            return self.android_location
        return self.location

    def headers_to(self, location: str, query: str) -> list[tuple[str, str]]:
        """Headers redirecting to ``location`` plus the visit's query, before any fragment."""
        if query:
            base, hash_mark, fragment = location.partition("#")
            joiner = "&" if "?" in base else "?"
            location = f"{base}{joiner}{header_safe(query)}{hash_mark}{fragment}"
        return [("location", location), self.cache_header]


def not_found() -> Target:
    """A fresh negative entry (each cached miss carries its own epoch)."""
    return Target(MISSING)


def target_of(entry: LinkEntry) -> Target:
    if entry.state != "active":
        return Target(GONE, entry.link_id)
    cache_control = PERMANENT_CACHE if entry.redirect_type in (301, 308) else NO_STORE
    return Target(
        _FLAGGED.get(entry.verdict, REDIRECT),
        entry.link_id,
        location=header_safe(entry.url),
        status=entry.redirect_type,
        forward_query=entry.forward_query,
        expires_at_ms=entry.expires_at_ms,
        qr=entry.qr,
        ios_location=header_safe(entry.ios_url) if entry.ios_url else "",
        android_location=header_safe(entry.android_url) if entry.android_url else "",
        cache_header=_CACHE_HEADERS[cache_control],
        reasons=entry.reasons,
    )
