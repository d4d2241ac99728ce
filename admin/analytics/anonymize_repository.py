"""SQL of the raw clicks' anonymisation (anonymize.sql; docs/privacy.md)."""

from __future__ import annotations

from datetime import datetime

from admin.db import Connection, execute, load_queries

_SQL = load_queries(__file__, "anonymize.sql")


async def anonymized_before(conn: Connection, before: datetime) -> datetime:
    """Where the last run stopped (or the oldest click older than ``before``)."""
    cursor = await conn.execute(_SQL["anonymized_before"], {"before": before})
    row = await cursor.fetchone()
    assert row is not None  # coalesce ends with a value
    return row[0]  # type: ignore[no-any-return]


async def anonymize_clicks(conn: Connection, start: datetime, end: datetime, limit: int) -> int:
    """Anonymise up to ``limit`` clicks in [start, end) not yet anonymised; how many."""
    return await execute(conn, _SQL["anonymize_clicks"], {"from": start, "to": end, "limit": limit})


async def mark_anonymized(conn: Connection, before: datetime) -> None:
    """Record that every click older than ``before`` is anonymised."""
    await execute(conn, _SQL["mark_anonymized"], {"before": before})
