"""POST /v1/links/:id/review: an owner asks an operator to look at a flagged link."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Controller, Request, Response, post
from litestar.params import Parameter

from admin.api.body import decode_json_body, require_json
from admin.api.operations import problems
from admin.auth.principal import Principal
from admin.links.schemas import Link, ReviewRequest
from admin.links.service import LinkService
from admin.safety.service import SafetyService

LinkId = Annotated[str, Parameter(description="A link id (lnk_…).", max_length=64)]


class SafetyController(Controller):
    path = "/v1/links"
    tags = ["links"]

    @post(
        "/{link_id:str}/review",
        status_code=202,
        opt={"scope": "links:write"},
        responses=problems(400, 401, 403, 404, 409, 422),
        operation_id="requestLinkReview",
        summary="Ask for a review of a flagged link",
    )
    async def request_review(
        self,
        link_id: LinkId,
        request: Request[Any, Any, Any],
        principal: Principal,
        safety: SafetyService,
        links: LinkService,
    ) -> Response[Link]:
        """Ask for a review of a flagged or blocked link (202; 409 when it is not
        flagged). Optional body: `{"message": "…"}` (at most 1,000 characters) for the
        operator. The link stays as it is until an operator decides."""
        body = await request.body()
        if body:
            require_json(request.headers.get("content-type"))
        data = decode_json_body(body, ReviewRequest) if body else ReviewRequest()
        await safety.request_review(principal, link_id, data.message)
        return Response(await links.get(principal, link_id), status_code=202)
