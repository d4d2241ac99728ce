"""The workspace's analytics page (``/analytics``): the numbers of GET /v1/analytics (totals,
clicks per day, top links, breakdowns, campaigns) over the last 7, 30 or 90 UTC days, one
domain's orphan visits (GET /v1/analytics/orphans), and a panel of clicks as they happen
fed by ``/analytics/live``, the session's copy of GET /v1/analytics/live.

The handlers call the services behind those routes with the session's principal, so the
page shows what the API answers; charts and tables come from the link analytics page's
helpers (admin/web/charts.py)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Annotated

from litestar import get
from litestar.params import HeaderParameter, Parameter
from litestar.response import Template
from markupsafe import Markup

from admin.analytics.live_service import LiveService
from admin.analytics.schemas import AccountAnalytics, OrphanVisits
from admin.analytics.service import AnalyticsService
from admin.api.sse import EventStreamResponse
from admin.domains.service import DomainService
from admin.errors import NotFound
from admin.web.analytics_pages import PERIODS, Bots, Days
from admin.web.charts import bar_chart, days_between, line_chart
from admin.web.page import Page

TOP_LINKS = 10
# (field of the breakdown, section title, column heading); regions and cities only show
# when the admin has a GeoIP database (without one every click is "unknown").
DIMENSIONS = (
    ("country", "Countries", "Country"),
    ("region", "Regions", "Region"),
    ("city", "Cities", "City"),
    ("device", "Devices", "Device"),
    ("os", "Operating systems", "Operating system"),
    ("browser", "Browsers", "Browser"),
    ("referrer", "Referrers", "Referrer"),
)
CAMPAIGNS = (
    ("utm_source", "Sources (utm_source)", "Source"),
    ("utm_medium", "Media (utm_medium)", "Medium"),
    ("utm_campaign", "Campaigns (utm_campaign)", "Campaign"),
)
_GEO_ONLY = ("region", "city")
Flag = Annotated[str | None, Parameter(max_length=8)]
DomainChoice = Annotated[str | None, Parameter(max_length=253)]
LastEventId = Annotated[str | None, HeaderParameter(name="Last-Event-ID", max_length=48)]
DEFAULT_HOST = ""  # the orphans select's value for the default short host


@dataclass(frozen=True)
class Section:
    """One breakdown: its counts as a bar chart beside a table of the same numbers."""

    name: str
    title: str
    singular: str
    counts: dict[str, int]
    chart: Markup


def _sections(
    breakdown: object, specs: tuple[tuple[str, str, str], ...], skip_unknown_only: bool
) -> list[Section]:
    sections = []
    for name, title, singular in specs:
        counts: dict[str, int] = getattr(breakdown, name)
        if skip_unknown_only and name in _GEO_ONLY and set(counts) <= {"unknown"}:
            continue
        said = ", ".join(f"{key} {value}" for key, value in list(counts.items())[:8])
        chart = bar_chart(f"{title}, by clicks: {said or 'no clicks'}", counts)
        sections.append(Section(name, title, singular, counts, chart))
    return sections


def _midnight(day: date) -> datetime:
    return datetime.combine(day, time(), UTC)


async def _orphan_choices(
    page: Page, domains: DomainService, analytics: AnalyticsService
) -> list[tuple[str, str]]:
    """(value, label) of each domain whose orphan visits the workspace may read: its
    verified custom domains, and the default short host for the operator's workspace."""
    user = page.user
    choices = [
        (domain.hostname, domain.hostname)
        for domain in (await domains.list(user)).data
        if domain.verified_at is not None
    ]
    if analytics.orphans_workspace and analytics.orphans_workspace == user.workspace_id:
        host = page.web.short_base_url.split("://", 1)[-1].rstrip("/") or "default host"
        choices.insert(0, (DEFAULT_HOST, f"{host} (the default short host)"))
    return choices


@get("/analytics", opt={"scope": "analytics:read"})
async def account_analytics_page(
    page: Page,
    analytics: AnalyticsService,
    domains: DomainService,
    days: Days = 30,
    bots: Bots = None,
    archived: Flag = None,
    domain: DomainChoice = None,
) -> Template:
    period = days if days in PERIODS else 30
    include_bots, include_archived = bots == "on", archived == "on"
    today = datetime.now(UTC).date()
    first = today - timedelta(days=period - 1)
    start, end = _midnight(first), _midnight(today + timedelta(days=1))
    report: AccountAnalytics = await analytics.account(
        page.user,
        start=start,
        end=end,
        interval="day",
        include_bots=include_bots,
        top=TOP_LINKS,
        include_archived=include_archived,
    )
    per_day = [point.clicks for point in report.series]
    shown = "including bots" if include_bots else "bots left out"
    timeline = line_chart(
        f"Clicks per day over the last {period} days ({shown}): {sum(per_day)} in all.",
        per_day,
        [],
        first,
    )
    choices = await _orphan_choices(page, domains, analytics)
    values = [value for value, _ in choices]
    chosen = domain if domain in values else (values[0] if values else None)
    orphans: OrphanVisits | None = None
    if chosen is not None:
        try:
            orphans = await analytics.orphans(
                page.user, domain=chosen or None, start=start, end=end
            )
        except NotFound:  # lapsed or deleted between the list and the read
            orphans = None
    orphan_timeline = None
    if orphans is not None:
        humans = [day.humans for day in orphans.series]
        orphan_timeline = line_chart(
            f"Orphan visits per day on {orphans.domain or 'the default short host'}, "
            f"people only: {sum(humans)} in all.",
            humans,
            [],
            first,
        )
    return await page.render(
        "account_analytics.html",
        report=report,
        days=period,
        periods=PERIODS,
        include_bots=include_bots,
        include_archived=include_archived,
        chart_total=sum(per_day),
        timeline=timeline,
        timeline_rows=list(zip(days_between(first, period), per_day, strict=False)),
        breakdowns=_sections(report.breakdown, DIMENSIONS, skip_unknown_only=True),
        campaigns=_sections(report.breakdown, CAMPAIGNS, skip_unknown_only=False),
        orphan_choices=choices,
        orphan_domain=chosen,
        orphans=orphans,
        orphan_timeline=orphan_timeline,
    )


@get("/analytics/live", opt={"scope": "analytics:read"})
async def account_live_clicks(
    page: Page, live: LiveService, last_event_id: LastEventId = None
) -> EventStreamResponse:
    """The workspace's clicks as Server-Sent Events for the page's live panel: the API's
    stream with the session's principal, taking one of the workspace's live-stream slots
    (closed by the page's script when the page goes away; EventSource's reconnection
    sends Last-Event-ID and resumes)."""
    return EventStreamResponse(await live.open(page.user, None, last_event_id))


ROUTES = [account_analytics_page, account_live_clicks]
