"""Click history and breakdown of one link (GET /v1/links/:id/clicks).

Totals and breakdown come from the daily rollups for whole UTC days and from
the raw clicks for the partial days at the ends of a ``from``/``to`` range, so
they are exact and cost grows with days rather than clicks. Unique visitors
are the distinct visitor ids (salted hash of IP + user agent) among non-bot
clicks in the range. Bots are left out of the breakdown unless asked for; the
totals always state them.
"""

from __future__ import annotations

import base64
from collections import defaultdict
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import msgspec

from admin.analytics.schemas import Breakdown, ClickRecord, ClickTotals, LinkClicks
from admin.auth.principal import Principal
from admin.db import Database, load_queries
from admin.errors import FieldError, NotFound, validation
from admin.links import repository as links
from common.timefmt import iso_utc

_SQL = load_queries(__file__)
_DIMENSIONS = ("country", "device", "os", "browser", "referrer")
MAX_HISTORY_PAGE = 200


def parse_instant(field: str, raw: str | None) -> datetime | None:
    """An ISO 8601 date (midnight UTC) or date-time (UTC if no offset given)."""
    if raw is None or raw == "":
        return None
    try:
        if len(raw) == 10:
            return datetime.combine(date.fromisoformat(raw), time(), UTC)
        moment = datetime.fromisoformat(raw.replace("Z", "+00:00"))
    except ValueError:
        raise validation([FieldError(field, "must be an ISO 8601 date or date-time")]) from None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _midnight(day: date) -> datetime:
    return datetime.combine(day, time(), UTC)


def _range_params(start: datetime | None, end: datetime | None) -> dict[str, Any]:
    """Split [start, end) into whole UTC days (rollups) and partial edges (raw clicks)."""
    day_from = (
        None
        if start is None
        else (
            start.date() if start == _midnight(start.date()) else start.date() + timedelta(days=1)
        )
    )
    day_to = None if end is None else end.astimezone(UTC).date()
    params: dict[str, Any] = {
        "from": start,
        "to": end,
        "day_from": day_from,
        "day_to": day_to,
        "day_from_at": _midnight(day_from) if day_from else None,
        "day_to_at": _midnight(day_to) if day_to else None,
    }
    if day_from is not None and day_to is not None and day_from > day_to:
        # Inside a single day: no whole day, one partial stretch [start, end).
        params.update(day_from=day_to, day_from_at=end, day_to_at=end)
    return params


def _encode_cursor(clicked_at: datetime, event_id: str) -> str:
    raw = msgspec.json.encode([clicked_at.isoformat(), event_id])
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _decode_cursor(cursor: str) -> tuple[datetime, str]:
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        at, event_id = msgspec.json.decode(raw, type=tuple[str, str])
        return datetime.fromisoformat(at), event_id
    except (ValueError, msgspec.DecodeError):
        raise validation([FieldError("cursor", "is not a cursor this API returned")]) from None


class AnalyticsService:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def link_clicks(
        self,
        principal: Principal,
        link_id: str,
        *,
        start: datetime | None,
        end: datetime | None,
        include_bots: bool,
        limit: int,
        cursor: str | None,
    ) -> LinkClicks:
        if start is not None and end is not None and end <= start:
            raise validation([FieldError("to", "must be later than from")])
        if not 1 <= limit <= MAX_HISTORY_PAGE:
            raise validation([FieldError("limit", f"must be between 1 and {MAX_HISTORY_PAGE}")])
        after = _decode_cursor(cursor) if cursor else None
        params = {"link_id": link_id, **_range_params(start, end)}
        async with self.db.transaction() as conn:
            if await links.get_link(conn, principal, link_id) is None:
                raise NotFound(f"No link with id {link_id!r}.")
            rows = await (await conn.execute(_SQL["rollup_breakdown"], params)).fetchall()
            if start is not None or end is not None:
                rows += await (await conn.execute(_SQL["partial_breakdown"], params)).fetchall()
            unique_row = await (await conn.execute(_SQL["unique_visitors"], params)).fetchone()
            history = await (
                await conn.execute(
                    _SQL["click_history"],
                    {
                        **params,
                        "after_at": after[0] if after else None,
                        "after_id": after[1] if after else None,
                        "limit": limit + 1,
                    },
                )
            ).fetchall()

        counts: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
        total = bots = 0
        for dimension, value, is_bot, clicks in rows:
            if dimension == "day":  # every click has exactly one day: the day rows are the total
                total += clicks
                bots += clicks if is_bot else 0
            if is_bot and not include_bots:
                continue
            key = value or ("direct" if dimension == "referrer" else "unknown")
            counts[dimension][key] += clicks

        more = len(history) > limit
        history = history[:limit]
        return LinkClicks(
            link_id=link_id,
            from_=iso_utc(start) if start else None,
            to=iso_utc(end) if end else None,
            include_bots=include_bots,
            totals=ClickTotals(
                total=total, unique=int(unique_row[0]) if unique_row else 0, bots=bots
            ),
            breakdown=Breakdown(
                **{name: _sorted(counts[name]) for name in _DIMENSIONS},
                day=dict(sorted(counts["day"].items())),  # chronological
            ),
            clicks=[
                ClickRecord(
                    id=row[0],
                    clicked_at=iso_utc(row[1]),
                    country=row[2] or None,
                    device=row[3],
                    os=row[4],
                    browser=row[5],
                    referrer=row[6] or None,
                    is_bot=row[7],
                    is_qr=row[8],
                )
                for row in history
            ],
            next_cursor=_encode_cursor(history[-1][1], history[-1][0]) if more else None,
        )


def _sorted(counts: dict[str, int]) -> dict[str, int]:
    """Largest first; ties by key, so the output is stable."""
    return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))
