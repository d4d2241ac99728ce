"""The links page (the dashboard's home): list, search, tag filter, create, edit,
delete, copy the short URL, a QR preview. Every action goes through LinkService,
exactly as /v1/links does."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from litestar import Request, Response, get, post
from litestar.params import Parameter
from litestar.response import Template

from admin.errors import HopError
from admin.links.listing import link_filter
from admin.links.schemas import Link, LinkCreate, LinkUpdate
from admin.links.service import LinkService
from admin.qr.images import ImageOptions, render
from admin.safety.service import SafetyService
from admin.web.bulk_forms import NO_BULK, BulkForm, export_query
from admin.web.forms import NO_ERRORS, FormErrors, decode, read_form, text
from admin.web.page import Page

PAGE_SIZE = 25
LinkId = Annotated[str, Parameter(max_length=64)]
Query = Annotated[str | None, Parameter(max_length=200)]
Cursor = Annotated[str | None, Parameter(max_length=200)]
Tag = Annotated[str | None, Parameter(max_length=64)]
# The list leaves archived links out, as GET /v1/links does; ?archived=1 shows only them.
ArchivedView = Annotated[str | None, Parameter(max_length=5)]
REDIRECT_TYPES = (302, 301, 307, 308)
_QR_PREVIEW = ImageOptions(format="svg", scale=4, border=2)


def _expiry(raw: str) -> str | None:
    """``datetime-local`` input (no zone; the form says UTC) as the API's timestamp."""
    raw = raw.strip()
    if not raw:
        return None
    if len(raw) == 16:  # YYYY-MM-DDTHH:MM
        raw += ":00"
    return raw if raw.endswith("Z") or "+" in raw[10:] else raw + "Z"


def _tags(raw: str) -> list[str]:
    return list(dict.fromkeys(tag.strip() for tag in raw.split(",") if tag.strip()))


def _redirect_type(raw: str) -> int | str:
    return int(raw) if raw.isdigit() else raw


def _link_body(values: dict[str, Any], *, editing: bool) -> dict[str, Any]:
    """The JSON body /v1/links would get for this form."""
    body: dict[str, Any] = {
        "longUrl": text(values, "longUrl").strip(),
        "tags": _tags(text(values, "tags")),
        "redirectType": _redirect_type(text(values, "redirectType") or "302"),
        "forwardQuery": text(values, "forwardQuery") == "on",
    }
    alias = text(values, "alias").strip()
    expiry = _expiry(text(values, "expiresAt"))
    if editing:
        body["expiresAt"] = expiry
        if alias:
            body["alias"] = alias
        if not body["tags"]:
            body["tags"] = None
    else:
        if alias:
            body["alias"] = alias
        if expiry:
            body["expiresAt"] = expiry
    return body


def _form_of(link: Link | None) -> dict[str, Any]:
    if link is None:
        return {
            "longUrl": "",
            "alias": "",
            "tags": "",
            "expiresAt": "",
            "redirectType": "302",
            "forwardQuery": True,
        }
    return {
        "longUrl": link.long_url,
        "alias": link.short_code,
        "tags": ", ".join(link.tags),
        "expiresAt": (link.expires_at or "")[:16],
        "redirectType": str(link.redirect_type),
        "forwardQuery": link.forward_query,
    }


async def _list_page(
    page: Page,
    links: LinkService,
    *,
    q: str | None,
    tag: str | None,
    cursor: str | None,
    form: dict[str, Any],
    errors: FormErrors,
    status: int = 200,
    archived: bool = False,
    bulk: BulkForm = NO_BULK,
) -> Template:
    where = link_filter(tags=[tag] if tag else (), q=q, archived=archived)
    listing = await links.list(page.user, where, limit=PAGE_SIZE, cursor=cursor)
    template = "_links_table.html" if page.htmx and not errors else "links.html"
    return await page.render(
        template,
        status=status,
        links=listing.data,
        next_cursor=listing.next_cursor,
        q=q or "",
        tag=tag or "",
        archived=archived,
        cursor=cursor or "",
        form=form,
        errors=errors,
        redirect_types=REDIRECT_TYPES,
        bulk=bulk,
        export_query=export_query(q=q, tag=tag, archived=archived),
    )


@get("/", opt={"scope": "links:read"})
async def links_page(
    page: Page,
    links: LinkService,
    q: Query = None,
    tag: Tag = None,
    cursor: Cursor = None,
    archived: ArchivedView = None,
) -> Template:
    return await _list_page(
        page,
        links,
        q=q,
        tag=tag,
        cursor=cursor,
        form=_form_of(None),
        errors=NO_ERRORS,
        archived=archived in ("1", "on", "true"),
    )


