"""Click history and breakdown of one link (GET /v1/links/:id/clicks).

Totals and breakdown come from the daily rollups for whole UTC days and from
the raw clicks for the partial days at the ends of a ``from``/``to`` range, so
they are exact and cost grows with days rather than clicks. Unique visitors
are the distinct visitor ids (salted hash of IP + user agent) among non-bot
clicks in the range. Bots are left out of the breakdown unless asked for; the
totals always state them.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC, date, datetime, time, timedelta
from typing import Annotated

import msgspec

from admin.analytics import repository as repo
from admin.analytics.orphan_report import orphan_visits
from admin.analytics.schemas import (
    AccountAnalytics,
    AccountBreakdown,
    AccountTotals,
    Breakdown,
    ClickRecord,
    ClickTotals,
    Interval,
    LinkClicks,
    OrphanVisits,
    SeriesPoint,
    TopLink,
)
from admin.auth import Principal
from admin.db import Database
from admin.errors import FieldError, NotFound, validation
from admin.links import get_link
from admin.pagination import CursorId, Position, decode_cursor, encode_cursor
from admin.urls import short_url
from common.timefmt import iso_utc, utc_now

_DIMENSIONS = ("country", "region", "city", "device", "os", "browser", "referrer")
# GET /v1/analytics' campaign breakdowns: the links' UTM fields (repository names).
_CAMPAIGNS = {"utmSource": "utm_source", "utmMedium": "utm_medium", "utmCampaign": "utm_campaign"}
MAX_HISTORY_PAGE = 200
MAX_TOP_LINKS = 100
ACCOUNT_MAX_DAYS = 366  # days and weeks: the longest range of GET /v1/analytics
HOURLY_MAX_DAYS = 7  # hours: read from the raw clicks, so a shorter range
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


class ClickCursor(Position, frozen=True):
    """The last click of a page of a link's history (newest first)."""

    clicked_at: Annotated[datetime, msgspec.Meta(tz=True)]
    event_id: CursorId


class AnalyticsService:
    def __init__(
        self, db: Database, short_base_url: str = "", orphans_workspace: str | None = None
    ) -> None:
        self.db = db
        self.short_base_url = short_base_url
        self.orphans_workspace = orphans_workspace  # HOP_ORPHANS_WORKSPACE

    async def orphans(
        self,
        principal: Principal,
        *,
        domain: str | None,
        start: datetime | None,
        end: datetime | None,
    ) -> OrphanVisits:
        """A domain's orphan visits (GET /v1/analytics/orphans; orphan_report.py)."""
        async with self.db.transaction() as conn:
            return await orphan_visits(
                conn,
                principal,
                domain=domain,
                start=start,
                end=end,
                operator_workspace=self.orphans_workspace,
            )

    async def account(
        self,
        principal: Principal,
        *,
        start: datetime | None,
        end: datetime | None,
        interval: Interval,
        include_bots: bool,
        top: int,
        include_archived: bool = False,
    ) -> AccountAnalytics:
        """Clicks of every link of the account (GET /v1/analytics): totals, a series by
        hour, day or week, the top links and the breakdown. Days and weeks come from the
        daily rollups, so their range is whole UTC days; hours come from the raw clicks,
        over at most HOURLY_MAX_DAYS, while the top links and breakdown of an hourly
        request cover the whole UTC days its range touches (the rollups are daily)."""
        start, end = _account_range(start, end, interval)
        if not 1 <= top <= MAX_TOP_LINKS:
            raise validation([FieldError("top", f"must be between 1 and {MAX_TOP_LINKS}")])
        day_from = start.date()
        day_to = (end - timedelta(microseconds=1)).date() + timedelta(days=1)
        async with self.db.transaction() as conn:
            stats = await repo.account_stats(
                conn,
                principal.workspace_id,
                principal.environment,
                day_from=day_from,
                day_to=day_to,
                hours=(start, end) if interval == "hour" else None,
                include_archived=include_archived,
            )
            per_link: dict[str, int] = defaultdict(int)
            for row in stats.counts:
                if row.dimension == "link" and row.value and (include_bots or not row.is_bot):
                    per_link[row.value] += row.clicks
            ranked = sorted(per_link.items(), key=lambda item: (-item[1], item[0]))[:top]
            summaries = await repo.link_summaries(
                conn,
                principal.workspace_id,
                principal.environment,
                [link_id for link_id, _ in ranked],
            )
        named = {summary.id: summary for summary in summaries}
        timed = stats.hours if interval == "hour" else stats.counts
        time_dimension = "hour" if interval == "hour" else "day"
        total = bots = 0
        buckets: dict[datetime, int] = dict.fromkeys(_buckets(start, end, interval), 0)
        for row in timed:
            if row.dimension != time_dimension or row.value is None:
                continue
            total += row.clicks
            bots += row.clicks if row.is_bot else 0
            if include_bots or not row.is_bot:
                bucket = _bucket_of(_instant(row.value), interval)
                if bucket in buckets:
                    buckets[bucket] += row.clicks
        counts: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
        for row in stats.counts:
            if row.dimension in _DIMENSIONS and (include_bots or not row.is_bot):
                key = row.value or ("direct" if row.dimension == "referrer" else "unknown")
                counts[row.dimension][key] += row.clicks
            elif row.dimension in _CAMPAIGNS and row.value and (include_bots or not row.is_bot):
                counts[_CAMPAIGNS[row.dimension]][row.value] += row.clicks
        return AccountAnalytics(
            from_=iso_utc(start),
            to=iso_utc(end),
            interval=interval,
            include_bots=include_bots,
            include_archived=include_archived,
            totals=AccountTotals(total=total, bots=bots),
            series=[SeriesPoint(start=iso_utc(at), clicks=n) for at, n in buckets.items()],
            top_links=[
                TopLink(
                    id=link_id,
                    short_code=named[link_id].short_code,
                    short_url=short_url(
                        self.short_base_url,
                        named[link_id].environment,
                        named[link_id].short_code,
                        named[link_id].domain,
                    ),
                    long_url=named[link_id].long_url,
                    deleted=named[link_id].deleted_at is not None,
                    clicks=clicks,
                )
                for link_id, clicks in ranked
                if link_id in named
            ],
            breakdown=AccountBreakdown(
                **{name: _sorted(counts[name]) for name in (*_DIMENSIONS, *_CAMPAIGNS.values())}
            ),
        )

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
        after = None
        if cursor:
            position = decode_cursor(cursor, ClickCursor)
            after = (position.clicked_at, position.event_id)
        async with self.db.transaction() as conn:
            if await get_link(conn, principal, link_id) is None:
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
            next_cursor=(
                encode_cursor(ClickCursor(history[-1].clicked_at, history[-1].id)) if more else None
            ),
        )


