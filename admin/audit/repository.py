"""SQL of the audit log (queries.sql beside it)."""

from __future__ import annotations

from datetime import datetime

import msgspec

from admin.db import Connection, execute, fetch_all, load_queries

_SQL = load_queries(__file__)


class NewEntry(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    workspace_id: str
    actor_user_id: str | None
    actor_key_id: str | None
    action: str
    target: str | None
    ip: str | None
    user_agent: str | None


async def insert_entry(conn: Connection, entry: NewEntry) -> None:
    await execute(conn, _SQL["insert_entry"], msgspec.structs.asdict(entry))


class EntryRow(msgspec.Struct, kw_only=True):
    id: str
    at: datetime
    actor_user_id: str | None
    actor_key_id: str | None
    action: str
    target: str | None
    ip: str | None
    user_agent: str | None


async def list_entries(
    conn: Connection, workspace_id: str, *, before: str | None, limit: int
) -> list[EntryRow]:
    params = {"workspace_id": workspace_id, "before": before, "limit": limit}
    return await fetch_all(conn, _SQL["list_entries"], params, EntryRow)


async def purge_old(conn: Connection, keep_days: int) -> int:
    """One bounded batch of entries older than ``keep_days``; rows removed."""
    return await execute(conn, _SQL["purge_old"], {"days": keep_days})
