"""SQL for dropping old events (retention.sql)."""

from __future__ import annotations

from admin.db import Connection, load_queries

_SQL = load_queries(__file__, "retention.sql")


async def purge_old(conn: Connection, keep_days: int) -> int:
    """One bounded batch of events older than ``keep_days`` that no pending delivery
    needs; rows removed."""
    cursor = await conn.execute(_SQL["purge_old"], {"days": keep_days})
    return cursor.rowcount