@post("/links", opt={"scope": "links:write"})
async def create_link(request: Request[Any, Any, Any], page: Page, links: LinkService) -> Any:
    values = await read_form(request)
    try:
        link = await links.create(page.user, decode(_link_body(values, editing=False), LinkCreate))
    except HopError as exc:
        if exc.status >= 500:
            raise
        form = {**values, "forwardQuery": text(values, "forwardQuery") == "on"}
        form.setdefault("redirectType", "302")
        return await _list_page(
            page,
            links,
            q=None,
            tag=None,
            cursor=None,
            form={**_form_of(None), **form},
            errors=FormErrors.of(exc),
            status=exc.status,
        )
    await page.flash("success", f"Created {link.short_url}")
    return page.redirect("/")


@get("/links/{link_id:str}", opt={"scope": "links:read"})
async def edit_link_page(page: Page, links: LinkService, link_id: LinkId) -> Template:
    link = await links.get(page.user, link_id)
    return await page.render(
        "link_edit.html",
        link=link,
        form=_form_of(link),
        errors=NO_ERRORS,
        redirect_types=REDIRECT_TYPES,
    )


@post("/links/{link_id:str}", opt={"scope": "links:write"})
async def edit_link(
    request: Request[Any, Any, Any], page: Page, links: LinkService, link_id: LinkId
) -> Any:
    values = await read_form(request)
    link = await links.get(page.user, link_id)
    try:
        await links.update(page.user, link_id, decode(_link_body(values, editing=True), LinkUpdate))
    except HopError as exc:
        if exc.status >= 500 or exc.status == 404:
            raise
        form = {**_form_of(link), **values, "forwardQuery": text(values, "forwardQuery") == "on"}
        return await page.render(
            "link_edit.html",
            status=exc.status,
            link=link,
            form=form,
            errors=FormErrors.of(exc),
            redirect_types=REDIRECT_TYPES,
        )
    await page.flash("success", f"Saved {link.short_url}")
    return page.redirect("/")


@post("/links/{link_id:str}/review", opt={"scope": "links:write"})
async def request_link_review(
    request: Request[Any, Any, Any],
    page: Page,
    links: LinkService,
    safety: SafetyService,
    link_id: LinkId,
) -> Any:
    """POST /v1/links/:id/review from the edit page: a flagged or blocked link's owner asks
    an operator to look again, with an optional message."""
    values = await read_form(request)
    message = text(values, "message").strip() or None
    link = await links.get(page.user, link_id)
    try:
        await safety.request_review(page.user, link_id, message)
    except HopError as exc:
        if exc.status >= 500 or exc.status == 404:
            raise
        return await page.render(
            "link_edit.html",
            status=exc.status,
            link=link,
            form=_form_of(link),
            errors=FormErrors.of(exc),
            redirect_types=REDIRECT_TYPES,
        )
    await page.flash("success", f"Review requested for {link.short_url}.")
    return page.redirect(f"/links/{link_id}")


@get("/links/{link_id:str}/delete", opt={"scope": "links:read"})
async def delete_link_page(page: Page, links: LinkService, link_id: LinkId) -> Template:
    link = await links.get(page.user, link_id)
    return await page.render("link_delete.html", link=link, errors=NO_ERRORS)


@post("/links/{link_id:str}/delete", opt={"scope": "links:write"})
async def delete_link(page: Page, links: LinkService, link_id: LinkId) -> Any:
    link = await links.get(page.user, link_id)
    try:
        await links.delete(page.user, link_id)
    except HopError as exc:
        if exc.status != 409:
            raise
        return await page.render(
            "link_delete.html", status=409, link=link, errors=FormErrors.of(exc)
        )
    if page.htmx:  # the row goes; a live region says so
        return await page.render("_deleted.html", link=link)
    await page.flash("success", f"Deleted {link.short_url}")
    return page.redirect("/")


@get("/links/{link_id:str}/qr.svg", opt={"scope": "links:read"})
async def link_qr(page: Page, links: LinkService, link_id: LinkId) -> Response[bytes]:
    """A preview of the short URL as a QR code (the QR designer makes tracked ones)."""
    link = await links.get(page.user, link_id)
    image = await asyncio.to_thread(render, link.short_url, _QR_PREVIEW)
    return Response(
        image,
        media_type="image/svg+xml",
        headers={"Cache-Control": "private, max-age=300", "X-Content-Type-Options": "nosniff"},
    )


ROUTES = [
    links_page,
    create_link,
    edit_link_page,
    edit_link,
    request_link_review,
    delete_link_page,
    delete_link,
    link_qr,
]
