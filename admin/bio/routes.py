"""/v1/bio: the caller's page (PUT, GET, DELETE) and the public page data by username."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Controller, Request, Response, delete, get, put
from litestar.openapi import ResponseSpec
from litestar.params import Parameter

from admin.api.body import JsonBody
from admin.api.operations import problems
from admin.auth import Principal
from admin.bio.schemas import BioPage, BioPut, PublicBioPage
from admin.bio.service import BioService, Visitor


class BioController(Controller):
    path = "/v1/bio"
    tags = ["bio"]

    @put(
        "/",
        dto=JsonBody[BioPut],
        return_dto=None,
        opt={"scope": "bio:write"},
        responses={
            201: ResponseSpec(BioPage, description="Created: the page did not exist before."),
            **problems(400, 401, 403, 409, 422),
        },
        operation_id="putBioPage",
        summary="Create or replace your Bio page",
    )
    async def put_bio(
        self, data: BioPut, principal: Principal, bio: BioService
    ) -> Response[BioPage]:
        """Create (201) or replace (200) your Bio page; served at <short_base_url>/@<username>
        (a sandbox key's at <short_base_url>/test/@<username>)."""
        page, created = await bio.put(principal, data)
        return Response(page, status_code=201 if created else 200)

    @get(
        "/",
        opt={"scope": "bio:read"},
        responses=problems(401, 403, 404),
        operation_id="getBioPage",
        summary="Get your Bio page",
    )
    async def get_own_bio(self, principal: Principal, bio: BioService) -> BioPage:
        """Your Bio page, with the tracked link behind each button."""
        return await bio.get_own(principal)

    @delete(
        "/",
        opt={"scope": "bio:write"},
        responses=problems(401, 403, 404),
        operation_id="deleteBioPage",
        summary="Delete your Bio page",
    )
    async def delete_bio(self, principal: Principal, bio: BioService) -> None:
        """Delete your Bio page; its address answers 410 Gone from then on, and the username
        stays reserved for you (HOP_CODE_RESERVATION_DAYS)."""
        await bio.delete(principal)

    @get(
        "/{username:str}",
        security=[{}],
        responses=problems(404),
        operation_id="getPublicBioPage",
        summary="Get a public Bio page",
    )
    async def public_bio(
        self,
        request: Request[Any, Any, Any],
        username: Annotated[str, Parameter(max_length=64)],
        bio: BioService,
    ) -> PublicBioPage:
        """Public data of a live page by username; no Authorization needed. Counts as a
        visit."""
        headers = request.headers
        visitor = Visitor(
            peer_ip=request.client.host if request.client else "",
            user_agent=headers.get("user-agent", ""),
            referrer=headers.get("referer", ""),
            accept_language=headers.get("accept-language", ""),
            forwarded_for=headers.get("x-forwarded-for", ""),
        )
        return await bio.get_public(username, visitor)
