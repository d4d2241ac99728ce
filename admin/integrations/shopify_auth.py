"""Shopify's signatures: the OAuth callback's query HMAC and the webhooks' body HMAC.

Both are HMAC-SHA256 keyed with the app's client secret and compared in constant time.

- OAuth redirects (``/admin/oauth/authorize`` → our callback) carry ``hmac``: hex of
  the HMAC of the other query parameters, sorted by name and joined as
  ``name=value`` with ``&``, the values as they were *after* URL-decoding. In a name
  ``%``, ``&`` and ``=`` are escaped as ``%25``, ``%26`` and ``%3D``; in a value ``%``
  and ``&`` as ``%25`` and ``%26``. A parameter given several times (``ids[]=1&ids[]=2``)
  is one entry ``ids=["1", "2"]``. ``signature`` (an older scheme) is left out too.
- Webhooks carry ``X-Shopify-Hmac-Sha256``: base64 of the HMAC of the raw body.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import re
from collections.abc import Sequence

SHOP_HOST = re.compile(r"[a-zA-Z0-9][a-zA-Z0-9-]*\.myshopify\.com")
MAX_SHOP_LENGTH = 255


def valid_shop(shop: str) -> bool:
    """``name.myshopify.com``: the only hosts Shopify installs from (no path, no port)."""
    return len(shop) <= MAX_SHOP_LENGTH and SHOP_HOST.fullmatch(shop) is not None


def _escape_name(name: str) -> str:
    return name.replace("%", "%25").replace("&", "%26").replace("=", "%3D")


def _escape_value(value: str) -> str:
    return value.replace("%", "%25").replace("&", "%26")


def signed_message(pairs: Sequence[tuple[str, str]]) -> str:
    """The text Shopify signs: every parameter but ``hmac`` and ``signature``."""
    grouped: dict[str, list[str]] = {}
    for name, value in pairs:
        if name in ("hmac", "signature"):
            continue
        grouped.setdefault(name, []).append(value)
    entries = []
    for name, values in grouped.items():
        if name.endswith("[]") or len(values) > 1:
            key = name.removesuffix("[]")
            value = "[" + ", ".join(f'"{item}"' for item in values) + "]"
        else:
            key, value = name, values[0]
        entries.append(f"{_escape_name(key)}={_escape_value(value)}")
    return "&".join(sorted(entries))


def query_hmac(secret: str, pairs: Sequence[tuple[str, str]]) -> str:
    message = signed_message(pairs).encode()
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def verify_query(secret: str, pairs: Sequence[tuple[str, str]]) -> bool:
    given = [value for name, value in pairs if name == "hmac"]
    if len(given) != 1:
        return False
    expected = query_hmac(secret, pairs)
    return hmac.compare_digest(expected.encode(), given[0].lower().encode())


def webhook_hmac(secret: str, body: bytes) -> str:
    digest = hmac.new(secret.encode(), body, hashlib.sha256).digest()
    return base64.b64encode(digest).decode()


def verify_webhook(secret: str, body: bytes, header: str | None) -> bool:
    if not header:
        return False
    try:
        given = base64.b64decode(header.strip(), validate=True)
    except (binascii.Error, ValueError):
        return False
    expected = hmac.new(secret.encode(), body, hashlib.sha256).digest()
    return hmac.compare_digest(expected, given)
