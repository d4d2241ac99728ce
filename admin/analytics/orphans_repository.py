"""Orphan visits (docs/analytics.md#orphans): requests the edge answered with no link,
stored by the worker as rollups only (orphans.sql: one idempotent statement per batch)
and read back per domain and day range for ``GET /v1/analytics/orphans``."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Any

import msgspec

from admin.analytics.enrich import EnrichedClick
from admin.db import Connection, load_queries

_SQL = load_queries(__file__, "orphans.sql")
_encoder = msgspec.json.Encoder()


class OrphanRow(msgspec.Struct, frozen=True):
    """One orphan visit as ``ingest_orphans`` unpacks it (json_to_recordset)."""

    event_id: str
    domain: str
    day: date
    orphan_type: str
    path: str
    referrer_host: str
    is_bot: bool


def _row(orphan: EnrichedClick) -> OrphanRow:
    return OrphanRow(
        event_id=orphan.event_id,
        domain=orphan.link_id,  # an orphan event's link_id is the domain asked
        day=orphan.clicked_at.date(),  # clicked_at is UTC
        orphan_type=orphan.orphan,
        path=orphan.short_code,  # and its short_code the path
        referrer_host=orphan.referrer_host,
        is_bot=orphan.is_bot,
    )


async def store_orphans(conn: Connection, orphans: Sequence[EnrichedClick]) -> int:
    """Count the orphan visits not seen before in the caller's transaction; how many."""
    payload = _encoder.encode([_row(orphan) for orphan in orphans]).decode()
    async with conn.cursor() as cursor:
        await cursor.execute(_SQL["lock_orphan_days"], {"orphans": payload})
        await cursor.execute(_SQL["ingest_orphans"], {"orphans": payload})
        row = await cursor.fetchone()
    return int(row[0]) if row else 0


async def _rows(conn: Connection, sql: str, params: dict[str, Any]) -> list[tuple[Any, ...]]:
    async with conn.cursor() as cursor:
        await cursor.execute(sql, params)
        return await cursor.fetchall()


def _days(domain: str, day_from: date, day_to: date) -> dict[str, Any]:
    return {"domain": domain, "day_from": day_from, "day_to": day_to}


async def orphan_totals(
    conn: Connection, domain: str, day_from: date, day_to: date
) -> list[tuple[str, bool, int]]:
    """(type, bot, visits) over the days [day_from, day_to)."""
    rows = await _rows(conn, _SQL["orphan_totals"], _days(domain, day_from, day_to))
    return [(str(kind), bool(bot), int(visits)) for kind, bot, visits in rows]


async def orphan_series(
    conn: Connection, domain: str, day_from: date, day_to: date
) -> list[tuple[date, bool, int]]:
    """(day, bot, visits) for the days with any, in order."""
    rows = await _rows(conn, _SQL["orphan_series"], _days(domain, day_from, day_to))
    return [(day, bool(bot), int(visits)) for day, bot, visits in rows]


async def orphan_top(
    conn: Connection, domain: str, day_from: date, day_to: date, *, dimension: str, limit: int
) -> list[tuple[str, int]]:
    """The ``limit`` most visited paths ("p") or referrer hosts ("r") kept by the days."""
    params = {**_days(domain, day_from, day_to), "dimension": dimension, "limit": limit}
    rows = await _rows(conn, _SQL["orphan_top"], params)
    return [(str(value), int(visits)) for value, visits in rows]


async def orphan_other(
    conn: Connection, domain: str, day_from: date, day_to: date
) -> dict[str, int]:
    """Per dimension ("p", "r"), the visits under values the days did not keep."""
    rows = await _rows(conn, _SQL["orphan_other"], _days(domain, day_from, day_to))
    return {str(dimension): int(visits) for dimension, visits in rows}
