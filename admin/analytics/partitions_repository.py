"""SQL for the clicks table's monthly partitions (partitions.sql; the functions it calls
are in 0010_click_partitions.sql and take an advisory lock, so every worker may run them)."""

from __future__ import annotations

from admin.db import Connection, load_queries

_SQL = load_queries(__file__, "partitions.sql")


async def ensure_click_partitions(conn: Connection) -> int:
    """Create this month's clicks partition and the next two if missing; how many were made."""
    cursor = await conn.execute(_SQL["ensure_click_partitions"])
    row = await cursor.fetchone()
    return int(row[0]) if row else 0


async def drop_click_partitions(conn: Connection, keep_days: int) -> list[str]:
    """Drop the monthly clicks partitions wholly older than ``keep_days``; their names."""
    cursor = await conn.execute(_SQL["drop_click_partitions"], {"days": keep_days})
    return [str(row[0]) for row in await cursor.fetchall()]
