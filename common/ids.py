"""Resource ids and short codes.

Ids are a type prefix plus a ULID spelled in lowercase Crockford base32: 48 bits
of milliseconds then 80 random bits, so they sort by creation time (keyset
pagination orders by id) and reveal nothing guessable. Short codes are 7 random
base62 characters, case-sensitive and never sequential.
"""

from __future__ import annotations

import secrets
import threading
import time

_CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz"
_BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
SHORT_CODE_LENGTH = 7


_RANDOM_BITS = 80


class _Monotonic:
    """The newest value this process handed out, so the next one is never below it."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.last = 0

    def next(self, fresh: int) -> int:
        with self.lock:
            if fresh >> _RANDOM_BITS > self.last >> _RANDOM_BITS:
                self.last = fresh
            else:
                self.last += 1
            return self.last


_monotonic = _Monotonic()


def ulid(now_ms: int | None = None) -> str:
    """A 26-character, time-ordered, lowercase ULID.

    Fresh ones are monotonic within a process: a second id in the same millisecond is
    the previous one plus one, so the links of one bulk request list in the order they
    were made (ids are the sort key), not in the order their random bits fell. An id for
    a given moment (``now_ms``, a bound for queries) is not recorded."""
    if now_ms is not None:
        value = (now_ms & ((1 << 48) - 1)) << _RANDOM_BITS | int.from_bytes(secrets.token_bytes(10))
        return _spelled(value)
    millis = int(time.time() * 1000) & ((1 << 48) - 1)
    fresh = millis << _RANDOM_BITS | int.from_bytes(secrets.token_bytes(10))
    return _spelled(_monotonic.next(fresh))


def _spelled(value: int) -> str:
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
