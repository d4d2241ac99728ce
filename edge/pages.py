"""The few bodies the edge ever sends, and their headers: tiny, static, built once."""

from __future__ import annotations

import html
from typing import Final


def _page(title: str, message: str) -> bytes:
    return (
        "<!doctype html><html lang=en><meta charset=utf-8>"
        '<meta name=viewport content="width=device-width,initial-scale=1">'
        f"<meta name=robots content=noindex><title>{title}</title>"
        '<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;'
        f'padding:0 1rem"><h1>{title}</h1><p>{message}</p></body></html>'
    ).encode()


NOT_FOUND: Final = _page("Link not found", "This short link does not exist.")
GONE: Final = _page(
    "Link no longer available", "This short link has expired or was removed by its owner."
)
BIO_NOT_FOUND: Final = _page("Page not found", "No Bio page has this name.")
BIO_GONE: Final = _page(
    "Page no longer available", "This Bio page was removed or renamed by its owner."
)
UNAVAILABLE: Final = _page("Temporarily unavailable", "Please try again in a moment.")
METHOD_NOT_ALLOWED: Final = _page("Method not allowed", "Short links answer GET and HEAD.")


HTML: Final = ("content-type", "text/html; charset=utf-8")
_NO_STORE: Final = ("cache-control", "no-store")
ERROR_HEADERS: Final = [HTML, _NO_STORE]
UNAVAILABLE_HEADERS: Final = [HTML, _NO_STORE, ("retry-after", "1")]
NOT_ALLOWED_HEADERS: Final = [HTML, ("allow", "GET, HEAD")]
# Bio pages hold their owner's text: nothing runs, nothing is framed or submitted.
BIO_HEADERS: Final = [
    HTML,
    ("cache-control", "private, max-age=60"),
    (
        "content-security-policy",
        "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "strict-origin-when-cross-origin"),
]

# The password form posts back to the code; nothing else runs or loads.
PASSWORD_HEADERS: Final = [
    ("content-type", "text/html; charset=utf-8"),
    ("cache-control", "no-store"),
    (
        "content-security-policy",
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; "
        "form-action 'self'; frame-ancestors 'none'",
    ),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("x-robots-tag", "noindex"),
]
PREVIEW_HEADERS: Final = [
    ("content-type", "text/html; charset=utf-8"),
    ("cache-control", "no-store"),
    ("content-security-policy", "default-src 'none'; base-uri 'none'; frame-ancestors 'none'"),
    ("x-content-type-options", "nosniff"),
]

# Sandbox links and pages (/test/...) are never indexed: their answers say so.
NOINDEX: Final = ("x-robots-tag", "noindex")
SANDBOX_ERROR_HEADERS: Final = [*ERROR_HEADERS, NOINDEX]
SANDBOX_UNAVAILABLE_HEADERS: Final = [*UNAVAILABLE_HEADERS, NOINDEX]
SANDBOX_BIO_HEADERS: Final = [*BIO_HEADERS, NOINDEX]
SANDBOX_PREVIEW_HEADERS: Final = [*PREVIEW_HEADERS, NOINDEX]


def password_page(action: str, error: str = "") -> bytes:
    """The form of a password-protected link: one labelled field; an error is announced
    (role=alert) and tied to the field (aria-describedby)."""
    described = " aria-invalid=true aria-describedby=pw-error" if error else ""
    alert = (
        f'<p id=pw-error role=alert style="color:#a00000">{html.escape(error)}</p>' if error else ""
    )
    return (
        "<!doctype html><html lang=en><meta charset=utf-8>"
        '<meta name=viewport content="width=device-width,initial-scale=1">'
        "<meta name=robots content=noindex><title>Password required</title>"
        '<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;'
        'padding:0 1rem;line-height:1.5"><h1>Password required</h1>'
        "<p>The owner of this short link protected it with a password.</p>"
        f'{alert}<form method=post action="{html.escape(action)}">'
        "<p><label for=pw>Password</label><br>"
        f"<input id=pw name=password type=password required autocomplete=current-password"
        f' maxlength=128 style="font-size:1rem;padding:.4rem;width:100%"{described}></p>'
        '<p><button type=submit style="font-size:1rem;padding:.4rem 1rem">Continue</button></p>'
        "</form></body></html>"
    ).encode()


TOO_MANY_TRIES: Final = _page(
    "Too many attempts", "Too many wrong passwords for this link. Try again in a few minutes."
)
PASSWORD_UNAVAILABLE: Final = _page(
    "Temporarily unavailable", "This link cannot be opened right now. Please try again later."
)
