"""Many links at once on the dashboard: the links page's selection (tag, untag,
archive, unarchive, delete after a confirmation page) through LinkService.bulk_update,
the service behind POST /v1/links/bulk-update; a CSV import through the service behind
POST /v1/links/import, answered with a table of every row's result; the CSV export of
the list's current view through the one behind GET /v1/links/export."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from litestar import Request, get, post
from litestar.datastructures import UploadFile
from litestar.params import Parameter
from litestar.response import Stream, Template

from admin.errors import FieldError, HopError, validation
from admin.links.bulk import bulk_result, csv_document, decode_csv
from admin.links.checks import unique_tags
from admin.links.creation import BULK_MAX
from admin.links.listing import link_filter
from admin.links.schemas import MAX_TAGS, BulkAction, BulkProblem, BulkResult, Link
from admin.links.service import LinkService
from admin.web.bulk_forms import ACTIONS, BulkForm, Selection, selection_of, tags_of
from admin.web.forms import NO_ERRORS, FormErrors, decode, plain, read_form, text
from admin.web.link_pages import _form_of, _list_page
from admin.web.page import Page

Query = Annotated[str | None, Parameter(max_length=200)]
Tag = Annotated[str | None, Parameter(max_length=64)]
ArchivedView = Annotated[str | None, Parameter(max_length=5)]
CSV_FIELD = "file"
Why = Literal["missing", "too-many-tags"]


@dataclass(frozen=True, kw_only=True)
class ImportRow:
    """A row of the import's result table: its link, or its problem's field errors in
    words (the API's decoder messages read as a form's are)."""

    index: int
    link: Link | None
    problem: BulkProblem | None
    errors: list[tuple[str, str]]


def _rows(result: BulkResult) -> list[ImportRow]:
    return [
        ImportRow(
            index=item.index,
            link=item.link,
            problem=item.problem,
            errors=[
                (error.get("field", ""), plain(error.get("message", "")))
                for error in (item.problem.errors if item.problem else [])
            ],
        )
        for item in result.results
    ]


@dataclass(frozen=True, kw_only=True)
class Failure:
    """A selected link the change could not apply to, and why (the template words it)."""

    link_id: str
    link: Link | None
    why: Why


async def _refused(
    page: Page, links: LinkService, selection: Selection, values: dict[str, Any], error: HopError
) -> Template:
    """The links page again, the error at the toolbar's field and the ticks kept."""
    errors = FormErrors.of(error)
    # The service names the body's fields (action.tags); the toolbar has one tag field.
    fields = {
        ("tags" if name in ("action", "tags") else name): message
        for name, message in errors.fields.items()
    }
    view = selection.view
    return await _list_page(
        page,
        links,
        q=view.q or None,
        tag=view.tag or None,
        cursor=view.cursor or None,
        form=_form_of(None),
        errors=NO_ERRORS,
        status=error.status,
        archived=view.archived,
        bulk=BulkForm(
            selected=frozenset(selection.ids),
            tags=text(values, "tags"),
            errors=FormErrors(detail=errors.detail, fields=fields),
        ),
    )


def _failures(
    ids: list[str], found: dict[str, Link], action: BulkAction
) -> tuple[list[Failure], int]:
    """Which selected links the change cannot apply to, read before it is made (the
    service's rules: a link gone or not of this workspace; a tag list that would pass
    the limit is left as it is), and how many it leaves as they were already."""
    failures = [Failure(link_id=i, link=None, why="missing") for i in ids if i not in found]
    already = 0
    for link in found.values():
        if action.type == "addTags":
            after = unique_tags([*link.tags, *action.tags])
            if after == link.tags:
                already += 1
            elif len(after) > MAX_TAGS:
                failures.append(Failure(link_id=link.id, link=link, why="too-many-tags"))
        elif action.type == "removeTags":
            already += not any(tag in link.tags for tag in action.tags)
        elif action.type in ("archive", "unarchive"):
            already += link.archived == (action.type == "archive")
    return failures, already


