"""GET /v1/links/:id/clicks, GET /v1/analytics, their live streams (Server-Sent Events)
and GET /v1/analytics/orphans."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, get
from litestar.openapi import ResponseSpec
from litestar.params import HeaderParameter, Parameter

from admin.analytics.live_service import LiveService
from admin.analytics.schemas import (
    AccountAnalytics,
    Interval,
    LinkClicks,
    LiveClick,
    OrphanVisits,
)
from admin.analytics.service import (
    MAX_HISTORY_PAGE,
    MAX_TOP_LINKS,
    AnalyticsService,
)
from admin.api.operations import problems
from admin.api.parameters import parse_instant
from admin.api.sse import EVENT_STREAM, EventStreamResponse
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
        include_archived: Annotated[
            bool,
            Parameter(
                query="includeArchived",
                description="Count the clicks of archived links too (left out by default).",
            ),
        ] = False,
    ) -> AccountAnalytics:
        """Clicks of all your links in [from, to): totals, a series by hour, day or week,
        the `top` most clicked links and the breakdown (docs/analytics.md#account).
        Archived links are left out unless `includeArchived=true`."""
        return await analytics.account(
            principal,
            start=parse_instant("from", from_),
            end=parse_instant("to", to),
            interval=interval,
            include_bots=include_bots,
            top=top,
            include_archived=include_archived,
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


_LIVE_DOC = (
    "Server-Sent Events: `event: click` with `id:` (resume with `Last-Event-ID`) and the "
    "click as `data:` (this schema); `event: gap` when a resumed stream may have missed "
    "clicks; a comment line every 15 s (docs/analytics.md#live)."
)
_LIVE_RESPONSES: dict[int, ResponseSpec] = {
    200: ResponseSpec(LiveClick, description=_LIVE_DOC, media_type=EVENT_STREAM),
    **problems(401, 403, 422, 429),
}
LastEventId = Annotated[
    str | None,
    HeaderParameter(
        name="Last-Event-ID",
        max_length=48,
        description="The `id:` of the last event received: resume after it.",
    ),
]


class LiveClicksController(Controller):
    path = "/v1/analytics/live"
    tags = ["analytics"]

    @get(
        "/",
        opt={"scope": "analytics:read"},
        media_type=EVENT_STREAM,
        responses=_LIVE_RESPONSES,
        operation_id="getLiveClicks",
        summary="Stream the workspace's clicks as they happen",
    )
    async def live_clicks(
        self, principal: Principal, live: LiveService, last_event_id: LastEventId = None
    ) -> EventStreamResponse:
        """Every click on the workspace's links within about a second of its redirect, as
        Server-Sent Events (`curl -N`). A workspace has a few streams open at most (429
        past them)."""
        return EventStreamResponse(await live.open(principal, None, last_event_id))


class LinkLiveClicksController(Controller):
    path = "/v1/links/{link_id:str}/clicks/live"
    tags = ["analytics"]

    @get(
        "/",
        opt={"scope": "analytics:read"},
        media_type=EVENT_STREAM,
        responses={**_LIVE_RESPONSES, **problems(401, 403, 404, 422, 429)},
        operation_id="getLinkLiveClicks",
        summary="Stream a link's clicks as they happen",
    )
    async def link_live_clicks(
        self,
        link_id: Annotated[str, Parameter(max_length=64)],
        principal: Principal,
        live: LiveService,
        last_event_id: LastEventId = None,
    ) -> EventStreamResponse:
        """The clicks of one link within about a second of their redirect, as Server-Sent
        Events; they count against the workspace's open live streams."""
        return EventStreamResponse(await live.open(principal, link_id, last_event_id))
