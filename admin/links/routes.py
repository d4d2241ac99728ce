"""/v1/links: thin handlers over LinkService (and SafetyService for a review request)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from litestar import Controller, Request, Response, delete, get, patch, post, put
from litestar.di import Provide
from litestar.openapi import ResponseSpec
from litestar.openapi.spec import OpenAPIType
from litestar.params import Parameter
from litestar.response import Stream

from admin.api.body import JsonBody, decode_json_body, require_json
from admin.api.operations import binary_response, file_request, problems
from admin.api.parameters import parse_instant
from admin.auth import Principal
from admin.errors import BadRequest
from admin.links.bulk import bulk_result, csv_document, decode_csv, decode_items
from admin.links.creation import BULK_MAX
from admin.links.listing import (
    ARCHIVED_CHOICES,
    MAX_PAGE_SIZE,
    MAX_TAG_LIST,
    STATUSES,
    link_filter,
)
from admin.links.repository import LinkFilter
from admin.links.schemas import (
    BulkCreate,
    BulkResult,
    BulkUpdate,
    BulkUpdateResult,
    Link,
    LinkCreate,
    LinkFilterBody,
    LinkPage,
    LinkUpdate,
    ReviewRequest,
    TagList,
)
from admin.links.service import LinkService
from admin.safety import SafetyService

LinkId = Annotated[str, Parameter(description="A link id (lnk_…).", max_length=64)]
_CSV_MEDIA = ("text/csv", "application/csv")
Sort = Literal["-created", "created", "-clicks", "clicks"]
_SORT = (
    "-created (newest first, the default), created, -clicks (most clicked first), clicks; "
    "ties by id."
)
_INSTANT = "ISO 8601 date (UTC midnight) or date-time."


async def provide_filter(
    tag: Annotated[
        list[str] | None,
        Parameter(
            description="Repeat for several (tag=a&tag=b); see tagMatch.",
            max_length=20,
            # A plain array (form style, exploded: tag=a&tag=b, one tag=a alone too). The
            # default oneOf [array, null] would let one string match no branch or both
            # (a query string cannot say null), so clients and checkers disagreed.
            schema_extra={
                "type": OpenAPIType.ARRAY,
                "one_of": None,
                "max_length": None,
                "items": {"type": "string", "minLength": 1, "maxLength": 64},
                "maxItems": 20,
            },
        ),
    ] = None,
    # Plain strings checked by link_filter, so that a bad value's 422 names the field
    # as the query string does (Litestar would name the parameter tag_match); the
    # document states the values link_filter accepts (schema_extra: no check of its own).
    tag_match: Annotated[
        str,
        Parameter(
            query="tagMatch",
            max_length=10,
            schema_extra={"enum": ["all", "any"]},
            description="all (the default): links with every tag given; any: with one of them.",
        ),
    ] = "all",
    status: Annotated[
        str | None,
        Parameter(
            max_length=20,
            description="active, expired, flagged or blocked: the status the resource states.",
            schema_extra={"enum": list(STATUSES)},
        ),
    ] = None,
    q: Annotated[
        str | None,
        Parameter(max_length=200, description="Part of the long URL or short code."),
    ] = None,
    created_from: Annotated[
        str | None,
        Parameter(query="createdFrom", description=f"Created at or after. {_INSTANT}"),
    ] = None,
    created_to: Annotated[
        str | None, Parameter(query="createdTo", description=f"Created before. {_INSTANT}")
    ] = None,
    domain: Annotated[
        str | None,
        Parameter(
            max_length=253,
            description="The links on this custom domain (go.brand.com), or `default`: "
            "those on the default short host.",
        ),
    ] = None,
    archived: Annotated[
        str | None,
        Parameter(
            max_length=10,
            description="false (the default): archived links are left out; true: only "
            "archived links; all: both. With externalId and no archived: both.",
            schema_extra={"enum": list(ARCHIVED_CHOICES)},
        ),
    ] = None,
    external_id: Annotated[
        str | None,
        Parameter(
            query="externalId",
            max_length=255,
            description="The link with this externalId (yours, set on create, PATCH or upsert).",
        ),
    ] = None,
) -> LinkFilter:
    """The filters of GET /v1/links and its export, from the query string."""
    if archived is None:
        archived = "all" if external_id is not None else "false"
    return link_filter(
        tags=tag or (),
        tag_match=tag_match,
        q=q,
        status=status,
        created_from=parse_instant("createdFrom", created_from),
        created_to=parse_instant("createdTo", created_to),
        domain=domain,
        archived=archived,
        external_id=external_id,
    )


def filter_of(body: LinkFilterBody) -> LinkFilter:
    """The filter of a bulk change, from its body (``filter.*`` names its fields)."""
    return link_filter(
        tags=body.tag,
        tag_match=body.tag_match,
        q=body.q,
        status=body.status,
        created_from=body.created_from,
        created_to=body.created_to,
        domain=body.domain,
        archived=body.archived,
        external_id=body.external_id,
        prefix="filter.",
    )


async def csv_body(request: Request[Any, Any, Any]) -> bytes:
    """The body of a CSV import, which must say it is CSV (400 otherwise)."""
    media_type = (request.headers.get("content-type") or "").split(";", 1)[0].strip().lower()
    if media_type not in _CSV_MEDIA:
        raise BadRequest("The import must be sent as Content-Type: text/csv.")
    return await request.body()


class LinkController(Controller):
    path = "/v1/links"
    tags = ["links"]
    dependencies = {"where": Provide(provide_filter)}

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

    @put(
        "/upsert",
        dto=JsonBody[LinkCreate],
        return_dto=None,
        opt={"scope": "links:write"},
        responses={
            201: ResponseSpec(
                Link, description="Created: no link of yours matched (see Location)."
            ),
            **problems(400, 401, 403, 404, 409, 422),
        },
        operation_id="upsertLink",
        summary="Create or update a link",
    )
    async def upsert_link(
        self, data: LinkCreate, principal: Principal, links: LinkService
    ) -> Response[Link]:
        """The body of POST /v1/links. Updates (200) your link with the same `externalId`;
        without one and without `alias`, your link to the same `longUrl` on the same
        domain; else creates one (201, with Location). An update makes the link what the
        body says (a field left out: its create default), but keeps its alias, domain,
        password, externalId and archived state unless given. Two upserts of the same
        link at once make one. Send `Idempotency-Key` to make retries safe."""
        link, created = await links.upsert(principal, data)
        if created:
            return Response(link, status_code=201, headers={"Location": f"/v1/links/{link.id}"})
        return Response(link, status_code=200)

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
        where: LinkFilter,
        limit: Annotated[int, Parameter(ge=1, le=MAX_PAGE_SIZE)] = 50,
        cursor: Annotated[str | None, Parameter(max_length=200)] = None,
        sort: Annotated[Sort, Parameter(description=_SORT)] = "-created",
    ) -> LinkPage:
        """Your links in `sort` order, `limit` per page, filtered (every filter given must
        hold; archived links only when `archived` asks); follow `nextCursor` for the next
        page, with the same filters and sort."""
        return await links.list(principal, where, limit=limit, cursor=cursor, sort=sort)

    @post(
        "/bulk",
        dto=JsonBody[BulkCreate],
        return_dto=None,
        status_code=200,
        opt={"scope": "links:write"},
        responses=problems(400, 401, 403, 422),
        operation_id="createLinksBulk",
        summary="Create links in bulk",
    )
    async def bulk_create(
        self, data: BulkCreate, principal: Principal, links: LinkService
    ) -> BulkResult:
        """Create up to 1,000 links: each item is a POST /v1/links body and gets its own
        result (201 with the link, or the problem a single create would answer), in
        request order. Send `Idempotency-Key` to make retries safe."""
        return bulk_result(await links.create_many(principal, decode_items(data.items)))

    @post(
        "/import",
        status_code=200,
        opt={"scope": "links:write"},
        responses=problems(400, 401, 403, 422),
        operation_id="importLinks",
        operation_class=file_request(
            "text/csv",
            "UTF-8 CSV: a header row (`longUrl` required; `alias`, `tags` separated by `|`, "
            "`expiresAt`, `redirectType`, `forwardQuery`, `domain`, `externalId`, "
            "`archived`), then up to 1,000 rows.",
            "longUrl,alias,tags\r\n"
            "https://shop.example.com/spring-sale,spring-sale,campaign|spring\r\n"
            "https://shop.example.com/summer-sale,,campaign\r\n",
        ),
        summary="Import links from CSV",
    )
    async def import_csv(
        self, request: Request[Any, Any, Any], principal: Principal, links: LinkService
    ) -> BulkResult:
        """Create links from a CSV file (`Content-Type: text/csv`, UTF-8): a header row
        naming the columns (`longUrl` required; `alias`, `tags` separated by `|`,
        `expiresAt`, `redirectType`, `forwardQuery`, `domain`, `externalId`, `archived`;
        others ignored), then up to 1,000 rows. Answers as POST /v1/links/bulk, `index`
        counting data rows from 0."""
        body = await csv_body(request)
        return bulk_result(await links.create_many(principal, decode_csv(body, BULK_MAX)))

    @get(
        "/export",
        opt={"scope": "links:read"},
        responses={
            200: ResponseSpec(
                str,
                description="CSV, a header row then one link per row (docs/api.md#bulk).",
                media_type="text/csv",
                generate_examples=False,
            ),
            **problems(401, 403, 422),
        },
        operation_id="exportLinks",
        operation_class=binary_response("text/csv"),
        summary="Export links as CSV",
    )
    async def export_csv(
        self,
        principal: Principal,
        links: LinkService,
        where: LinkFilter,
        format_: Annotated[
            Literal["csv"], Parameter(query="format", description="Only csv.")
        ] = "csv",
    ) -> Stream:
        """Every link the filters match (those of GET /v1/links), newest first, as CSV,
        streamed."""
        return Stream(
            await csv_document(links.pages(principal, where)),
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": 'attachment; filename="links.csv"'},
        )

    @post(
        "/bulk-update",
        dto=JsonBody[BulkUpdate],
        return_dto=None,
        status_code=200,
        opt={"scope": "links:write"},
        responses=problems(400, 401, 403, 422),
        operation_id="updateLinksBulk",
        summary="Tag, archive or delete links in bulk",
    )
    async def bulk_update(
        self, data: BulkUpdate, principal: Principal, links: LinkService
    ) -> BulkUpdateResult:
        """Add tags to, remove tags from, archive, unarchive or delete every link a filter
        matches (archived ones too unless `filter.archived` says); answers how many
        matched and how many changed."""
        return await links.bulk_update(principal, filter_of(data.filter), data.action)

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
    async def delete_link(
        self,
        link_id: LinkId,
        principal: Principal,
        links: LinkService,
        purge_clicks: Annotated[
            bool,
            Parameter(
                query="purgeClicks",
                description="Also delete everything stored of its clicks: the raw clicks, "
                "their daily counts and unique visitors (the workspace's totals drop by "
                "them), and those still on their way (docs/privacy.md).",
            ),
        ] = False,
    ) -> None:
        """Delete a link; its short URL answers 410 Gone from then on, and its code stays
        reserved for you (HOP_CODE_RESERVATION_DAYS) before anyone else may take it. With
        `purgeClicks=true` nothing of its visits is kept."""
        await links.delete(principal, link_id, purge_clicks=purge_clicks)


class TagController(Controller):
    path = "/v1/tags"
    tags = ["links"]

    @get(
        "/",
        opt={"scope": "links:read"},
        responses=problems(401, 403, 422),
        operation_id="listTags",
        summary="List tags",
    )
    async def list_tags(
        self,
        principal: Principal,
        links: LinkService,
        limit: Annotated[int, Parameter(ge=1, le=MAX_TAG_LIST)] = 100,
    ) -> TagList:
        """The tags on your links with how many links carry each, most used first."""
        return await links.tags(principal, limit=limit)


class LinkReviewController(Controller):
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
