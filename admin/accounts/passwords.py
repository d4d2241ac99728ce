"""Argon2id password hashing (argon2-cffi, RFC 9106 low-memory profile).

Hashing is deliberately slow, so callers run it in a thread, never on the
event loop. Unknown e-mails are checked against a dummy hash so a login takes
as long whether or not the account exists.
"""

from __future__ import annotations

import asyncio

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_hasher = PasswordHasher()
_DUMMY_HASH = _hasher.hash("hop-dummy-password-for-timing")
MIN_PASSWORD_LENGTH = 8


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def _verify(stored_hash: str | None, password: str) -> bool:
    try:
        return _hasher.verify(stored_hash or _DUMMY_HASH, password) and stored_hash is not None
    except (VerificationError, InvalidHashError):
        return False


async def verify_password(stored_hash: str | None, password: str) -> bool:
    return await asyncio.to_thread(_verify, stored_hash, password)


async def hash_password_async(password: str) -> str:
    return await asyncio.to_thread(hash_password, password)
