"""Webhook signatures (docs/api.md#signature): Stripe's scheme under our header name.

A delivery carries ``Svc-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>...]``
where each ``v1`` is ``HMAC-SHA256(key=secret, msg="<t>.<raw body>")`` in
lowercase hex, and the key is the whole secret string (``whsec_…``) as UTF-8.
During a secret rotation there is one ``v1`` per valid secret, so a receiver
holding either secret accepts the delivery.

This module is the dispatcher's signer and the reference receiver's verifier.
It needs only the standard library, so receivers can copy it as it is.
"""

from __future__ import annotations

import hashlib
import hmac
import time
from collections.abc import Sequence

SIGNATURE_HEADER = "Svc-Signature"
EVENT_ID_HEADER = "Svc-Event-Id"
SCHEME = "v1"
DEFAULT_TOLERANCE_SECONDS = 300


class SignatureError(ValueError):
    """The signature header is missing, malformed, stale or matches no secret."""


def compute(secret: str, timestamp: int, body: bytes) -> str:
    """The ``v1`` value: hex HMAC-SHA256 of ``"<timestamp>.<body>"``."""
    message = str(timestamp).encode() + b"." + body
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def sign(body: bytes, secrets: Sequence[str], timestamp: int | None = None) -> str:
    """The header value for ``body``, one ``v1`` per secret (current secret first)."""
    if not secrets:
        raise ValueError("at least one secret is needed")
    moment = int(time.time()) if timestamp is None else timestamp
    return ",".join([f"t={moment}", *(f"{SCHEME}={compute(s, moment, body)}" for s in secrets)])


def parse(header: str) -> tuple[int, list[str]]:
    """``(timestamp, [v1 signatures])`` from a header value; unknown schemes are ignored."""
    if not header.isascii():
        raise SignatureError("malformed signature header")
    timestamp: int | None = None
    signatures: list[str] = []
    for item in header.split(","):
        key, sep, value = item.strip().partition("=")
        if not sep:
            raise SignatureError("malformed signature header")
        if key == "t":
            if timestamp is not None or not value.isascii() or not value.isdigit():
                raise SignatureError("malformed timestamp in signature header")
            timestamp = int(value)
        elif key == SCHEME:
            signatures.append(value)
    if timestamp is None:
        raise SignatureError("no timestamp in signature header")
    if not signatures:
        raise SignatureError(f"no {SCHEME} signature in signature header")
    return timestamp, signatures


def verify(
    body: bytes,
    header: str | None,
    secrets: Sequence[str],
    *,
    tolerance: int = DEFAULT_TOLERANCE_SECONDS,
    now: float | None = None,
) -> int:
    """Check a delivery; return its timestamp or raise SignatureError.

    ``secrets`` are the receiver's valid secrets (two while it rotates). The
    timestamp must lie within ``tolerance`` seconds of ``now`` in either
    direction, so a captured delivery cannot be replayed later. Every
    comparison is constant-time.
    """
    if not header:
        raise SignatureError("missing signature header")
    timestamp, signatures = parse(header)
    current = time.time() if now is None else now
    if abs(current - timestamp) > tolerance:
        raise SignatureError("timestamp outside the tolerance window")
    matched = False
    for secret in secrets:
        expected = compute(secret, timestamp, body)
        for candidate in signatures:
            # No early exit: the time taken does not tell which secret matched.
            matched |= hmac.compare_digest(expected, candidate)
    if not matched:
        raise SignatureError("no signature matches")
    return timestamp
