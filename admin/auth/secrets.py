"""API keys and refresh tokens: random, shown once, stored as SHA-256.

A key is ``svc_live_`` or ``svc_test_`` followed by 43 URL-safe characters
(256 random bits). Its first 8 secret characters stay visible as the prefix so
owners can tell keys apart; lookups go by the hash, never by the key.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Literal

LIVE_PREFIX = "svc_live_"
TEST_PREFIX = "svc_test_"
REFRESH_PREFIX = "hop_rt_"
_VISIBLE = 8


def token_hash(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


def new_api_key(environment: Literal["live", "test"]) -> tuple[str, str]:
    """Return ``(key, visible_prefix)``."""
    key = (LIVE_PREFIX if environment == "live" else TEST_PREFIX) + secrets.token_urlsafe(32)
    return key, key[: len(LIVE_PREFIX) + _VISIBLE]


def key_environment(token: str) -> Literal["live", "test"] | None:
    if token.startswith(LIVE_PREFIX):
        return "live"
    if token.startswith(TEST_PREFIX):
        return "test"
    return None


def new_refresh_token() -> str:
    return REFRESH_PREFIX + secrets.token_urlsafe(32)
