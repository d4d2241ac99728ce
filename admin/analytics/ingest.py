"""Store enriched clicks: one idempotent statement per batch (see ingest.sql)."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from admin.analytics.enrich import EnrichedClick
from admin.db import Connection, load_queries

_SQL = load_queries(__file__, "ingest.sql")
_batch_encoder = msgspec.json.Encoder()


def batch_json(items: Sequence[EnrichedClick]) -> str:
    """A batch as one JSON array parameter, unpacked in SQL by ``json_to_recordset``.

    PostgreSQL's C parser unpacks it far cheaper than the driver adapts one array per
    column (measured: 2 vs 34 ms of client CPU per 1,000 clicks).
    """
    return _batch_encoder.encode(items).decode()


async def store_clicks(conn: Connection, clicks: Sequence[EnrichedClick]) -> int:
    """Insert the batch in the caller's transaction; return how many were new."""
    cursor = await conn.execute(_SQL["ingest_clicks"], {"clicks": batch_json(clicks)})
    row = await cursor.fetchone()
    return int(row[0]) if row else 0


async def visitor_salt(conn: Connection) -> bytes:
    cursor = await conn.execute(_SQL["visitor_salt"])
    row = await cursor.fetchone()
    if row is None:
        raise RuntimeError("app_secrets.visitor_salt is missing; run `hop migrate`")
    return bytes(row[0])
