"""Password-protected links: the verifier the edge checks, and its access cookie.

The admin keeps an argon2id hash of a link's password (the record) and derives a
*verifier*: HMAC-SHA256 under HOP_LINK_PASSWORD_KEY of the link id and the password.
Only the verifier reaches Redis and the edge, which recomputes it from a submitted
password and compares in constant time: whoever reads Redis learns neither the
password nor anything to test guesses against without the key.

A correct password earns a cookie scoped to the code's path, valid ``COOKIE_SECONDS``:
``<expiry, hex seconds>.<HMAC of path, expiry and verifier>``. Changing the password
changes the verifier, so the cookies already given stop opening the link.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from typing import Final

COOKIE_SECONDS: Final = 3600
MAX_PASSWORD_LENGTH: Final = 128


def _subkey(key: str, purpose: bytes) -> bytes:
    return hmac.new(key.encode(), purpose, hashlib.sha256).digest()


class LinkPasswords:
    def __init__(self, key: str) -> None:
        self._verifier_key = _subkey(key, b"hop link password verifier")
        self._cookie_key = _subkey(key, b"hop link access cookie")

    def verifier(self, link_id: str, password: str) -> str:
        message = f"{link_id}\0{password}".encode()
        return hmac.new(self._verifier_key, message, hashlib.sha256).hexdigest()

    def check(self, link_id: str, password: str, verifier: str) -> bool:
        return hmac.compare_digest(self.verifier(link_id, password), verifier)

    def _mac(self, path: str, expiry: int, verifier: str) -> str:
        message = f"{path}\n{expiry}\n{verifier}".encode()
        digest = hmac.new(self._cookie_key, message, hashlib.sha256).digest()[:18]
        return base64.urlsafe_b64encode(digest).decode()

    def cookie(self, path: str, verifier: str, now_s: int) -> str:
        expiry = now_s + COOKIE_SECONDS
        return f"{expiry:x}.{self._mac(path, expiry, verifier)}"

    def cookie_valid(self, path: str, verifier: str, value: str, now_s: int) -> bool:
        expiry_hex, _, mac = value.partition(".")
        try:
            expiry = int(expiry_hex, 16)
        except ValueError:
            return False
        if not now_s < expiry <= now_s + COOKIE_SECONDS:
            return False
        return hmac.compare_digest(mac, self._mac(path, expiry, verifier))


def cookie_name(code: str) -> str:
    """One cookie per code (codes are [A-Za-z0-9_-], safe in a cookie name)."""
    return f"hop_pw_{code}"
