"""Deep links (docs/decisions.md#deep-links-issue-30): the page that opens a link's app.

A visitor on iOS or Android (``common.targeting.classify``) of a link, or of a rule,
naming an ``appUrl`` gets this page instead of the redirect; desktop visitors and bots
get the redirect. The page tries the app at once and, unless the app took over (the
page went hidden), replaces itself after ``FALLBACK_MS`` with the platform's store URL,
else the destination the redirect would have named. Without JavaScript a
``<meta http-equiv=refresh>`` goes to that fallback. Nothing loads from anywhere; the
fallback goes straight to the store or destination, never back through the edge, so
the page's own load is the one click counted.

On Android a custom scheme is opened as an ``intent:`` URL with
``S.browser_fallback_url``: Chrome then goes to the fallback itself when no app takes
the scheme, where a bare ``myapp://`` navigation would fail silently. Universal /
app links (https) are opened as they are, on both platforms.

The script is one constant, so the CSP allows exactly it by its hash: every URL is in
an HTML attribute (escaped), read by the script from the DOM, never written into code.
"""

from __future__ import annotations

import base64
import hashlib
import html
from typing import Final
from urllib.parse import quote

import msgspec

FALLBACK_MS: Final = 1500
# Without JavaScript nothing can try the app: the store or destination after a moment
# (meta refresh counts whole seconds).
_NO_SCRIPT_SECONDS: Final = 2
# Schemes opened as they are on Android too (the rest are custom: an intent: URL).
_AS_GIVEN: Final = ("http:", "https:", "intent:")


class App(msgspec.Struct, frozen=True, gc=False):
    """A link's or a rule's deep link as the edge keeps it: the app URL and the store
    fallbacks per platform ("": the destination), all header-safe (ASCII, no spaces)."""

    url: str
    ios: str = ""
    android: str = ""


SCRIPT: Final = (
    "(function(){var d=document,"
    'a=d.getElementById("app").getAttribute("href"),'
    'f=d.getElementById("go").getAttribute("href"),'
    f"t=setTimeout(function(){{location.replace(f)}},{FALLBACK_MS});"
    # The app opened: the page is hidden (or left); the fallback must not follow.
    'd.addEventListener("visibilitychange",function(){if(d.hidden)clearTimeout(t)});'
    'addEventListener("pagehide",function(){clearTimeout(t)});'
    "location.href=a})()"
)
SCRIPT_HASH: Final = "sha256-" + base64.b64encode(hashlib.sha256(SCRIPT.encode()).digest()).decode()

HEADERS: Final = [
    ("content-type", "text/html; charset=utf-8"),
    ("cache-control", "no-store"),
    (
        "content-security-policy",
        f"default-src 'none'; script-src '{SCRIPT_HASH}'; style-src 'unsafe-inline'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("x-robots-tag", "noindex"),
]


def intent_url(app_url: str, fallback: str) -> str:
    """A custom-scheme app URL as Chrome for Android's ``intent:`` form, falling back to
    ``fallback`` when no app takes it (the app URL's own fragment, if any, is dropped:
    the intent's parameters are the fragment)."""
    scheme, _, rest = app_url.partition(":")
    rest = rest.partition("#")[0]
    return (
        f"intent:{rest}#Intent;scheme={scheme};"
        f"S.browser_fallback_url={quote(fallback, safe='')};end"
    )


def app_href(app_url: str, system: str, fallback: str) -> str:
    """What the page navigates to for a visitor on ``system`` ("ios" or "android")."""
    if system == "android" and not app_url.lower().startswith(_AS_GIVEN):
        return intent_url(app_url, fallback)
    return app_url


def page(app_url: str, system: str, fallback: str, *, store: bool) -> bytes:
    """The page for a visitor on ``system``: open ``app_url``, else go to ``fallback`` (the
    store page when ``store``, else the destination)."""
    app = html.escape(app_href(app_url, system, fallback))
    go = html.escape(fallback)
    label = "Get the app" if store else "Continue to the website"
    return (
        "<!doctype html><html lang=en><meta charset=utf-8>"
        '<meta name=viewport content="width=device-width,initial-scale=1">'
        "<meta name=robots content=noindex><title>Opening the app</title>"
        f'<noscript><meta http-equiv=refresh content="{_NO_SCRIPT_SECONDS};url={go}"></noscript>'
        '<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;'
        'padding:0 1rem;line-height:1.5">'
        f'<p><a id=app href="{app}">Open in the app</a></p>'
        f'<p><a id=go href="{go}">{label}</a></p>'
        f"<script>{SCRIPT}</script></body></html>"
    ).encode()
