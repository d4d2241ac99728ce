"""Bio page visits from the click stream: stored apart from link clicks (visits.sql)."""

from __future__ import annotations

from collections.abc import Sequence

from admin.analytics.enrich import EnrichedClick
from admin.analytics.ingest import batch_json
from admin.db import Connection, load_queries

_SQL = load_queries(__file__, "visits.sql")


async def store_visits(conn: Connection, visits: Sequence[EnrichedClick]) -> int:
    """Insert the visits in the caller's transaction; return how many were new."""
    params = {"visits": batch_json(visits)}
    row = await (await conn.execute(_SQL["store_visits"], params)).fetchone()
    return int(row[0]) if row else 0
