"""Create accounts through the real service code (what `hop user create` runs)."""

from __future__ import annotations

import asyncio
import secrets
from typing import Literal

import msgspec
import psycopg

from admin.accounts.service import AccountService, CreatedUser
from admin.auth import token_hash
from admin.db import Database, create_pool

PASSWORD = "correct horse battery staple"


def personal_workspace(user_id: str) -> str:
    """The id of a user's personal workspace: the user's ULID under the workspace prefix."""
    return "ws_" + user_id.removeprefix("usr_")


class Account(msgspec.Struct, frozen=True):
    email: str
    user_id: str
    live_key: str
    test_key: str

    @property
    def workspace_id(self) -> str:
        return personal_workspace(self.user_id)

    def headers(self, environment: Literal["live", "test"] = "live") -> dict[str, str]:
        key = self.live_key if environment == "live" else self.test_key
        return {"Authorization": f"Bearer {key}"}


async def _create(database_url: str, email: str, plan: str) -> CreatedUser:
    async with create_pool(database_url, 2) as pool:
        return await AccountService(Database(pool)).create_user(email, PASSWORD, plan)


def key_id(database_url: str, key: str) -> str:
    """The id (``key_…``) of the API key whose secret is ``key``."""
    with psycopg.connect(database_url) as conn:
        row = conn.execute(
            "SELECT id FROM api_keys WHERE key_hash = %s", (token_hash(key),)
        ).fetchone()
    assert row is not None, "no such key"
    return str(row[0])


def create_account(database_url: str, plan: str = "pro", email: str | None = None) -> Account:
    email = email or f"user-{secrets.token_hex(6)}@example.com"
    created = asyncio.run(_create(database_url, email, plan))
    return Account(email, created.userId, created.liveKey, created.testKey)


async def _create_key(
    database_url: str, email: str, scopes: tuple[str, ...], environment: Literal["live", "test"]
) -> str:
    async with create_pool(database_url, 2) as pool:
        return await AccountService(Database(pool)).create_key(email, scopes, environment)


def create_key(
    database_url: str,
    email: str,
    scopes: tuple[str, ...],
    environment: Literal["live", "test"] = "live",
) -> str:
    return asyncio.run(_create_key(database_url, email, scopes, environment))
