"""GET /v1/links/:id/clicks, GET /v1/analytics and GET /v1/analytics/orphans."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, get
from litestar.params import Parameter

from admin.analytics.schemas import AccountAnalytics, Interval, LinkClicks, OrphanVisits
from admin.analytics.service import (
    MAX_HISTORY_PAGE,
    MAX_TOP_LINKS,
    AnalyticsService,
)
from admin.api.operations import problems
from admin.api.parameters import parse_instant
from admin.auth import Principal

_INSTANT = "ISO 8601 date (UTC midnight) or date-time."


class AnalyticsController(Controller):
    path = "/v1/links/{link_id:str}/clicks"
    tags = ["analytics"]

    @get(
        "/",
        opt={"scope": "analytics:read"},
        responses=problems(401, 403, 404, 422),
        operation_id="getLinkClicks",
        summary="Get a link's clicks",
    )
    async def link_clicks(
        self,
        link_id: Annotated[str, Parameter(max_length=64)],
        principal: Principal,
        analytics: AnalyticsService,
        from_: Annotated[
            str | None, Parameter(query="from", description=_INSTANT, max_length=40)
        ] = None,
        to: Annotated[str | None, Parameter(description=_INSTANT, max_length=40)] = None,
        include_bots: Annotated[bool, Parameter(query="includeBots")] = False,
        limit: Annotated[int, Parameter(ge=1, le=MAX_HISTORY_PAGE)] = 50,
        cursor: Annotated[str | None, Parameter(max_length=400)] = None,
    ) -> LinkClicks:
        """Totals, breakdown and click history (newest first) of one link in [from, to)."""
        return await analytics.link_clicks(
            principal,
            link_id,
            start=parse_instant("from", from_),
            end=parse_instant("to", to),
            include_bots=include_bots,
            limit=limit,
            cursor=cursor,
        )


class AccountAnalyticsController(Controller):
    path = "/v1/analytics"
    tags = ["analytics"]

    @get(
        "/",
        opt={"scope": "analytics:read"},
        responses=problems(401, 403, 422),
        operation_id="getAccountAnalytics",
        summary="Get the account's clicks",
    )
    async def account_analytics(
        self,
        principal: Principal,
        analytics: AnalyticsService,
        from_: Annotated[
            str | None, Parameter(query="from", description=_INSTANT, max_length=40)
        ] = None,
        to: Annotated[str | None, Parameter(description=_INSTANT, max_length=40)] = None,
        interval: Annotated[
            Interval,
            Parameter(description="The series' bucket: hour, day (the default) or week."),
        ] = "day",
        include_bots: Annotated[bool, Parameter(query="includeBots")] = False,
        top: Annotated[int, Parameter(ge=1, le=MAX_TOP_LINKS)] = 10,
    ) -> AccountAnalytics:
        """Clicks of all your links in [from, to): totals, a series by hour, day or week,
        the `top` most clicked links and the breakdown (docs/analytics.md#account)."""
        return await analytics.account(
            principal,
            start=parse_instant("from", from_),
            end=parse_instant("to", to),
            interval=interval,
            include_bots=include_bots,
            top=top,
        )

    @get(
        "/orphans",
        opt={"scope": "analytics:read"},
        responses=problems(401, 403, 404, 422),
        operation_id="getOrphanVisits",
        summary="Get a domain's orphan visits",
    )
    async def orphan_visits(
        self,
        principal: Principal,
        analytics: AnalyticsService,
        domain: Annotated[
            str | None,
            Parameter(
                description="One of your verified custom domains; omitted: the default "
                "short host (the operator's workspace only, HOP_ORPHANS_WORKSPACE).",
                max_length=253,
            ),
        ] = None,
        from_: Annotated[
            str | None, Parameter(query="from", description=_INSTANT, max_length=40)
        ] = None,
        to: Annotated[str | None, Parameter(description=_INSTANT, max_length=40)] = None,
    ) -> OrphanVisits:
        """Visits that found no link on a domain in [from, to) (whole UTC days, the last
        30 by default): unknown codes and paths, the bare host, expired and deleted links;
        totals by type with bots apart, a daily series, the top paths and referrer hosts
        (docs/analytics.md#orphans)."""
        return await analytics.orphans(
            principal,
            domain=domain,
            start=parse_instant("from", from_),
            end=parse_instant("to", to),
        )
