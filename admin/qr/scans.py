"""qr.scanned events, written by the worker when it stores the scans (see scans.sql)."""

from __future__ import annotations

from collections.abc import Sequence

from admin.db import Connection, load_queries

_SQL = load_queries(__file__, "scans.sql")


async def record_scans(conn: Connection, event_ids: Sequence[str]) -> None:
    await conn.execute(_SQL["record_scans"], {"event_ids": list(event_ids)})
