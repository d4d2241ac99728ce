"""The few bodies the edge ever sends: tiny, static, built once."""

from __future__ import annotations

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
