"""POST /v1/users/me/export."""

from __future__ import annotations

from collections.abc import AsyncGenerator
from contextlib import aclosing

from litestar import Controller, post
from litestar.openapi import ResponseSpec

from admin.auth.principal import Principal
from admin.export.service import ExportService
from admin.export.stream import ExportResponse
from admin.http.idempotency import OPT_OUT
from admin.http.openapi import problems


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
