"""POST /v1/users/me/export."""

from __future__ import annotations

from collections.abc import AsyncGenerator
from contextlib import aclosing

from litestar import Controller, post
from litestar.openapi import ResponseSpec
from litestar.openapi.spec import Example

from admin.api.operations import OPT_OUT, problems
from admin.api.stream import ExportResponse
from admin.auth import Principal
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


async def _prepend(first: bytes, rest: AsyncGenerator[bytes, None]) -> AsyncGenerator[bytes, None]:
    async with aclosing(rest):
        yield first
        async for chunk in rest:
            yield chunk
