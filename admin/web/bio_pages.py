"""The Bio page editor: the page's fields, its buttons and social profiles, a live
preview of the page as the edge will serve it, save, delete. Saving is BioService.put,
exactly as PUT /v1/bio; the preview is BioService.preview (the same renderer)."""

from __future__ import annotations

import re
from typing import Any

from litestar import Request, Response, get, post
from litestar.response import Redirect, Template

from admin.bio.render import NETWORK_NAMES
from admin.bio.schemas import THEMES, BioPage, BioPut
from admin.bio.service import BioService
from admin.errors import HopError, NotFound
from admin.web.forms import NO_ERRORS, FormErrors, decode, plain, read_form, text
from admin.web.page import Page
from admin.web.templating import FRAMED_HEADERS

EMPTY_LINK_ROWS = 3
EMPTY_SOCIAL_ROWS = 2
_ROW = re.compile(r"(links|socials)\[(\d+)\](?:\.(\w+))?")
# The preview is the public page itself, framed by the editor: its own inline style
# (the edge serves it the same way), no script, no forms, framed by this site only.
PREVIEW_HEADERS = {
    "Content-Security-Policy": "; ".join(
        (
            "default-src 'none'",
            "style-src 'unsafe-inline'",
            "img-src https: data:",
            "form-action 'none'",
            "base-uri 'none'",
            "frame-ancestors 'self'",
        )
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "SAMEORIGIN",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
}


def _form_of(bio: BioPage | None) -> dict[str, Any]:
    if bio is None:
        return {
            "username": "",
            "displayName": "",
            "description": "",
            "avatarUrl": "",
            "theme": "light",
            "language": "en",
            "links": [],
            "socials": [],
        }
    return {
        "username": bio.username,
        "displayName": bio.display_name,
        "description": bio.description,
        "avatarUrl": bio.avatar_url or "",
        "theme": bio.theme,
        "language": bio.language,
        "links": [
            {
                "title": link.title,
                # One of the owner's own links shows as its short link: saved again, it
                # is taken as that link (BioService._own_buttons), never as a loop.
                "url": link.destination or link.url,
                "linkId": "",
            }
            for link in bio.links
        ],
        "socials": [{"network": s.network, "handle": s.handle} for s in bio.socials],
    }


def _rows(values: dict[str, Any], kind: str, names: tuple[str, ...]) -> list[dict[str, str]]:
    """Rows ``<kind>-<n>-<name>`` of the form, in order (blank ones kept: they are shown)."""
    count = 0
    while any(f"{kind}-{count}-{name}" in values for name in names):
        count += 1
    return [
        {name: text(values, f"{kind}-{index}-{name}").strip() for name in names}
        for index in range(count)
    ]


def _form_from(values: dict[str, Any]) -> dict[str, Any]:
    return {
        "username": text(values, "username").strip(),
        "displayName": text(values, "displayName").strip(),
        "description": text(values, "description").strip(),
        "avatarUrl": text(values, "avatarUrl").strip(),
        "theme": text(values, "theme") or "light",
        "language": text(values, "language").strip() or "en",
        "links": _rows(values, "links", ("title", "url", "linkId")),
        "socials": _rows(values, "socials", ("network", "handle")),
    }


def _body(form: dict[str, Any]) -> tuple[dict[str, Any], list[int], list[int]]:
    """The JSON body PUT /v1/bio takes, and which form row each list entry came from
    (blank rows are left out, so an error's index is mapped back to its row)."""
    body: dict[str, Any] = {
        "username": form["username"],
        "displayName": form["displayName"],
        "description": form["description"],
        "theme": form["theme"],
        "language": form["language"],
        "links": [],
        "socials": [],
    }
    if form["avatarUrl"]:
        body["avatarUrl"] = form["avatarUrl"]
    link_rows, social_rows = [], []
    for index, row in enumerate(form["links"]):
        if not (row["title"] or row["url"] or row["linkId"]):
            continue
        entry = {"title": row["title"]}
        if row["linkId"] and not row["url"]:
            entry["linkId"] = row["linkId"]
        else:
            entry["url"] = row["url"]
        body["links"].append(entry)
        link_rows.append(index)
    for index, row in enumerate(form["socials"]):
        if not (row["network"] or row["handle"]):
            continue
        body["socials"].append({"network": row["network"], "handle": row["handle"]})
        social_rows.append(index)
    return body, link_rows, social_rows


def bio_errors(error: HopError, link_rows: list[int], social_rows: list[int]) -> FormErrors:
    """The API's errors, each on its input: ``links[1].url`` is the URL of the row it came
    from (``links-<row>-url``); an error on a whole row goes to its title."""
    fields: dict[str, str] = {}
    for item in error.errors:
        name = item.field
        if match := _ROW.match(name):
            kind, index, part = match[1], int(match[2]), match[3]
            rows = link_rows if kind == "links" else social_rows
            row = rows[index] if index < len(rows) else index
            part = part or ("title" if kind == "links" else "handle")
            name = f"{kind}-{row}-{part}"
        fields.setdefault(name, plain(item.message))
    return FormErrors(detail="" if fields else error.detail, fields=fields)


async def _editor(
    page: Page,
    bio: BioPage | None,
    form: dict[str, Any],
    errors: FormErrors = NO_ERRORS,
    status: int = 200,
) -> Template:
    links = [*form["links"], *[{"title": "", "url": "", "linkId": ""}] * EMPTY_LINK_ROWS]
    socials = [*form["socials"], *[{"network": "", "handle": ""}] * EMPTY_SOCIAL_ROWS]
    return await page.render(
        "bio.html",
        status=status,
        bio=bio,
        form=form,
        links=links,
        socials=socials,
        themes=THEMES,
        networks=NETWORK_NAMES,
        errors=errors,
    )


async def _own(page: Page, service: BioService) -> BioPage | None:
    try:
        return await service.get_own(page.user)
    except NotFound:
        return None


@get("/bio", opt={"scope": "bio:read"})
async def bio_page(page: Page, bio: BioService) -> Template:
    own = await _own(page, bio)
    return await _editor(page, own, _form_of(own))


@post("/bio", opt={"scope": "bio:write"})
async def save_bio(request: Request[Any, Any, Any], page: Page, bio: BioService) -> Any:
    form = _form_from(await read_form(request))
    body, link_rows, social_rows = _body(form)
    try:
        saved, created = await bio.put(page.user, decode(body, BioPut))
    except HopError as exc:
        if exc.status >= 500:
            raise
        errors = bio_errors(exc, link_rows, social_rows)
        return await _editor(page, await _own(page, bio), form, errors, status=exc.status)
    verb = "published" if created else "saved"
    await page.flash("success", f"Your Bio page is {verb}: {saved.page_url}")
    return page.redirect("/bio")


@post("/bio/preview", opt={"scope": "bio:read"})
async def preview_bio(
    request: Request[Any, Any, Any], page: Page, bio: BioService
) -> Response[str] | Template:
    """The page as it would look, for the editor's preview frame."""
    form = _form_from(await read_form(request))
    body, link_rows, social_rows = _body(form)
    try:
        html = await bio.preview(page.user, decode(body, BioPut))
    except HopError as exc:
        if exc.status >= 500:
            raise
        errors = bio_errors(exc, link_rows, social_rows)
        return await page.render("_bio_preview_error.html", headers=FRAMED_HEADERS, errors=errors)
    return Response(html, media_type="text/html; charset=utf-8", headers=PREVIEW_HEADERS)


@post("/bio/delete", opt={"scope": "bio:write"})
async def delete_bio(page: Page, bio: BioService) -> Redirect:
    await bio.delete(page.user)
    await page.flash("success", "Your Bio page is deleted; its address no longer works.")
    return page.redirect("/bio")


ROUTES = [bio_page, save_bio, preview_bio, delete_bio]