async def _apply(
    page: Page, links: LinkService, selection: Selection, action: BulkAction
) -> Template:
    found = await links.get_many(page.user, selection.ids)
    failures, already = _failures(selection.ids, found, action)
    where = link_filter(ids=selection.ids)
    result = await links.bulk_update(page.user, where, action)
    return await page.render(
        "links_bulk_result.html",
        action=action.type,
        tags=action.tags,
        selected=len(selection.ids),
        changed=result.changed,
        already=already,
        failures=failures,
        max_tags=MAX_TAGS,
        back=selection.view.url,
    )


@post("/links/bulk", opt={"scope": "links:write"})
async def bulk_change(request: Request[Any, Any, Any], page: Page, links: LinkService) -> Any:
    """The toolbar's buttons: a delete asks first (a page saying how many links and how
    long their codes stay reserved); the others are made at once and their result said."""
    values = await read_form(request)
    selection = selection_of(values)
    kind = text(values, "action")
    try:
        if not selection.ids:
            raise _nothing_selected()
        action = decode(
            {"type": kind if kind in ACTIONS else "", "tags": tags_of(text(values, "tags"))},
            BulkAction,
        )
        if action.type == "delete":
            found = await links.get_many(page.user, selection.ids)
            return await page.render(
                "links_bulk_delete.html",
                links=[found[i] for i in selection.ids if i in found],
                ids=selection.ids,
                back=selection.view.url,
                reservation_days=links.reservation_days,
            )
        return await _apply(page, links, selection, action)
    except HopError as error:
        if error.status >= 500:
            raise
        return await _refused(page, links, selection, values, error)


def _nothing_selected() -> HopError:
    return validation([FieldError("selection", "select at least one link")])


@post("/links/bulk/delete", opt={"scope": "links:write"})
async def bulk_delete(request: Request[Any, Any, Any], page: Page, links: LinkService) -> Any:
    """The confirmation page's button: delete the links it listed."""
    values = await read_form(request)
    selection = selection_of(values)
    if not selection.ids:
        return await _refused(page, links, selection, values, _nothing_selected())
    return await _apply(page, links, selection, BulkAction(type="delete"))


@get("/links/import", opt={"scope": "links:write"})
async def import_page(page: Page) -> Template:
    return await page.render("links_import.html", errors=NO_ERRORS, result=None, rows_max=BULK_MAX)


@post("/links/import", opt={"scope": "links:write"})
async def import_csv(request: Request[Any, Any, Any], page: Page, links: LinkService) -> Any:
    """A CSV file posted with the form (multipart; bounded like every request body by the
    front door, HOP_MAX_BODY_BYTES): each row made as POST /v1/links/import makes it, a
    bad row written not at all, and every row's result in a table."""
    upload = (await request.form()).get(CSV_FIELD)
    data = await upload.read() if isinstance(upload, UploadFile) else b""
    try:
        if not data:
            raise validation([FieldError(CSV_FIELD, "choose a CSV file")])
        items = decode_csv(data, BULK_MAX)
    except HopError as error:
        if error.status >= 500:
            raise
        # The file is refused whole (not UTF-8, no longUrl column, too many rows): the
        # message is about the file, so it goes under the file field.
        message = error.errors[0].message if not data and error.errors else error.detail
        return await page.render(
            "links_import.html",
            status=error.status,
            errors=FormErrors(fields={CSV_FIELD: plain(message)}),
            result=None,
            rows_max=BULK_MAX,
        )
    result = bulk_result(await links.create_many(page.user, items))
    return await page.render(
        "links_import.html",
        errors=NO_ERRORS,
        result=result,
        rows=_rows(result),
        rows_max=BULK_MAX,
    )


@get("/links/export.csv", opt={"scope": "links:read"})
async def export_csv(
    page: Page,
    links: LinkService,
    q: Query = None,
    tag: Tag = None,
    archived: ArchivedView = None,
) -> Stream:
    """The links the list shows (its search, tag and archived view), every page of them,
    as GET /v1/links/export?format=csv writes them, streamed."""
    where = link_filter(tags=[tag] if tag else (), q=q, archived=archived in ("1", "on", "true"))
    return Stream(
        await csv_document(links.pages(page.user, where)),
        media_type="text/csv; charset=utf-8",
        headers={
            "Content-Disposition": 'attachment; filename="links.csv"',
            "Cache-Control": "no-store",
            "X-Content-Type-Options": "nosniff",
        },
    )


ROUTES = [bulk_change, bulk_delete, import_page, import_csv, export_csv]
