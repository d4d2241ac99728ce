"""POST /v1/users/me/export and GET /v1/links/:id/clicks/export."""

from __future__ import annotations

from collections.abc import AsyncGenerator
from contextlib import aclosing
from typing import Annotated

import msgspec
from litestar import Controller, get, post
from litestar.openapi import ResponseSpec
from litestar.openapi.spec import Example
from litestar.params import Parameter

from admin.api.operations import OPT_OUT, binary_response, problems
from admin.api.parameters import parse_instant
from admin.api.stream import ExportResponse
from admin.auth import Principal
from admin.export.clicks import CLICK_COLUMNS, MEDIA_TYPES, ClickExportService, ClickFormat
from admin.export.service import ExportService

_EMPTY = {
    "format": "hop.export",
    "version": 1,
    "exportedAt": "2026-03-01T09:30:00.000Z",
    "userId": "usr_01JNQDK4M5N6P7Q8R9S0T1U2VW",
    "environment": "live",
    "profile": {
        "id": "usr_01JNQDK4M5N6P7Q8R9S0T1U2VW",
        "email": "ada@example.com",
        "plan": "free",
        "limitPerMinute": 60,
        "limitPerMonth": 1000,
        "createdAt": "2026-03-01T09:00:00.000Z",
    },
    "apiKeys": [],
    "links": [],
    "clicks": [],
    "qrCodes": [],
    "bioPage": None,
    "bioVisits": [],
    "webhooks": [],
    "webhookDeliveries": [],
    "integrations": [],
    "productLinks": [],
    "complete": True,
}


class ExportController(Controller):
    path = "/v1/users/me/export"
    tags = ["account"]

    @post(
        "/",
        # Read-only, and far too large to keep for a replay: Idempotency-Key is ignored.
        opt={"scope": "account:read", OPT_OUT: False},
        status_code=200,
        media_type="application/json",
        responses={
            200: ResponseSpec(
                dict[str, object],
                description="The whole export as one JSON document (see docs/export.md), "
                'streamed; it ends with "complete": true.',
                generate_examples=False,
                examples=[Example(summary="An account with nothing in it yet", value=_EMPTY)],
            ),
            **problems(401, 403),
        },
        operation_id="exportAccount",
        summary="Export all of your data",
    )
    async def export_account(self, principal: Principal, export: ExportService) -> ExportResponse:
        """All of your data (profile, keys, links, clicks, QR codes, Bio page) as JSON.

        One export per account runs at a time (429 with Retry-After otherwise), and a
        server runs only a few at once (503 with Retry-After)."""
        chunks = export.document(principal)
        # Take the slot and start the transaction before answering, so a busy server or
        # an unreachable database is a problem answer rather than a cut-off 200.
        first = await anext(chunks)
        return ExportResponse(_prepend(first, chunks), export.idle_timeout)


_CLICK_LINE = {
    "id": "evt_01JNQ5A1B2C3D4E5F6G7H8J9KM",
    "at": "2026-03-02T14:05:00.000Z",
    "visitorId": "5f1c2a9e0b7d4c3a8e6f1b2d3c4a5e6f",
    "referrer": "https://news.example.org/spring",
    "referrerHost": "news.example.org",
    "country": "DE",
    "region": None,
    "city": None,
    "device": "mobile",
    "os": "iOS",
    "browser": "Mobile Safari",
    "userAgent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)",
    "bot": False,
    "qr": False,
    "variant": None,
}
CLICK_EXAMPLES = {
    MEDIA_TYPES["csv"]: ",".join(CLICK_COLUMNS)
    + "\r\nevt_01JNQ5A1B2C3D4E5F6G7H8J9KM,2026-03-02T14:05:00.000Z,"
    "5f1c2a9e0b7d4c3a8e6f1b2d3c4a5e6f,https://news.example.org/spring,news.example.org,DE,,,"
    "mobile,iOS,Mobile Safari,Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X),"
    "false,false,\r\n",
    MEDIA_TYPES["ndjson"]: msgspec.json.encode(_CLICK_LINE).decode() + "\n",
}


class ClickExportController(Controller):
    path = "/v1/links/{link_id:str}/clicks/export"
    tags = ["analytics"]

    @get(
        "/",
        opt={"scope": "analytics:read"},
        responses=problems(401, 403, 404, 422, 429, 503),
        operation_id="exportLinkClicks",
        summary="Export a link's raw clicks",
        operation_class=binary_response(*MEDIA_TYPES.values(), examples=CLICK_EXAMPLES),
    )
    async def export_link_clicks(
        self,
        link_id: Annotated[str, Parameter(max_length=64)],
        principal: Principal,
        click_export: ClickExportService,
        from_: Annotated[
            str | None,
            Parameter(query="from", description="ISO 8601 date or date-time.", max_length=40),
        ] = None,
        to: Annotated[
            str | None, Parameter(description="ISO 8601 date or date-time.", max_length=40)
        ] = None,
        format_: Annotated[
            ClickFormat,
            Parameter(query="format", description="csv (the default) or ndjson."),
        ] = "csv",
    ) -> ExportResponse:
        """Every click of the link in [from, to), oldest first, one row (CSV) or line
        (NDJSON) each, streamed: the columns are in docs/analytics.md#raw-clicks-out.

        One click export per account runs at a time (429 with Retry-After otherwise), and
        a server runs only a few exports at once (503 with Retry-After)."""
        chunks = click_export.link_clicks(
            principal,
            link_id,
            start=parse_instant("from", from_),
            end=parse_instant("to", to),
            fmt=format_,
        )
        first = await anext(chunks)  # refusals (404, 429, 503) before the 200
        extension = "csv" if format_ == "csv" else "ndjson"
        return ExportResponse(
            _prepend(first, chunks),
            click_export.idle_timeout,
            media_type=MEDIA_TYPES[format_],
            headers={"Content-Disposition": f'attachment; filename="{link_id}-clicks.{extension}"'},
        )


async def _prepend(first: bytes, rest: AsyncGenerator[bytes, None]) -> AsyncGenerator[bytes, None]:
    async with aclosing(rest):
        yield first
        async for chunk in rest:
            yield chunk
