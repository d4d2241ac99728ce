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
from datetime import UTC, date, datetime, time

import msgspec

from admin.analytics import repository as repo
from admin.analytics.schemas import Breakdown, ClickRecord, ClickTotals, LinkClicks
from admin.auth.principal import Principal
from admin.db import Database
from admin.errors import FieldError, NotFound, validation
from admin.links import repository as links
from common.timefmt import iso_utc

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
        async with self.db.transaction() as conn:
            if await links.get_link(conn, principal, link_id) is None:
                raise NotFound(f"No link with id {link_id!r}.")
            stats = await repo.click_stats(
                conn, link_id, start=start, end=end, after=after, limit=limit + 1
            )
        totals, breakdown = _count(stats, include_bots)
        more = len(stats.history) > limit
        history = stats.history[:limit]
        return LinkClicks(
            link_id=link_id,
            from_=iso_utc(start) if start else None,
            to=iso_utc(end) if end else None,
            include_bots=include_bots,
            totals=totals,
            breakdown=breakdown,
            clicks=[_record(click) for click in history],
            next_cursor=_encode_cursor(history[-1].clicked_at, history[-1].id) if more else None,
        )


def _count(stats: repo.ClickStats, include_bots: bool) -> tuple[ClickTotals, Breakdown]:
    counts: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    total = bots = 0
    for row in stats.counts:
        if row.dimension == "day":  # every click has exactly one day: the day rows are the total
            total += row.clicks
            bots += row.clicks if row.is_bot else 0
        if row.is_bot and not include_bots:
            continue
        key = row.value or ("direct" if row.dimension == "referrer" else "unknown")
        counts[row.dimension][key] += row.clicks
    breakdown = Breakdown(
        **{name: _sorted(counts[name]) for name in _DIMENSIONS},
        day=dict(sorted(counts["day"].items())),  # chronological
    )
    return ClickTotals(total=total, unique=stats.unique_visitors, bots=bots), breakdown


def _record(click: repo.Click) -> ClickRecord:
    return ClickRecord(
        id=click.id,
        clicked_at=iso_utc(click.clicked_at),
        country=click.country or None,
        device=click.device,
        os=click.os,
        browser=click.browser,
        referrer=click.referrer or None,
        is_bot=click.is_bot,
        is_qr=click.is_qr,
    )


def _sorted(counts: dict[str, int]) -> dict[str, int]:
    """Largest first; ties by key, so the output is stable."""
    return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))
