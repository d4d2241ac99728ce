"""SQL for Bio pages; a taken username becomes a domain error here."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import msgspec
from psycopg import errors as pg_errors
from psycopg.rows import class_row
from psycopg.types.json import Jsonb

from admin.auth.principal import Principal
from admin.db import Connection, load_queries
from admin.errors import Conflict, FieldError

_SQL = load_queries(__file__)
_USERNAME_CONSTRAINT = "bio_pages_username_key"


class PageRow(msgspec.Struct, kw_only=True):
    id: str
    environment: str  # 'live' | 'test': the namespace of username
    username: str
    display_name: str
    description: str
    avatar_url: str | None
    theme: str
    language: str
    links: list[dict[str, Any]]
    socials: list[dict[str, Any]]
    html: str
    created_at: datetime
    updated_at: datetime


def _owner(principal: Principal) -> dict[str, Any]:
    return {"user_id": principal.user_id, "environment": principal.environment}


async def _one(conn: Connection, query: str, params: dict[str, Any]) -> PageRow | None:
    async with conn.cursor(row_factory=class_row(PageRow)) as cursor:
        await cursor.execute(_SQL[query], params)
        return await cursor.fetchone()


async def username_of(conn: Connection, principal: Principal) -> str | None:
    row = await (await conn.execute(_SQL["username_of"], _owner(principal))).fetchone()
    return str(row[0]) if row else None


async def page_of(
    conn: Connection, principal: Principal, *, for_update: bool = False
) -> PageRow | None:
    query = "page_of_owner_for_update" if for_update else "page_of_owner"
    return await _one(conn, query, _owner(principal))


async def page_by_username(conn: Connection, environment: str, username: str) -> PageRow | None:
    return await _one(conn, "page_by_username", {"environment": environment, "username": username})


def _taken(username: str) -> Conflict:
    return Conflict(
        f"The username {username!r} is taken.", [FieldError("username", "already taken")]
    )


async def claim_username(
    conn: Connection,
    principal: Principal,
    username: str,
    bio_id: str,
    reservation_days: int,
) -> None:
    """Take ``username`` for the page; Conflict if another page holds it or it is still
    reserved for another owner."""
    params = {
        **_owner(principal),
        "username": username,
        "bio_id": bio_id,
        "reservation_days": reservation_days,
    }
    if await (await conn.execute(_SQL["claim_username"], params)).fetchone() is None:
        raise _taken(username)


async def free_username(conn: Connection, principal: Principal, username: str, bio_id: str) -> None:
    """The page left ``username``: it stays reserved for the owner."""
    params = {**_owner(principal), "username": username, "bio_id": bio_id}
    await conn.execute(_SQL["free_username"], params)


async def upsert_page(conn: Connection, principal: Principal, values: dict[str, Any]) -> PageRow:
    params = {
        **values,
        **_owner(principal),
        "links": Jsonb(values["links"]),
        "socials": Jsonb(values["socials"]),
    }
    try:
        async with conn.transaction():  # a savepoint: a conflict leaves the caller's intact
            row = await _one(conn, "upsert_page", params)
    except pg_errors.UniqueViolation as exc:
        if exc.diag.constraint_name == _USERNAME_CONSTRAINT:
            raise _taken(values["username"]) from None
        raise
    assert row is not None
    return row


async def delete_page(conn: Connection, principal: Principal) -> PageRow | None:
    return await _one(conn, "delete_page", _owner(principal))


def all_pages_query() -> str:
    return _SQL["all_pages"]


async def known_usernames(conn: Connection, environment: str, usernames: list[str]) -> set[str]:
    """Those of ``usernames`` held or once held in the environment."""
    params = {"environment": environment, "usernames": usernames}
    cursor = await conn.execute(_SQL["known_usernames"], params)
    return {str(row[0]) for row in await cursor.fetchall()}
