"""SQL for links and the short codes they hold (see short_codes in admin/db/schema.sql)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import msgspec
from psycopg.rows import class_row

from admin.auth.principal import Principal
from admin.db import Connection, load_queries
from admin.errors import AliasTaken

_SQL = load_queries(__file__)


class LinkRow(msgspec.Struct, kw_only=True):
    id: str
    environment: str  # 'live' | 'test': the namespace of short_code
    short_code: str
    long_url: str
    tags: list[str]
    expires_at: datetime | None
    redirect_type: int
    forward_query: bool
    flagged_at: datetime | None
    clicks: int
    created_at: datetime
    updated_at: datetime
    deleted_at: datetime | None
    managed_by: str | None = None  # 'qr' | 'bio': changed only through /v1/qr or /v1/bio
    ios_url: str | None = None
    android_url: str | None = None


class CacheRow(msgspec.Struct, kw_only=True):
    environment: str
    short_code: str
    id: str
    long_url: str
    expires_at: datetime | None
    redirect_type: int
    forward_query: bool
    deleted_at: datetime | None  # for a code: when it was freed
    managed_by: str | None = None
    ios_url: str | None = None
    android_url: str | None = None


_INSERT_DEFAULTS = {"managed_by": None, "ios_url": None, "android_url": None}


def _owner(principal: Principal) -> dict[str, Any]:
    return {"user_id": principal.user_id, "environment": principal.environment}


async def _one(conn: Connection, query: str, params: dict[str, Any]) -> LinkRow | None:
    async with conn.cursor(row_factory=class_row(LinkRow)) as cursor:
        await cursor.execute(_SQL[query], params)
        return await cursor.fetchone()


async def insert_link(conn: Connection, principal: Principal, values: dict[str, Any]) -> bool:
    """Insert the link and its link.created event; False when the code is held, or
    reserved for another owner (``values["reservation_days"]``)."""
    cursor = await conn.execute(_SQL["insert_link"], {**values, **_owner(principal)})
    row = await cursor.fetchone()
    return bool(row and row[0])


async def insert_managed_link(
    conn: Connection, principal: Principal, values: dict[str, Any]
) -> LinkRow | None:
    """The new row, or None when the (random) short code is held or reserved."""
    return await _one(
        conn, "insert_managed_link", {**_INSERT_DEFAULTS, **values, **_owner(principal)}
    )


async def get_link(
    conn: Connection, principal: Principal, link_id: str, *, for_update: bool = False
) -> LinkRow | None:
    query = "link_by_id_for_update" if for_update else "link_by_id"
    return await _one(conn, query, {"id": link_id, **_owner(principal)})


async def move_code(
    conn: Connection,
    principal: Principal,
    link_id: str,
    *,
    old_code: str,
    new_code: str,
    reservation_days: int,
) -> None:
    """An alias change: claim ``new_code`` (AliasTaken if held or reserved for another
    owner), then free ``old_code``, which stays reserved for the owner."""
    params = {**_owner(principal), "id": link_id, "reservation_days": reservation_days}
    cursor = await conn.execute(_SQL["claim_code"], {**params, "short_code": new_code})
    if await cursor.fetchone() is None:
        raise AliasTaken(new_code)
    await conn.execute(_SQL["free_code"], {**params, "short_code": old_code})


async def update_link(conn: Connection, values: dict[str, Any]) -> LinkRow:
    """Write the link's fields; a changed short_code must have been moved (move_code)."""
    row = await _one(conn, "update_link", {"ios_url": None, "android_url": None, **values})
    assert row is not None  # the caller holds the row lock
    return row


async def delete_link(conn: Connection, principal: Principal, link_id: str) -> LinkRow | None:
    return await _one(conn, "delete_link", {"id": link_id, **_owner(principal)})


async def delete_managed_link(conn: Connection, link_id: str) -> LinkRow | None:
    """Delete a link the service manages for a QR code or Bio page (no owner check)."""
    return await _one(conn, "delete_managed_link", {"id": link_id})


async def list_links(
    conn: Connection,
    principal: Principal,
    *,
    before: str | None,
    tag: str | None,
    pattern: str | None,
    limit: int,
) -> list[LinkRow]:
    async with conn.cursor(row_factory=class_row(LinkRow)) as cursor:
        await cursor.execute(
            _SQL["list_links"],
            {**_owner(principal), "before": before, "tag": tag, "pattern": pattern, "limit": limit},
        )
        return await cursor.fetchall()


def all_cache_entries_query() -> str:
    return _SQL["cache_entries"]


async def known_codes(conn: Connection, environment: str, codes: list[str]) -> set[str]:
    """Those of ``codes`` held or once held in the environment."""
    cursor = await conn.execute(_SQL["known_codes"], {"environment": environment, "codes": codes})
    return {str(code) for (code,) in await cursor.fetchall()}
