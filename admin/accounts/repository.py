"""SQL for users, their API keys and their e-mailed tokens (queries.sql beside it)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

import msgspec

from admin.db import Connection, UniqueViolation, execute, fetch_all, fetch_one, load_queries
from admin.errors import Conflict, FieldError

_SQL = load_queries(__file__)
Environment = Literal["live", "test"]
Purpose = Literal["verify", "reset"]


class NewUser(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    email: str
    password_hash: str | None  # None: signs in only through a provider
    plan: str
    verified: bool  # made by an operator: trusted; by sign-up: not until the link is followed


class User(msgspec.Struct, frozen=True, kw_only=True):
    """A user, with the plan and limits of one of their workspaces (their personal one
    unless asked for another; None: not a member of it)."""

    id: str
    email: str
    password_hash: str | None  # None: no password (signs in through a provider)
    workspace_id: str | None
    plan: str | None
    limit_per_minute: int | None
    limit_per_month: int | None
    verified: bool
    created_at: datetime


class NewApiKey(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    workspace_id: str
    created_by: str | None
    environment: Environment
    prefix: str
    key_hash: bytes
    scopes: list[str]
    name: str | None = None


class ApiKeyRow(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str | None
    prefix: str
    environment: Environment
    scopes: list[str]
    created_at: datetime
    last_used_at: datetime | None
    revoked_at: datetime | None
    created_by: str | None


class NewToken(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    user_id: str
    purpose: Purpose
    token_hash: bytes
    email: str
    ttl: int  # seconds from now


class SpentToken(msgspec.Struct, frozen=True):
    user_id: str
    email: str


class Confirmation(msgspec.Struct, frozen=True):
    """An address found confirmed by a link: whether this link confirmed it (False: it was
    already), and the account's credentials version after."""

    newly: bool
    credentials_version: int


async def insert_user(conn: Connection, user: NewUser) -> None:
    """Conflict when the e-mail address is registered already."""
    try:
        await execute(conn, _SQL["insert_user"], msgspec.structs.asdict(user))
    except UniqueViolation:
        raise Conflict(
            f"A user with the e-mail {user.email!r} exists.",
            [FieldError("email", "already registered")],
        ) from None


async def user_by_email(conn: Connection, email: str) -> User | None:
    return await fetch_one(conn, _SQL["user_by_email"], {"email": email}, User)


async def user_by_id(
    conn: Connection, user_id: str, workspace_id: str | None = None
) -> User | None:
    params = {"id": user_id, "workspace_id": workspace_id}
    return await fetch_one(conn, _SQL["user_in_workspace"], params, User)


async def user_id_by_email(conn: Connection, email: str) -> str | None:
    user = await user_by_email(conn, email)
    return user.id if user else None


async def set_password(conn: Connection, user_id: str, password_hash: str) -> int:
    """Store the new hash; the account's new credentials version."""
    params = {"user_id": user_id, "password_hash": password_hash}
    row = await (await conn.execute(_SQL["set_password"], params)).fetchone()
    assert row is not None  # the caller found the user in this transaction
    return int(row[0])


async def confirm_address(conn: Connection, user_id: str, email: str) -> Confirmation | None:
    """Mark ``email`` confirmed if the account still has it (None: it does not). A first
    confirmation raises the credentials version. Locks the user row for the transaction."""
    params = {"user_id": user_id, "email": email}
    row = await (await conn.execute(_SQL["lock_address"], params)).fetchone()
    if row is None:
        return None
    confirmed, version = bool(row[0]), int(row[1])
    if confirmed:
        return Confirmation(newly=False, credentials_version=version)
    row = await (await conn.execute(_SQL["confirm_address"], {"user_id": user_id})).fetchone()
    assert row is not None  # locked above
    return Confirmation(newly=True, credentials_version=int(row[0]))


async def set_limits(
    conn: Connection, workspace_id: str, per_minute: int | None, per_month: int | None
) -> None:
    params = {"workspace_id": workspace_id, "per_minute": per_minute, "per_month": per_month}
    await conn.execute(_SQL["set_limits"], params)


async def set_plan(conn: Connection, workspace_id: str, plan: str) -> None:
    await conn.execute(_SQL["set_plan"], {"workspace_id": workspace_id, "plan": plan})


async def insert_token(conn: Connection, token: NewToken) -> None:
    await conn.execute(_SQL["insert_token"], msgspec.structs.asdict(token))


async def consume_token(conn: Connection, token_hash: bytes, purpose: Purpose) -> SpentToken | None:
    """Spend a live token (None: unknown, used, expired or for another purpose)."""
    params = {"token_hash": token_hash, "purpose": purpose}
    row = await (await conn.execute(_SQL["consume_token"], params)).fetchone()
    return SpentToken(str(row[0]), str(row[1])) if row else None


async def spend_tokens(conn: Connection, user_id: str, purpose: Purpose) -> None:
    """Spend every unused token of the user for ``purpose`` (older links stop working)."""
    await conn.execute(_SQL["spend_tokens"], {"user_id": user_id, "purpose": purpose})


async def insert_api_key(conn: Connection, key: NewApiKey) -> ApiKeyRow:
    row = await fetch_one(conn, _SQL["insert_api_key"], msgspec.structs.asdict(key), ApiKeyRow)
    assert row is not None  # INSERT .. RETURNING
    return row


async def list_api_keys(
    conn: Connection, workspace_id: str, environment: Environment | None, limit: int
) -> list[ApiKeyRow]:
    params = {"workspace_id": workspace_id, "environment": environment, "limit": limit}
    return await fetch_all(conn, _SQL["list_api_keys"], params, ApiKeyRow)


async def revoke_api_key(conn: Connection, workspace_id: str, prefix: str) -> bool:
    """True when an active key of the workspace had the prefix (it is revoked now)."""
    params = {"prefix": prefix, "workspace_id": workspace_id}
    return await (await conn.execute(_SQL["revoke_api_key"], params)).fetchone() is not None


async def revoke_api_key_by_id(
    conn: Connection, workspace_id: str, key_id: str, environment: Environment | None
) -> str | None:
    """The revoked key's prefix (None: the workspace has no such key there)."""
    params = {"id": key_id, "workspace_id": workspace_id, "environment": environment}
    row = await (await conn.execute(_SQL["revoke_api_key_by_id"], params)).fetchone()
    return str(row[0]) if row else None


async def revoke_all_api_keys(conn: Connection, user_id: str) -> None:
    await conn.execute(_SQL["revoke_all_api_keys"], {"user_id": user_id})


async def count_active_keys(conn: Connection, workspace_id: str) -> int:
    params = {"workspace_id": workspace_id}
    row = await (await conn.execute(_SQL["count_active_keys"], params)).fetchone()
    return int(row[0]) if row else 0


async def purge_expired_tokens(conn: Connection) -> int:
    """Delete the e-mailed tokens expired for a day; how many went."""
    cursor = await conn.execute(_SQL["purge_expired_tokens"])
    return cursor.rowcount


async def workspace_exists(conn: Connection, workspace_id: str) -> bool:
    params = {"workspace_id": workspace_id}
    row = await (await conn.execute(_SQL["workspace_exists"], params)).fetchone()
    return bool(row and row[0])


class WorkspacePlan(msgspec.Struct, frozen=True):
    plan: str
    limit_per_minute: int | None
    limit_per_month: int | None


async def workspace_plan(conn: Connection, workspace_id: str) -> WorkspacePlan | None:
    params = {"workspace_id": workspace_id}
    return await fetch_one(conn, _SQL["workspace_plan"], params, WorkspacePlan)
