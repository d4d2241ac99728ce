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
    value = (millis & ((1 << 48) - 1)) << 80 | int.from_bytes(secrets.token_bytes(10))
    return "".join(_CROCKFORD[(value >> shift) & 31] for shift in range(125, -1, -5))


def new_id(prefix: str) -> str:
    """``prefix_<ulid>``, e.g. ``lnk_01j9…``."""
    return f"{prefix}_{ulid()}"


def new_short_code(length: int = SHORT_CODE_LENGTH) -> str:
    """Uniform over base62: bytes of 248 or more are rejected (248 = 4 x 62), no modulo bias."""
    code: list[str] = []
    while len(code) < length:
        code += [_BASE62[byte % 62] for byte in secrets.token_bytes(length * 2) if byte < 248]
    return "".join(code[:length])


def new_secret_token(nbytes: int = 32) -> str:
    """URL-safe random text for API keys, refresh tokens and signing secrets."""
    return secrets.token_urlsafe(nbytes)
