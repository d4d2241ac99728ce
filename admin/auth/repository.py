"""SQL for credentials: API keys, sign-in, refresh tokens (queries.sql beside it)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

import msgspec

from admin.auth.roles import Role
from admin.db import Connection, DatabaseError, execute, load_queries
from admin.errors import ServiceUnavailable

_SQL = load_queries(__file__)


class KeyOwner(msgspec.Struct, frozen=True):
    """An API key, its workspace's plan and limits and its role (columns in SELECT order)."""

    key_id: str
    workspace_id: str
    created_by: str | None
    environment: Literal["live", "test"]
    scopes: list[str]
    revoked_at: datetime | None
    role: Role | None
    plan: str
    limit_per_minute: int | None
    limit_per_month: int | None
    verified: bool


class UserState(msgspec.Struct, frozen=True):
    verified: bool
    credentials_version: int
    second_factor: bool = False  # a confirmed TOTP or a passkey


class Membership(msgspec.Struct, frozen=True):
    """A member's role in a workspace, with the workspace's plan and limits."""

    workspace_id: str
    role: Role
    plan: str
    limit_per_minute: int | None
    limit_per_month: int | None
    require_mfa: bool = False  # the workspace requires a second factor of its members


class Login(msgspec.Struct, frozen=True):
    user_id: str
    password_hash: str | None
    verified: bool
    # Raised by every password change or reset and by the address's confirmation.
    credentials_version: int


class RefreshToken(msgspec.Struct, frozen=True):
    id: str
    user_id: str
    family_id: str
    expired: bool
    rotated_at: datetime | None
    revoked_at: datetime | None
    verified: bool  # the owner's address is confirmed
    credentials_version: int  # the owner's, for the access token


class NewRefreshToken(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    user_id: str
    family_id: str
    token_hash: bytes
    ttl: int  # seconds from now


async def key_owner(conn: Connection, key_hash: bytes) -> KeyOwner | None:
    cursor = await conn.execute(_SQL["principal_by_key_hash"], {"key_hash": key_hash})
    row = await cursor.fetchone()
    return KeyOwner(*row) if row else None


async def user_state(conn: Connection, user_id: str) -> UserState | None:
    row = await (await conn.execute(_SQL["principal_by_user"], {"user_id": user_id})).fetchone()
    return UserState(*row) if row else None


async def membership(conn: Connection, user_id: str, workspace_id: str | None) -> Membership | None:
    params = {"user_id": user_id, "workspace_id": workspace_id}
    row = await (await conn.execute(_SQL["membership"], params)).fetchone()
    return Membership(*row) if row else None


async def login_of(conn: Connection, email: str) -> Login | None:
    row = await (await conn.execute(_SQL["login_user"], {"email": email})).fetchone()
    return Login(str(row[0]), *row[1:]) if row else None


async def sso_required(conn: Connection, domain: str) -> bool:
    row = await (await conn.execute(_SQL["sso_required"], {"domain": domain})).fetchone()
    return bool(row and row[0])


async def update_password_hash(conn: Connection, user_id: str, password_hash: str) -> None:
    params = {"password_hash": password_hash, "user_id": user_id}
    await conn.execute(_SQL["update_password_hash"], params)


async def insert_refresh_token(conn: Connection, token: NewRefreshToken) -> None:
    await conn.execute(_SQL["insert_refresh_token"], msgspec.structs.asdict(token))


async def refresh_token_for_update(conn: Connection, token_hash: bytes) -> RefreshToken | None:
    params = {"token_hash": token_hash}
    row = await (await conn.execute(_SQL["refresh_token_for_update"], params)).fetchone()
    return RefreshToken(*row) if row else None


async def rotate_refresh_token(conn: Connection, token_id: str) -> None:
    await conn.execute(_SQL["rotate_refresh_token"], {"id": token_id})


async def revoke_user_refresh_tokens(conn: Connection, user_id: str) -> None:
    """Sign out every API session of the user (a password change or reset)."""
    await conn.execute(_SQL["revoke_user_refresh_tokens"], {"user_id": user_id})


async def revoke_refresh_family(conn: Connection, family_id: str) -> None:
    await conn.execute(_SQL["revoke_refresh_family"], {"family_id": family_id})


async def record_key_use(conn: Connection, used_at: dict[str, datetime]) -> None:
    """Set each key's ``last_used_at`` (never backwards) in one UPDATE. Any failure is
    ServiceUnavailable: the caller keeps the uses for its next write."""
    params = {"ids": list(used_at), "used_at": list(used_at.values())}
    try:
        await execute(conn, _SQL["record_key_use"], params)
    except DatabaseError as exc:
        raise ServiceUnavailable("API key use could not be recorded.") from exc


async def purge_expired_refresh_tokens(conn: Connection) -> int:
    """Delete the refresh tokens expired for a day; how many went."""
    cursor = await conn.execute(_SQL["purge_expired_refresh_tokens"])
    return cursor.rowcount
