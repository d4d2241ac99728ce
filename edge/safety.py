"""What the edge shows for links the safety layer flagged (docs/safety.md).

``warn``: a 200 page with the destination in full, why it was flagged, and a continue
link back to the edge (``/<code>?…&hop_continue=<token>``); following it redirects and
counts the click; the page itself counts nothing. ``block``: a 403 page saying how to
appeal. Both pages run no script, load nothing, are never cached or indexed.

The continue token is an HMAC of the code and the minute it was issued, valid for
``CONTINUE_SECONDS``: a short link shared with a token in it stops skipping the page
soon after. Its key is random, shared by every edge through Redis (``SET NX``), so a
page served by one edge process continues on another.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import html
import secrets
from typing import Final, cast

from redis.asyncio import Redis

from common.keys import SAFETY_CONTINUE_KEY
from common.redis_store import RedisUnavailable, redis_outage
from common.safety import REASONS

CONTINUE_PARAMETER: Final = "hop_continue"
CONTINUE_SECONDS: Final = 600
_CLOCK_SKEW_SECONDS: Final = 60
HEADERS: Final = [
    ("content-type", "text/html; charset=utf-8"),
    ("cache-control", "no-store"),
    (
        "content-security-policy",
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; "
        "form-action 'none'; frame-ancestors 'none'",
    ),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("x-robots-tag", "noindex"),
]
_STYLE: Final = (
    "font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;"
    "line-height:1.5"
)


class ContinueTokens:
    def __init__(self, redis: Redis) -> None:
        self.redis = redis
        self._key: bytes | None = None

    async def key(self) -> bytes:
        """The edges' shared key; while Redis can't be asked, one for this request only
        (its continue link then shows the page again: safe, if a little slower)."""
        if self._key is not None:
            return self._key
        candidate = secrets.token_bytes(32)
        try:
            with redis_outage():
                await self.redis.set(SAFETY_CONTINUE_KEY, candidate, nx=True)
                stored = cast("bytes | None", await self.redis.get(SAFETY_CONTINUE_KEY))
        except RedisUnavailable:
            return candidate
        self._key = stored or candidate
        return self._key


def _mac(key: bytes, path: str, issued: int) -> str:
    digest = hmac.new(key, f"{path}\n{issued}".encode(), hashlib.sha256).digest()[:16]
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def mint(key: bytes, path: str, now_ms: int) -> str:
    issued = now_ms // 1000
    return f"{issued:x}.{_mac(key, path, issued)}"


def valid(key: bytes, path: str, token: str, now_ms: int) -> bool:
    issued_hex, _, mac = token.partition(".")
    try:
        issued = int(issued_hex, 16)
    except ValueError:
        return False
    age = now_ms // 1000 - issued
    if not -_CLOCK_SKEW_SECONDS <= age <= CONTINUE_SECONDS:
        return False
    return hmac.compare_digest(mac, _mac(key, path, issued))


def split_continue(query: str) -> tuple[str, str | None]:
    """The query without the continue parameter, and that parameter's value."""
    kept, token = [], None
    for part in query.split("&") if query else ():
        name, _, value = part.partition("=")
        if name == CONTINUE_PARAMETER:
            token = value
        else:
            kept.append(part)
    return "&".join(kept), token


def _reasons(codes: tuple[str, ...]) -> str:
    items = "".join(f"<li>{html.escape(REASONS.get(code, code))}</li>" for code in codes)
    return f"<ul>{items}</ul>" if items else ""


def _page(title: str, body: str) -> bytes:
    return (
        "<!doctype html><html lang=en><meta charset=utf-8>"
        '<meta name=viewport content="width=device-width,initial-scale=1">'
        f"<meta name=robots content=noindex><title>{title}</title>"
        f'<body style="{_STYLE}"><h1>{title}</h1>{body}</body></html>'
    ).encode()


def warning_page(location: str, reasons: tuple[str, ...], continue_href: str) -> bytes:
    """The interstitial: where the link goes (escaped, whole), why it was flagged, and
    a continue link; nothing happens until the visitor chooses."""
    body = (
        "<p>This short link was flagged by an automatic safety check. It leads to:</p>"
        '<p style="word-break:break-all;font-family:monospace;background:#f4f4f4;'
        f'padding:.5rem">{html.escape(location)}</p>'
        f"<p>Why it was flagged:</p>{_reasons(reasons)}"
        "<p>If you were not expecting this address, close this page. Never enter a "
        "password or payment details on a page you reached through a link you did not "
        "expect.</p>"
        f'<p><a href="{html.escape(continue_href)}" rel="noreferrer nofollow">'
        "Continue to this address anyway</a></p>"
    )
    return _page("Check where this link goes", body)


def blocked_page(link_id: str, reasons: tuple[str, ...], contact: str | None) -> bytes:
    """The 403 page: why, and how to appeal (owner and visitor)."""
    appeal = (
        "<p>If this is your link, sign in to the API and ask for a review: "
        f"<code>POST /v1/links/{html.escape(link_id)}/review</code>. An operator "
        "will look at it.</p>"
    )
    if contact:
        href = contact if "://" in contact else f"mailto:{contact}"
        appeal += (
            "<p>If you think this is a mistake, tell us: "
            f'<a href="{html.escape(href)}">{html.escape(contact)}</a>.</p>'
        )
    body = (
        "<p>This short link was blocked because it leads to a page that is known or "
        f"believed to be dangerous (phishing or malware).</p>{_reasons(reasons)}{appeal}"
    )
    return _page("This link has been blocked", body)
