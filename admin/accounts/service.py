"""Accounts: users, their plans, their API keys. Used by the `hop` CLI."""

from __future__ import annotations

from typing import Literal

import msgspec
from redis.asyncio import Redis

from admin.accounts import repository as repo
from admin.accounts.passwords import MIN_PASSWORD_LENGTH, Passwords, default_passwords
from admin.auth.cache import announce_auth_change
from admin.auth.scopes import ALL_SCOPES
from admin.auth.secrets import new_api_key, token_hash
from admin.db import Connection, Database
from admin.errors import FieldError, NotFound, validation
from common.ids import new_id

PLANS = ("free", "pro", "business")


class CreatedUser(msgspec.Struct, frozen=True):
    userId: str  # noqa: N815 - CLI output field names
    liveKey: str  # noqa: N815
    testKey: str  # noqa: N815


def _check_new_user(email: str, password: str, plan: str) -> None:
    errors = []
    local, at, domain = email.partition("@")
    if not (local and at and "." in domain) or len(email) > 254 or any(c.isspace() for c in email):
        errors.append(FieldError("email", "must be an e-mail address"))
    if len(password) < MIN_PASSWORD_LENGTH:
        errors.append(FieldError("password", f"must be at least {MIN_PASSWORD_LENGTH} characters"))
    if plan not in PLANS:
        errors.append(FieldError("plan", f"must be one of {', '.join(PLANS)}"))
    if errors:
        raise validation(errors)


async def _insert_key(
    conn: Connection,
    user_id: str,
    environment: Literal["live", "test"],
    scopes: tuple[str, ...],
) -> str:
    key, prefix = new_api_key(environment)
    await repo.insert_api_key(
        conn,
        repo.NewApiKey(
            id=new_id("key"),
            user_id=user_id,
            environment=environment,
            prefix=prefix,
            key_hash=token_hash(key),
            scopes=list(scopes),
        ),
    )
    return key


class AccountService:
    def __init__(self, db: Database, passwords: Passwords | None = None) -> None:
        self.db = db
        self.passwords = passwords or default_passwords()

    async def create_user(self, email: str, password: str, plan: str = "free") -> CreatedUser:
        """A user plus one live and one test key holding every scope."""
        _check_new_user(email, password, plan)
        with self.passwords.slot() as slot:
            password_hash = await slot.hash(password)
        user_id = new_id("usr")
        user = repo.NewUser(id=user_id, email=email, password_hash=password_hash, plan=plan)
        async with self.db.transaction() as conn:
            await repo.insert_user(conn, user)
            live = await _insert_key(conn, user_id, "live", ALL_SCOPES)
            test = await _insert_key(conn, user_id, "test", ALL_SCOPES)
        return CreatedUser(user_id, live, test)

    async def _user_id(self, conn: Connection, email: str) -> str:
        user_id = await repo.user_id_by_email(conn, email)
        if user_id is None:
            raise NotFound(f"No user has the e-mail {email!r}.")
        return user_id

    async def create_key(
        self, email: str, scopes: tuple[str, ...], environment: Literal["live", "test"]
    ) -> str:
        async with self.db.transaction() as conn:
            return await _insert_key(conn, await self._user_id(conn, email), environment, scopes)

    async def revoke_key(self, email: str, prefix: str, redis: Redis | None) -> bool:
        """Revoke the key; True once every admin process has been told to forget it."""
        async with self.db.transaction() as conn:
            user_id = await self._user_id(conn, email)
            if not await repo.revoke_api_key(conn, user_id, prefix):
                raise NotFound(f"{email!r} has no active key with the prefix {prefix!r}.")
        return redis is not None and await announce_auth_change(redis, f"revoked:{prefix}")
