"""SQL for users and their API keys (queries.sql beside it)."""

from __future__ import annotations

from typing import Literal

import msgspec
from psycopg import errors as pg_errors

from admin.db import Connection, load_queries
from admin.errors import Conflict, FieldError

_SQL = load_queries(__file__)


class NewUser(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    email: str
    password_hash: str
    plan: str


class NewApiKey(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    user_id: str
    environment: Literal["live", "test"]
    prefix: str
    key_hash: bytes
    scopes: list[str]


async def insert_user(conn: Connection, user: NewUser) -> None:
    """Conflict when the e-mail address is registered already."""
    try:
        await conn.execute(_SQL["insert_user"], msgspec.structs.asdict(user))
    except pg_errors.UniqueViolation:
        raise Conflict(
            f"A user with the e-mail {user.email!r} exists.",
            [FieldError("email", "already registered")],
        ) from None


async def insert_api_key(conn: Connection, key: NewApiKey) -> None:
    await conn.execute(_SQL["insert_api_key"], msgspec.structs.asdict(key))


async def user_id_by_email(conn: Connection, email: str) -> str | None:
    row = await (await conn.execute(_SQL["user_by_email"], {"email": email})).fetchone()
    return str(row[0]) if row else None


async def revoke_api_key(conn: Connection, user_id: str, prefix: str) -> bool:
    """True when an active key of the user had the prefix (it is revoked now)."""
    params = {"prefix": prefix, "user_id": user_id}
    return await (await conn.execute(_SQL["revoke_api_key"], params)).fetchone() is not None
