"""SQL of the audit log (queries.sql beside it)."""

from __future__ import annotations

import msgspec

from admin.db import Connection, execute, load_queries

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
