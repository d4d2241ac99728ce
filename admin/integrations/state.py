"""Signed, expiring ``state`` for the install flows: who started the install, for which store.

Shopify returns our ``state`` on the callback and WooCommerce our ``user_id`` on its
key delivery; neither carries our bearer token, so the value itself must say which
account and environment the store joins, and prove we issued it. It is
``base64url(JSON) "." base64url(HMAC-SHA256)`` under a key derived from
``HOP_WEBHOOK_SECRET_KEY`` (its own label, so no other use of that key can produce
it), and expires after ``STATE_TTL`` seconds.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import secrets
import time

import msgspec

STATE_TTL = 600
_MAX_LENGTH = 1024


class InstallState(msgspec.Struct, frozen=True):
    user_id: str
    environment: str
    platform: str
    store: str  # the shop host, or the WooCommerce site URL
    expires: int
    nonce: str


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class StateSigner:
    def __init__(self, key_material: str) -> None:
        self._key = hashlib.sha256(b"hop install state v1\x00" + key_material.encode()).digest()

    def issue(self, user_id: str, environment: str, platform: str, store: str) -> str:
        state = InstallState(
            user_id,
            environment,
            platform,
            store,
            int(time.time()) + STATE_TTL,
            secrets.token_urlsafe(12),
        )
        body = _b64(msgspec.json.encode(state))
        return f"{body}.{_b64(hmac.digest(self._key, body.encode(), 'sha256'))}"

    def open(self, token: str, platform: str) -> InstallState | None:
        """The state if we issued it for ``platform`` and it has not expired, else None."""
        if len(token) > _MAX_LENGTH or token.count(".") != 1:
            return None
        body, _, signature = token.partition(".")
        expected = _b64(hmac.digest(self._key, body.encode(), "sha256"))
        if not hmac.compare_digest(expected.encode(), signature.encode()):
            return None
        try:
            state = msgspec.json.decode(_unb64(body), type=InstallState)
        except (binascii.Error, ValueError, msgspec.DecodeError):
            return None
        if state.platform != platform or state.expires < time.time():
            return None
        return state
