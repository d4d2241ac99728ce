"""/v1/links: thin handlers over LinkService."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, Response, delete, get, patch, post
from litestar.params import Parameter

from admin.auth.principal import Principal
from admin.http.body import JsonBody
from admin.http.openapi import problems
from admin.links.schemas import Link, LinkCreate, LinkPage, LinkUpdate
from admin.links.service import MAX_PAGE_SIZE, LinkService

LinkId = Annotated[str, Parameter(description="A link id (lnk_…).", max_length=64)]


class LinkController(Controller):
    path = "/v1/links"
    tags = ["links"]

    @post(
        "/",
        dto=JsonBody[LinkCreate],
        return_dto=None,
        status_code=201,
        opt={"scope": "links:write"},
        responses=problems(400, 401, 403, 409, 422),
        operation_id="createLink",
        summary="Create a short link",
    )
    async def create_link(
        self, data: LinkCreate, principal: Principal, links: LinkService
    ) -> Response[Link]:
        """Create a short link (a sandbox key's under <short_base_url>/test/). Send
        `Idempotency-Key` to make retries safe."""
        link = await links.create(principal, data)
        return Response(link, status_code=201, headers={"Location": f"/v1/links/{link.id}"})

    @get(
        "/",
        opt={"scope": "links:read"},
        responses=problems(401, 403, 422),
        operation_id="listLinks",
        summary="List links",
    )
    async def list_links(
        self,
        principal: Principal,
        links: LinkService,
        limit: Annotated[int, Parameter(ge=1, le=MAX_PAGE_SIZE)] = 50,
        cursor: Annotated[str | None, Parameter(max_length=200)] = None,
        tag: Annotated[str | None, Parameter(max_length=64)] = None,
        q: Annotated[str | None, Parameter(max_length=200)] = None,
    ) -> LinkPage:
        """Links, newest first, `limit` per page; follow `nextCursor` for the next page."""
        return await links.list(principal, limit=limit, cursor=cursor, tag=tag, q=q)

    @get(
        "/{link_id:str}",
        opt={"scope": "links:read"},
        responses=problems(401, 403, 404),
        operation_id="getLink",
        summary="Get a link",
    )
    async def get_link(self, link_id: LinkId, principal: Principal, links: LinkService) -> Link:
        """One link."""
        return await links.get(principal, link_id)

    @patch(
        "/{link_id:str}",
        dto=JsonBody[LinkUpdate],
        return_dto=None,
        opt={"scope": "links:write"},
        responses=problems(400, 401, 403, 404, 409, 422),
        operation_id="updateLink",
        summary="Update a link",
    )
    async def update_link(
        self, link_id: LinkId, data: LinkUpdate, principal: Principal, links: LinkService
    ) -> Link:
        """Change the destination, alias, tags, expiry or redirect behaviour. A previous
        alias answers 410 Gone and stays reserved for you (HOP_CODE_RESERVATION_DAYS)."""
        return await links.update(principal, link_id, data)

    @delete(
        "/{link_id:str}",
        opt={"scope": "links:write"},
        responses=problems(401, 403, 404, 409),
        operation_id="deleteLink",
        summary="Delete a link",
    )
    async def delete_link(self, link_id: LinkId, principal: Principal, links: LinkService) -> None:
        """Delete a link; its short URL answers 410 Gone from then on, and its code stays
        reserved for you (HOP_CODE_RESERVATION_DAYS) before anyone else may take it."""
        await links.delete(principal, link_id)
