"""A link's analytics page: clicks per day over the previous period, the breakdowns,
bots in or out, and the same numbers as CSV. The numbers come from AnalyticsService,
the service behind GET /v1/links/:id/clicks, asked once for the period shown and once
for the period before it."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Annotated

from litestar import Response, get
from litestar.params import Parameter
from litestar.response import Template

from admin.analytics.schemas import LinkClicks
from admin.analytics.service import AnalyticsService
from admin.auth.principal import Principal
from admin.links.service import LinkService
from admin.web.charts import bar_chart, days_between, line_chart
from admin.web.page import Page
from admin.web.templating import PAGE_HEADERS

LinkId = Annotated[str, Parameter(max_length=64)]
PERIODS = (7, 30, 90)
DIMENSIONS = (
    ("country", "Countries", "Country"),
    ("device", "Devices", "Device"),
    ("os", "Operating systems", "Operating system"),
    ("browser", "Browsers", "Browser"),
    ("referrer", "Referrers", "Referrer"),
)
Days = Annotated[int, Parameter(ge=1, le=366)]
Bots = Annotated[str | None, Parameter(max_length=8)]


@dataclass(frozen=True)
class Report:
    days: int
    first_day: date
    include_bots: bool
    current: LinkClicks
    previous: LinkClicks

    def series(self, which: LinkClicks, first_day: date) -> list[int]:
        counts = which.breakdown.day
        return [counts.get(day.isoformat(), 0) for day in days_between(first_day, self.days)]

    @property
    def per_day(self) -> list[int]:
        return self.series(self.current, self.first_day)

    @property
    def previous_per_day(self) -> list[int]:
        return self.series(self.previous, self.first_day - timedelta(days=self.days))


def _period(days: int) -> int:
    return days if days in PERIODS else 30


async def _report(
    analytics: AnalyticsService, user: Principal, link_id: str, days: int, bots: bool
) -> Report:
    """The last ``days`` UTC days up to today, and the ``days`` before them."""
    today = datetime.now(UTC).date()
    first = today - timedelta(days=days - 1)

    def midnight(day: date) -> datetime:
        return datetime.combine(day, time(), UTC)

    async def ask(start: date, end: date) -> LinkClicks:
        return await analytics.link_clicks(
            user,
            link_id,
            start=midnight(start),
            end=midnight(end),
            include_bots=bots,
            limit=1,
            cursor=None,
        )

    current = await ask(first, today + timedelta(days=1))
    previous = await ask(first - timedelta(days=days), first)
    return Report(days, first, bots, current, previous)


@get("/links/{link_id:str}/analytics", opt={"scope": "analytics:read"})
async def analytics_page(
    page: Page,
    links: LinkService,
    analytics: AnalyticsService,
    link_id: LinkId,
    days: Days = 30,
    bots: Bots = None,
) -> Template:
    link = await links.get(page.user, link_id)
    report = await _report(analytics, page.user, link_id, _period(days), bots == "on")
    current, previous = report.per_day, report.previous_per_day
    shown = "including bots" if report.include_bots else "bots left out"
    summary = (
        f"Clicks per day over the last {report.days} days ({shown}): "
        f"{sum(current)} in all, against {sum(previous)} in the {report.days} days before."
    )
    breakdowns = [
        (
            name,
            title,
            singular,
            getattr(report.current.breakdown, name),
            bar_chart(
                f"{title}, by clicks: "
                + (
                    ", ".join(
                        f"{key} {value}"
                        for key, value in list(getattr(report.current.breakdown, name).items())[:8]
                    )
                    or "no clicks"
                ),
                getattr(report.current.breakdown, name),
            ),
        )
        for name, title, singular in DIMENSIONS
    ]
    rows = [
        (day, now, before)
        for day, now, before in zip(
            days_between(report.first_day, report.days), current, previous, strict=True
        )
    ]
    return await page.render(
        "analytics.html",
        link=link,
        report=report,
        periods=PERIODS,
        timeline=line_chart(summary, current, previous, report.first_day),
        timeline_rows=rows,
        total_now=sum(current),
        total_before=sum(previous),
        breakdowns=breakdowns,
        query=f"days={report.days}" + ("&bots=on" if report.include_bots else ""),
    )


@get("/links/{link_id:str}/analytics.csv", opt={"scope": "analytics:read"})
async def analytics_csv(
    page: Page,
    links: LinkService,
    analytics: AnalyticsService,
    link_id: LinkId,
    days: Days = 30,
    bots: Bots = None,
) -> Response[bytes]:
    """The page's numbers, one row each: section, key, clicks."""
    link = await links.get(page.user, link_id)
    report = await _report(analytics, page.user, link_id, _period(days), bots == "on")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["section", "key", "clicks"])
    totals = report.current.totals
    writer.writerows(
        [
            ["total", "clicks", totals.total],
            ["total", "unique", totals.unique],
            ["total", "bots", totals.bots],
        ]
    )
    for day, value in zip(days_between(report.first_day, report.days), report.per_day, strict=True):
        writer.writerow(["day", day.isoformat(), value])
    previous_first = report.first_day - timedelta(days=report.days)
    for day, value in zip(
        days_between(previous_first, report.days), report.previous_per_day, strict=True
    ):
        writer.writerow(["previous_day", day.isoformat(), value])
    for name, _, _ in DIMENSIONS:
        for key, value in getattr(report.current.breakdown, name).items():
            writer.writerow([name, _csv_safe(key), value])
    filename = f"{link.short_code}-{report.days}d.csv"
    headers = {
        **PAGE_HEADERS,
        "Content-Disposition": f'attachment; filename="{filename}"',
    }
    return Response(out.getvalue().encode(), media_type="text/csv; charset=utf-8", headers=headers)


def _csv_safe(value: str) -> str:
    """A value a spreadsheet will not run as a formula (referrers are visitor-supplied)."""
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


ROUTES = [analytics_page, analytics_csv]
