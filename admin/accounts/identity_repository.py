"""SQL for the identities at other providers a person signs in with
(identity_queries.sql beside it)."""

from __future__ import annotations

from datetime import datetime

import msgspec

from admin.db import Connection, execute, fetch_all, fetch_one, load_queries

_SQL = load_queries(__file__, "identity_queries.sql")


class LinkedAccount(msgspec.Struct, frozen=True):
    """The account an identity signs in (or an address names)."""

    user_id: str
    verified: bool
    credentials_version: int


class AccountRow(msgspec.Struct, frozen=True):
    user_id: str
    email: str
    verified: bool
    credentials_version: int


class IdentityRow(msgspec.Struct, frozen=True):
    id: str
    provider: str
    subject: str
    email: str
    created_at: datetime
    last_used_at: datetime | None


class _Found(msgspec.Struct, frozen=True):
    id: str
    user_id: str
    verified: bool
    credentials_version: int


class Removed(msgspec.Struct, frozen=True):
    provider: str
    subject: str
    email: str


class _Id(msgspec.Struct, frozen=True):
    id: str


class _Workspace(msgspec.Struct, frozen=True):
    workspace_id: str


async def identity_by_subject(
    conn: Connection, provider: str, subject: str
) -> tuple[str, LinkedAccount] | None:
    params = {"provider": provider, "subject": subject}
    found = await fetch_one(conn, _SQL["identity_by_subject"], params, _Found)
    if found is None:
        return None
    return found.id, LinkedAccount(found.user_id, found.verified, found.credentials_version)


async def touch_identity(conn: Connection, identity_id: str, email: str | None) -> None:
    await execute(conn, _SQL["touch_identity"], {"id": identity_id, "email": email})


async def account_by_email(conn: Connection, email: str) -> AccountRow | None:
    """Locked for the caller's transaction."""
    return await fetch_one(conn, _SQL["account_by_email"], {"email": email}, AccountRow)


async def account_by_id(conn: Connection, user_id: str) -> AccountRow | None:
    """Locked for the caller's transaction."""
    return await fetch_one(conn, _SQL["account_by_id"], {"user_id": user_id}, AccountRow)


async def insert_identity(
    conn: Connection, identity_id: str, user_id: str, *, provider: str, subject: str, email: str
) -> bool:
    """False when the identity is linked already (to anyone)."""
    params = {
        "id": identity_id,
        "user_id": user_id,
        "provider": provider,
        "subject": subject,
        "email": email,
    }
    return await fetch_one(conn, _SQL["insert_identity"], params, _Id) is not None


async def identities_of(conn: Connection, user_id: str) -> list[IdentityRow]:
    return await fetch_all(conn, _SQL["identities_of"], {"user_id": user_id}, IdentityRow)


async def other_ways_in(conn: Connection, user_id: str, identity_id: str) -> bool:
    row = await (
        await conn.execute(_SQL["other_ways_in"], {"user_id": user_id, "id": identity_id})
    ).fetchone()
    return bool(row and row[0])


async def delete_identity(conn: Connection, user_id: str, identity_id: str) -> Removed | None:
    params = {"id": identity_id, "user_id": user_id}
    return await fetch_one(conn, _SQL["delete_identity"], params, Removed)


async def workspaces_of(conn: Connection, user_id: str) -> list[str]:
    rows = await fetch_all(conn, _SQL["workspaces_of"], {"user_id": user_id}, _Workspace)
    return [row.workspace_id for row in rows]


async def has_password(conn: Connection, user_id: str) -> bool:
    row = await (await conn.execute(_SQL["has_password"], {"user_id": user_id})).fetchone()
    return bool(row and row[0])
