"""Signing secrets at rest: AES-256-GCM under a key derived from HOP_WEBHOOK_SECRET_KEY.

The plain secret is shown once (on create and on rotate) and otherwise exists
only in the dispatcher's memory while it signs. A stored value is
``version byte || 12-byte nonce || ciphertext+tag``; the webhook id is the
associated data, so a ciphertext copied onto another webhook's row does not
decrypt. The version byte leaves room for rotating the key later.
"""

from __future__ import annotations

import hashlib
import secrets

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

_VERSION = b"\x01"
_NONCE_BYTES = 12
SECRET_PREFIX = "whsec_"  # noqa: S105 - the prefix, not a secret


class SecretUnreadable(RuntimeError):
    """A stored secret does not decrypt: wrong HOP_WEBHOOK_SECRET_KEY or a damaged row."""


def new_signing_secret() -> str:
    """``whsec_`` + 32 random bytes, base64url (43 characters)."""
    return SECRET_PREFIX + secrets.token_urlsafe(32)


class SecretBox:
    def __init__(self, key_material: str) -> None:
        # The setting is text of any form (32+ characters); hash it to a 256-bit key
        # with a label, so the same text used elsewhere yields an unrelated key.
        key = hashlib.sha256(b"hop webhook secrets v1\x00" + key_material.encode()).digest()
        self._aead = AESGCM(key)

    def seal(self, secret: str, webhook_id: str) -> bytes:
        nonce = secrets.token_bytes(_NONCE_BYTES)
        return _VERSION + nonce + self._aead.encrypt(nonce, secret.encode(), webhook_id.encode())

    def open(self, sealed: bytes, webhook_id: str) -> str:
        if sealed[:1] != _VERSION:
            raise SecretUnreadable(f"webhook {webhook_id}: unknown secret format")
        nonce, ciphertext = sealed[1 : 1 + _NONCE_BYTES], sealed[1 + _NONCE_BYTES :]
        try:
            return self._aead.decrypt(nonce, ciphertext, webhook_id.encode()).decode()
        except InvalidTag:
            raise SecretUnreadable(f"webhook {webhook_id}: secret does not decrypt") from None
