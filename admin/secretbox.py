"""Secrets at rest: AES-256-GCM under keys derived from HOP_WEBHOOK_SECRET_KEY.

One box for every secret the admin and the worker keep in PostgreSQL: webhook
signing secrets, store credentials (admin/integrations/repository.py) and the
answers kept for Idempotency-Key replays (admin/http/idempotency.py). The setting
keeps its first user's name; changing it makes every sealed value unreadable.

Secrets (a webhook's signing secret, a store's credential): the plain value exists
only in memory while it is used (the dispatcher signing, a store call). A stored
value is ``version byte || 12-byte nonce || ciphertext+tag``; the id of its row is
the associated data, so a ciphertext copied onto another row does not decrypt. The
version byte leaves room for rotating the key later.

Records (the responses kept for Idempotency-Key replays, which may carry a
webhook secret or session tokens): ``0x02 || 16-byte salt || ciphertext+tag``.
Each record is encrypted under its own key, HMAC-SHA256(root, salt) with a
random salt, because one AES-GCM key with random nonces is good for about 2**32
messages and a busy account could write that many records over the key's life.
A key used once needs no random nonce, so the nonce is fixed. The caller's
context (which row) is the associated data, as for secrets.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

_VERSION = b"\x01"
_NONCE_BYTES = 12
RECORD_VERSION = b"\x02"
_SALT_BYTES = 16
_ONCE_NONCE = bytes(_NONCE_BYTES)  # safe: every record key encrypts exactly one message


class SecretUnreadable(RuntimeError):
    """A stored secret does not decrypt: wrong HOP_WEBHOOK_SECRET_KEY or a damaged row."""


class SecretBox:
    def __init__(self, key_material: str) -> None:
        # The setting is text of any form (32+ characters); hash it to a 256-bit key
        # with a label, so the same text used elsewhere yields an unrelated key. The
        # label predates the other secrets; changing it would lose every stored one.
        key = hashlib.sha256(b"hop webhook secrets v1\x00" + key_material.encode()).digest()
        self._aead = AESGCM(key)
        self._record_root = hashlib.sha256(b"hop records v1\x00" + key_material.encode()).digest()

    def seal(self, secret: str, row_id: str) -> bytes:
        """``secret`` sealed for the row ``row_id`` (a webhook's or an integration's id)."""
        nonce = secrets.token_bytes(_NONCE_BYTES)
        return _VERSION + nonce + self._aead.encrypt(nonce, secret.encode(), row_id.encode())

    def open(self, sealed: bytes, row_id: str) -> str:
        if sealed[:1] != _VERSION:
            raise SecretUnreadable(f"{row_id}: unknown secret format")
        nonce, ciphertext = sealed[1 : 1 + _NONCE_BYTES], sealed[1 + _NONCE_BYTES :]
        try:
            return self._aead.decrypt(nonce, ciphertext, row_id.encode()).decode()
        except InvalidTag:
            raise SecretUnreadable(f"{row_id}: secret does not decrypt") from None

    def _record_key(self, salt: bytes) -> AESGCM:
        return AESGCM(hmac.digest(self._record_root, salt, "sha256"))

    def seal_record(self, data: bytes, context: bytes) -> bytes:
        salt = secrets.token_bytes(_SALT_BYTES)
        return RECORD_VERSION + salt + self._record_key(salt).encrypt(_ONCE_NONCE, data, context)

    def open_record(self, sealed: bytes, context: bytes) -> bytes:
        if sealed[:1] != RECORD_VERSION:
            raise SecretUnreadable("unknown record format")
        salt, ciphertext = sealed[1 : 1 + _SALT_BYTES], sealed[1 + _SALT_BYTES :]
        try:
            return self._record_key(salt).decrypt(_ONCE_NONCE, ciphertext, context)
        except InvalidTag:
            raise SecretUnreadable("record does not decrypt") from None
