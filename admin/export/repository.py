"""SQL for the exports: the account's (sections.sql: one consistent snapshot, each section
a server-side cursor whose rows PostgreSQL has already turned into JSON text) and one
link's raw clicks (clicks.sql: a server-side cursor of plain rows)."""

from __future__ import annotations

from collections.abc import AsyncGenerator
from datetime import datetime
from typing import Any

import msgspec

from admin.db import Connection, load_queries

_SQL = load_queries(__file__, "sections.sql")
_CLICKS = load_queries(__file__, "clicks.sql")


class ExportScope(msgspec.Struct, frozen=True, kw_only=True):
    workspace_id: str
    environment: str
    short_base_url: str  # the environment's public base, for the links' short URLs


async def begin_snapshot(conn: Connection) -> None:
    """Make the caller's (just begun) transaction a read-only consistent snapshot."""
    await conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")


async def one_json(
    conn: Connection, cursor_name: str, query: str, scope: ExportScope
) -> str | None:
    """The JSON text of a one-row section (None without a row)."""
    async with conn.cursor(name=cursor_name) as cursor:
        await cursor.execute(_SQL[query], msgspec.structs.asdict(scope))
        row = await cursor.fetchone()
        return str(row[0]) if row else None


async def json_batches(
    conn: Connection, cursor_name: str, query: str, scope: ExportScope, batch_rows: int
) -> AsyncGenerator[list[str], None]:
    """The JSON texts of a many-row section, ``batch_rows`` at a time."""
    async with conn.cursor(name=cursor_name) as cursor:
        await cursor.execute(_SQL[query], msgspec.structs.asdict(scope))
        while rows := await cursor.fetchmany(batch_rows):
            yield [row[0] for row in rows]


async def link_click_batches(
    conn: Connection,
    cursor_name: str,
    link_id: str,
    *,
    start: datetime | None,
    end: datetime | None,
    batch_rows: int,
) -> AsyncGenerator[list[tuple[Any, ...]], None]:
    """One link's clicks in [start, end), oldest first, ``batch_rows`` at a time, in the
    columns of clicks.sql's link_clicks."""
    params = {"link_id": link_id, "from": start, "to": end}
    async with conn.cursor(name=cursor_name) as cursor:
        await cursor.execute(_CLICKS["link_clicks"], params)
        while rows := await cursor.fetchmany(batch_rows):
            yield rows