def _account_range(
    start: datetime | None, end: datetime | None, interval: str
) -> tuple[datetime, datetime]:
    """The range of an account request, defaulted and checked: whole UTC days for days
    and weeks (the last 30 by default, today included), whole hours for hours (the last
    24 by default, this hour included)."""
    now = utc_now()
    errors: list[FieldError] = []
    if interval == "hour":
        unit, span, most = timedelta(hours=1), timedelta(hours=24), HOURLY_MAX_DAYS
        end = end or now.replace(minute=0, second=0, microsecond=0) + unit
    else:
        unit, span, most = timedelta(days=1), timedelta(days=30), ACCOUNT_MAX_DAYS
        end = end or _midnight(now.date()) + unit
    start = start or end - span
    for field, moment in (("from", start), ("to", end)):
        if (moment - _EPOCH) % unit:
            whole = "hour" if interval == "hour" else "UTC day (midnight)"
            errors.append(FieldError(field, f"must be a whole {whole} for interval={interval}"))
    if end <= start:
        errors.append(FieldError("to", "must be later than from"))
    elif end - start > timedelta(days=most):
        errors.append(FieldError("to", f"at most {most} days after from for interval={interval}"))
    if errors:
        raise validation(errors)
    return start, end


def _midnight(day: date) -> datetime:
    return datetime.combine(day, time(), UTC)


def _instant(value: str) -> datetime:
    """A day (YYYY-MM-DD) or an hour (YYYY-MM-DD HH:MM:SS) as the database wrote it."""
    moment = datetime.fromisoformat(value)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _bucket_of(moment: datetime, interval: str) -> datetime:
    if interval == "week":  # weeks start on Monday (ISO 8601)
        return _midnight(moment.date() - timedelta(days=moment.weekday()))
    if interval == "day":
        return _midnight(moment.date())
    return moment.replace(minute=0, second=0, microsecond=0)


def _buckets(start: datetime, end: datetime, interval: str) -> list[datetime]:
    step = {"hour": timedelta(hours=1), "day": timedelta(days=1), "week": timedelta(days=7)}
    at, found = _bucket_of(start, interval), []
    while at < end:
        found.append(at)
        at += step[interval]
    return found


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
        region=click.region or None,
        city=click.city or None,
    )


def _sorted(counts: dict[str, int]) -> dict[str, int]:
    """Largest first; ties by key, so the output is stable."""
    return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))
