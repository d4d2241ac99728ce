"""What both store platforms share: products, credentials, the answers' failure modes.

The platform clients (shopify.py, woocommerce.py) raise the exceptions below; the
service turns them into problems that name the platform (errors.py), and a
refused credential into a revoked integration.
"""

from __future__ import annotations

import asyncio
import html
import math
import re
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from html.parser import HTMLParser
from typing import Literal

import msgspec

from admin.outbound.client import Answer, OutboundFailed, OutboundRefused, OutboundTimeout
from admin.urls import InvalidUrl, parse_http_url
from common.backoff import Backoff

Platform = Literal["shopify", "woocommerce"]
PLATFORM_NAMES: dict[str, str] = {"shopify": "Shopify", "woocommerce": "WooCommerce"}
DESCRIPTION_CHARS = 2000  # of a product's description kept and shown to the writer
_ATTEMPTS = 3
# Waits between attempts when the store does not say how long (no Retry-After).
FIRST_RETRY_SECONDS = 0.5
LAST_RETRY_SECONDS = 2.0
_SPACE = re.compile(r"\s+")


class ShopifyCredential(msgspec.Struct, frozen=True, tag="shopify", tag_field="platform"):
    access_token: str
    scopes: str = ""


class WooCredential(msgspec.Struct, frozen=True, tag="woocommerce", tag_field="platform"):
    consumer_key: str
    consumer_secret: str


Credential = ShopifyCredential | WooCredential


class StoreInfo(msgspec.Struct, frozen=True, kw_only=True):
    store_key: str  # shop host, or the normalised site URL
    store_url: str
    name: str
    currency: str | None


class StoreProduct(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    title: str
    url: str
    price: str | None
    max_price: str | None
    currency: str | None
    image_url: str | None
    description: str
    vendor: str | None
    tags: list[str]
    handle: str | None


class ProductListing(msgspec.Struct, frozen=True, kw_only=True):
    products: list[StoreProduct]
    next_cursor: str | None  # the platform's own (Shopify endCursor, WooCommerce page)


class StoreProblem(Exception):
    """Base: something about a store call; ``str()`` is safe to show the owner."""


class CredentialRefused(StoreProblem):
    """The store refused the credential (401/403, or access denied)."""


class StoreUnavailable(StoreProblem):
    """Down, failing (5xx), or answering something that is not what its API answers."""


class StoreSlow(StoreProblem):
    """No answer within the time-out."""


class StoreThrottling(StoreProblem):
    """The store asks us to wait longer than the time we have left."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class AddressRefused(StoreProblem):
    """The store's address is not one we may call (the SSRF policy)."""

    def __init__(self, message: str, detail: str | None) -> None:
        super().__init__(message)
        self.detail = detail


class Deadline:
    """One time budget for a whole operation, waits for rate limits included."""

    def __init__(self, seconds: float) -> None:
        self.ends = time.monotonic() + seconds

    def left(self) -> float:
        return self.ends - time.monotonic()


def retry_after_seconds(value: str | None, now: datetime | None = None) -> float | None:
    """``Retry-After`` as seconds (a number, or an HTTP date), or None if absent or bad."""
    if not value:
        return None
    try:
        seconds = float(value)
    except ValueError:
        try:
            moment = parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return None
        if moment.tzinfo is None:
            return None
        seconds = (moment - (now or datetime.now(UTC))).total_seconds()
    return max(0.0, seconds) if math.isfinite(seconds) else None


async def send_with_retries(
    name: str, send: Callable[[], Awaitable[Answer]], deadline: Deadline
) -> Answer:
    """One call, repeated after a 429 or 5xx when the wait fits the deadline: the store's
    Retry-After if it gives one, else our backoff. Transport failures become
    StoreProblems."""
    backoff = Backoff(FIRST_RETRY_SECONDS, LAST_RETRY_SECONDS)
    for attempt in range(1, _ATTEMPTS + 1):
        answer = await transport(name, send, deadline)
        if answer.status != 429 and answer.status < 500:
            return answer
        told = retry_after_seconds(answer.header("retry-after"))
        wait = told if told is not None else backoff.next()
        if attempt == _ATTEMPTS or wait >= deadline.left() - 0.5:
            if answer.status == 429:
                raise StoreThrottling(f"{name} is rate limiting requests", max(wait, 1.0))
            raise StoreUnavailable(f"{name} answered HTTP {answer.status}")
        await asyncio.sleep(wait)
    raise AssertionError("unreachable")


async def transport(name: str, send: Callable[[], Awaitable[Answer]], deadline: Deadline) -> Answer:
    if deadline.left() <= 0:
        raise StoreSlow(f"{name} did not answer in time")
    try:
        async with asyncio.timeout(deadline.left()):
            return await send()
    except (OutboundTimeout, TimeoutError):
        raise StoreSlow(f"{name} did not answer in time") from None
    except OutboundRefused as exc:
        raise AddressRefused(f"the store address {exc}", exc.detail) from None
    except OutboundFailed as exc:
        raise StoreUnavailable(f"{name} could not be reached: {exc}") from None


def decode_json(name: str, body: bytes) -> object:
    try:
        return msgspec.json.decode(body)
    except msgspec.DecodeError:
        raise StoreUnavailable(f"{name} answered something that is not JSON") from None


class _TextOf(HTMLParser):
    _BLOCKS = frozenset({"p", "br", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "tr"})
    _SKIP = frozenset({"script", "style"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._SKIP:
            self.skipping += 1
        elif tag in self._BLOCKS:
            self.parts.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in self._SKIP and self.skipping:
            self.skipping -= 1

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.parts.append(data)


def plain_text(markup: str, limit: int = DESCRIPTION_CHARS) -> str:
    """Text of an HTML fragment: tags and scripts dropped, entities decoded, spaces folded."""
    parser = _TextOf()
    parser.feed(markup)
    parser.close()
    text = _SPACE.sub(" ", html.unescape("".join(parser.parts))).strip()
    return clean_text(text, limit)


def web_url(value: object) -> str | None:
    """``value`` if it is a URL we may show as a link and make a short link to (absolute
    http or https, the rules of a link's destination: admin/urls.py), else None.

    Store answers are untrusted: a ``javascript:`` or ``data:`` product URL would become
    an ``href`` on the dashboard."""
    if not isinstance(value, str) or not value:
        return None
    try:
        parse_http_url(value)
    except InvalidUrl:
        return None
    return value


def clean_text(text: str, limit: int) -> str:
    """No control characters (PostgreSQL refuses NUL), at most ``limit`` characters."""
    kept = "".join(c if c.isprintable() else " " for c in text)
    return _SPACE.sub(" ", kept).strip()[:limit]
