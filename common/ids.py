"""Resource ids and short codes.

Ids are a type prefix plus a ULID spelled in lowercase Crockford base32: 48 bits
of milliseconds then 80 random bits, so they sort by creation time (keyset
pagination orders by id) and reveal nothing guessable. Short codes are 7 random
base62 characters, case-sensitive and never sequential.
"""

from __future__ import annotations

import secrets
import time

_CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz"
_BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
SHORT_CODE_LENGTH = 7


def ulid(now_ms: int | None = None) -> str:
    """A 26-character, time-ordered, lowercase ULID."""
    millis = int(time.time() * 1000) if now_ms is None else now_ms
    value = (millis & ((1 << 48) - 1)) << 80 | secrets.randbits(80)
    chars = []
    for _ in range(26):
        chars.append(_CROCKFORD[value & 31])
        value >>= 5
    return "".join(reversed(chars))


def new_id(prefix: str) -> str:
    """``prefix_<ulid>``, e.g. ``lnk_01j9…``."""
    return f"{prefix}_{ulid()}"


def new_short_code(length: int = SHORT_CODE_LENGTH) -> str:
    return "".join(secrets.choice(_BASE62) for _ in range(length))


def new_secret_token(nbytes: int = 32) -> str:
    """URL-safe random text for API keys, refresh tokens and signing secrets."""
    return secrets.token_urlsafe(nbytes)
