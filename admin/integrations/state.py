"""Signed, expiring ``state`` for the install flows, and the browser it is bound to.

Shopify returns our ``state`` on the callback and WooCommerce our ``user_id`` on its
key delivery; neither carries our bearer token, so the value itself must say which
account and environment the store joins, and prove we issued it. It is
``base64url(JSON) "." base64url(HMAC-SHA256)`` under a key derived from
``HOP_WEBHOOK_SECRET_KEY`` (its own label, so no other use of that key can produce
it), and expires after ``STATE_TTL`` seconds.

A state alone would let anyone who starts an install hand the authorize link to a
store owner and receive the owner's store (the link carries the starter's account).
So every start also gives the starting browser a cookie holding a random secret, and
the signed state carries an HMAC of that secret (never the secret: the state travels
in URLs and through the platform). A callback completes only with the cookie whose
secret the state names (Shopify's documented OAuth ``nonce`` check). The cookie is
``HttpOnly``, ``SameSite=Lax`` (a top-level redirect back from the store still sends
it), one per platform, and lives as long as the state; under https it is ``Secure``
and ``__Host-`` prefixed like the dashboard's cookies (admin/web/cookies.py), under
plain http (development and tests) it is ``hop_install_<platform>``.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import secrets
import time
from collections.abc import Mapping

import msgspec

from admin.api.cookies import SetCookie

STATE_TTL = 600
_MAX_LENGTH = 1024
_MAX_COOKIE = 128


class InstallState(msgspec.Struct, frozen=True):
    workspace_id: str
    environment: str
    platform: str
    store: str  # the shop host, or the WooCommerce site URL
    expires: int
    nonce: str  # unique per install: what makes the state single-use
    browser: str  # HMAC of the starting browser's cookie secret
    # Who started the install (the audit log's actor, the integration's createdBy): the
    # person, and the API key when one was used.
    user_id: str | None = None
    key_id: str | None = None


class Issued(msgspec.Struct, frozen=True, kw_only=True):
    """A new state, and the secret its browser's cookie must hold."""

    state: str
    secret: str


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class StateSigner:
    def __init__(self, key_material: str) -> None:
        self._key = hashlib.sha256(b"hop install state v1\x00" + key_material.encode()).digest()
        self._browser_key = hashlib.sha256(
            b"hop install browser v1\x00" + key_material.encode()
        ).digest()

    def _browser(self, secret: str) -> str:
        return _b64(hmac.digest(self._browser_key, secret.encode(), "sha256"))

    def issue(
        self,
        workspace_id: str,
        environment: str,
        platform: str,
        store: str,
        *,
        user_id: str | None = None,
        key_id: str | None = None,
    ) -> Issued:
        secret = secrets.token_urlsafe(32)
        state = InstallState(
            workspace_id,
            environment,
            platform,
            store,
            int(time.time()) + STATE_TTL,
            secrets.token_urlsafe(12),
            self._browser(secret),
            user_id,
            key_id,
        )
        body = _b64(msgspec.json.encode(state))
        token = f"{body}.{_b64(hmac.digest(self._key, body.encode(), 'sha256'))}"
        return Issued(state=token, secret=secret)

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

    def bound(self, state: InstallState, secret: str | None) -> bool:
        """Whether ``secret`` (the request's install cookie) is the one ``state`` was
        issued to; compared in constant time."""
        if not secret or len(secret) > _MAX_COOKIE:
            return False
        return hmac.compare_digest(self._browser(secret).encode(), state.browser.encode())


class InstallCookies:
    """The install cookie of each platform: its name, setting it, clearing it, reading it."""

    def __init__(self, base_url: str) -> None:
        self.secure = base_url.startswith("https://")
        self._prefix = "__Host-" if self.secure else ""

    def name(self, platform: str) -> str:
        return f"{self._prefix}hop_install_{platform}"

    def _cookie(self, platform: str, value: str, max_age: int) -> SetCookie:
        return SetCookie(
            key=self.name(platform),
            value=value,
            max_age=max_age,
            path="/",
            secure=self.secure,
            httponly=True,
            samesite="lax",
        )

    def issue(self, platform: str, issued: Issued) -> SetCookie:
        return self._cookie(platform, issued.secret, STATE_TTL)

    def clear(self, platform: str) -> SetCookie:
        return self._cookie(platform, "", 0)

    def read(self, cookies: Mapping[str, str], platform: str) -> str | None:
        return cookies.get(self.name(platform)) or None
