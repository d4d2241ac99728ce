"""POST /v1/users/me/export."""

from __future__ import annotations

from collections.abc import AsyncIterator

from litestar import Controller, post
from litestar.openapi import ResponseSpec
from litestar.response import Stream

from admin.auth.principal import Principal
from admin.export.service import ExportService
from admin.openapi import problems


class ExportController(Controller):
    path = "/v1/users/me/export"
    tags = ["account"]

    @post(
        "/",
        opt={"scope": "account:read"},
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
    )
    async def export_account(self, principal: Principal, export: ExportService) -> Stream:
        """All of your data (profile, keys, links, clicks, QR codes, Bio page) as JSON."""
        chunks = export.document(principal)
        # Start the transaction before answering, so an unreachable database is a 503
        # problem rather than a cut-off 200.
        first = await anext(chunks)
        return Stream(_prepend(first, chunks), media_type="application/json")


async def _prepend(first: bytes, rest: AsyncIterator[bytes]) -> AsyncIterator[bytes]:
    yield first
    async for chunk in rest:
        yield chunk
