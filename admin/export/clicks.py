"""GET /v1/links/:id/clicks/export: one link's raw clicks as CSV or NDJSON, streamed.

As the account export (service.py) does, it reads one read-only REPEATABLE READ
snapshot on the export pool through a server-side cursor, ``BATCH_ROWS`` clicks at a
time, while holding one of the process's export slots: memory stays flat however many
clicks the link has, and a client that stops reading is cut off (admin/api/stream.py).
The columns are ``CLICK_COLUMNS``, documented in docs/analytics.md#raw-clicks-out.
"""

from __future__ import annotations

import csv
import io
from collections.abc import AsyncGenerator, Iterable, Sequence
from contextlib import aclosing
from datetime import datetime
from typing import Literal

import msgspec

from admin.auth import Principal
from admin.db import Database
from admin.errors import FieldError, NotFound, validation
from admin.export import repository as repo
from admin.export.slots import ExportSlots
from admin.links import get_link, spreadsheet_safe

ClickFormat = Literal["csv", "ndjson"]
BATCH_ROWS = 2000
MEDIA_TYPES: dict[ClickFormat, str] = {
    "csv": "text/csv; charset=utf-8",
    "ndjson": "application/x-ndjson",
}


class ClickRow(msgspec.Struct, rename="camel"):
    """One click of the export: an NDJSON line, or a CSV row in this order."""

    id: str  # the click's event id
    at: str  # ISO 8601 UTC, milliseconds
    visitor_id: str  # hex of the salted hash of IP + user agent
    referrer: str | None  # None: a direct visit
    referrer_host: str | None
    country: str | None  # ISO 3166-1 alpha-2; None when unknown
    region: str | None
    city: str | None
    device: str
    os: str
    browser: str
    user_agent: str
    bot: bool
    qr: bool
    variant: int | None  # the A/B variant's index; None: the link had no variants


CLICK_COLUMNS: tuple[str, ...] = tuple(
    field.encode_name for field in msgspec.structs.fields(ClickRow)
)
_lines = msgspec.json.Encoder()


class ClickExportService:
    def __init__(self, db: Database, slots: ExportSlots, idle_timeout: float) -> None:
        self.db = db  # the export pool's, not the main one
        self.slots = slots  # shared with the account export: one pool, one bound
        self.idle_timeout = idle_timeout

    async def link_clicks(
        self,
        principal: Principal,
        link_id: str,
        *,
        start: datetime | None,
        end: datetime | None,
        fmt: ClickFormat,
    ) -> AsyncGenerator[bytes, None]:
        """The export, chunk by chunk: the first (the CSV header, or nothing for NDJSON)
        once the slot is taken and the link found, so refusals come before a 200."""
        if start is not None and end is not None and end <= start:
            raise validation([FieldError("to", "must be later than from")])
        # Its own key: an account's link export may run beside its account export.
        with self.slots.take(f"clicks:{principal.workspace_id}"):
            async with self.db.transaction() as conn:
                await repo.begin_snapshot(conn)
                if await get_link(conn, principal, link_id) is None:
                    raise NotFound(f"No link with id {link_id!r}.")
                yield _csv([CLICK_COLUMNS]) if fmt == "csv" else b""
                batches = repo.link_click_batches(
                    conn, "hop_click_export", link_id, start=start, end=end, batch_rows=BATCH_ROWS
                )
                async with aclosing(batches):
                    async for rows in batches:
                        clicks = [ClickRow(*row) for row in rows]
                        yield _csv(map(_cells, clicks)) if fmt == "csv" else _ndjson(clicks)


def _cells(click: ClickRow) -> list[str]:
    return [_cell(value) for value in msgspec.structs.astuple(click)]


def _cell(value: object) -> str:
    """A CSV cell: empty for None, true/false, and text no spreadsheet runs as a formula
    (referrers and user agents are the visitor's to choose)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return spreadsheet_safe(value) if isinstance(value, str) else str(value)


def _csv(rows: Iterable[Sequence[str]]) -> bytes:
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(rows)
    return out.getvalue().encode()


def _ndjson(clicks: list[ClickRow]) -> bytes:
    return _lines.encode_lines(clicks)
