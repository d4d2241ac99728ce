"""Imports on the dashboard: start one from another shortener or a CSV file, the
workspace's imports with a progress bar each, a job's page (its bar kept live by
static/imports.js polling ``/imports/:id/progress``, or by a refresh without
JavaScript), its report as CSV, cancel. Every action goes through ImportService, as
/v1/imports does."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from litestar import Request, Response, get, post
from litestar.datastructures import UploadFile
from litestar.params import Parameter
from litestar.response import Redirect, Stream, Template

from admin.errors import FieldError, HopError, validation
from admin.imports.routes import report_csv
from admin.imports.schemas import ImportCreate, ImportJob
from admin.imports.service import ImportService
from admin.imports.sources import SOURCES
from admin.web.forms import NO_ERRORS, FormErrors, decode, read_form
from admin.web.import_forms import (
    CSV_FILE,
    SOURCE_FIELD,
    SOURCE_FORMS,
    form_errors,
    import_body,
    labels,
    shown_values,
)
from admin.web.page import Page
from admin.web.templating import PAGE_HEADERS

ImportId = Annotated[str, Parameter(max_length=64)]
Cursor = Annotated[str | None, Parameter(max_length=200)]
LIST_PAGE = 25
ENDED = frozenset({"done", "failed", "cancelled"})
STATUS_LABELS = {
    "queued": "Queued",
    "running": "Running",
    "done": "Done",
    "failed": "Failed",
    "cancelled": "Cancelled",
}
_NEW_FORM: dict[str, Any] = {SOURCE_FIELD: "bitly", "bitly-clicks": True}


class Progress(msgspec.Struct, frozen=True, kw_only=True, rename="camel"):
    """What the progress bar and the counts show; also the live script's JSON."""

    status: str
    status_label: str
    ended: bool
    total: int | None
    processed: int  # imported + skipped + failed
    imported: int
    skipped: int
    remapped: int
    failed: int
    reason: str | None
    value: int | None  # the bar's value; None: indeterminate (the total is not known yet)
    max: int
    summary: str


def progress_of(job: ImportJob) -> Progress:
    processed = job.imported + job.skipped + job.failed
    ended = job.status in ENDED
    if job.total is None:
        # Before the source says how many it holds the bar can only say "working".
        value, most = (processed, max(processed, 1)) if ended else (None, 1)
        summary = f"{processed:,} links so far" if not ended else f"{processed:,} links"
    else:
        most = max(job.total, 1)
        value = min(processed, most)
        summary = f"{processed:,} of {job.total:,} links"
    return Progress(
        status=job.status,
        status_label=STATUS_LABELS.get(job.status, job.status),
        ended=ended,
        total=job.total,
        processed=processed,
        imported=job.imported,
        skipped=job.skipped,
        remapped=job.remapped,
        failed=job.failed,
        reason=job.reason,
        value=value,
        max=most,
        summary=summary,
    )


def _label(source: str) -> str:
    kind = SOURCES.get(source)
    return kind.label if kind else source


async def _list_page(
    page: Page,
    imports: ImportService,
    *,
    cursor: str | None = None,
    form: dict[str, Any] | None = None,
    errors: FormErrors = NO_ERRORS,
    status: int = 200,
) -> Template:
    listing = await imports.list(page.user, limit=LIST_PAGE, cursor=cursor)
    return await page.render(
        "imports.html",
        status=status,
        jobs=[(job, progress_of(job), _label(job.source)) for job in listing.data],
        next_cursor=listing.next_cursor,
        sources=SOURCE_FORMS,
        labels=labels(),
        form=form or _NEW_FORM,
        errors=errors,
    )


@get("/imports", opt={"scope": "links:read"})
async def imports_page(page: Page, imports: ImportService, cursor: Cursor = None) -> Template:
    return await _list_page(page, imports, cursor=cursor)


async def _file_text(request: Request[Any, Any, Any], values: dict[str, Any]) -> str | None:
    """The chosen source's CSV file as text (UTF-8, a byte-order mark allowed). The
    request body, file included, is bounded by the front door (HOP_MAX_BODY_BYTES, as
    the API's body is), so reading it whole is bounded too."""
    if values.get(SOURCE_FIELD) != "csv":
        return None
    upload = (await request.form()).get(CSV_FILE)
    if not isinstance(upload, UploadFile):
        return None
    data = await upload.read()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise validation(
            [FieldError("options.content", "is not UTF-8 text: save the CSV as UTF-8")]
        ) from None


@post("/imports", opt={"scope": "links:write"})
async def start_import(
    request: Request[Any, Any, Any], page: Page, imports: ImportService
) -> Template | Redirect:
    values = await read_form(request)
    source = str(values.get(SOURCE_FIELD, ""))
    try:
        body = import_body(values, await _file_text(request, values))
        job = await imports.create(page.user, decode(body, ImportCreate))
    except HopError as exc:
        if exc.status >= 500:
            raise
        return await _list_page(
            page,
            imports,
            form=shown_values(values),
            errors=form_errors(exc, source),
            status=exc.status,
        )
    await page.flash("success", f"The import from {_label(job.source)} has started.")
    return page.redirect(f"/imports/{job.id}")


@get("/imports/{import_id:str}", opt={"scope": "links:read"})
async def import_page(page: Page, imports: ImportService, import_id: ImportId) -> Template:
    job = await imports.get(page.user, import_id)
    return await page.render(
        "import.html",
        job=job,
        progress=progress_of(job),
        source_label=_label(job.source),
        live=job.status not in ENDED,
    )


_encode = msgspec.json.Encoder().encode


@get("/imports/{import_id:str}/progress", opt={"scope": "links:read"})
async def import_progress(
    page: Page, imports: ImportService, import_id: ImportId
) -> Response[bytes]:
    """The job's counts as JSON, for the job page's script (static/imports.js)."""
    job = await imports.get(page.user, import_id)
    return Response(
        _encode(progress_of(job)),
        media_type="application/json",
        headers={**PAGE_HEADERS, "Vary": "Cookie"},
    )


@get("/imports/{import_id:str}/report", opt={"scope": "links:read"})
async def import_report(page: Page, imports: ImportService, import_id: ImportId) -> Stream:
    """The API's report (every failed and remapped link), for a session: the dashboard
    cannot send an API key."""
    batches = await imports.report(page.user, import_id)
    return Stream(
        report_csv(batches),
        media_type="text/csv; charset=utf-8",
        headers={
            "Content-Disposition": f'attachment; filename="{import_id}.csv"',
            "Cache-Control": "no-store",
            "X-Content-Type-Options": "nosniff",
        },
    )


@post("/imports/{import_id:str}/cancel", opt={"scope": "links:write"})
async def cancel_import(page: Page, imports: ImportService, import_id: ImportId) -> Redirect:
    try:
        await imports.cancel(page.user, import_id)
    except HopError as exc:
        if exc.status != 409:
            raise
        await page.flash("error", exc.detail)
        return page.redirect(f"/imports/{import_id}")
    await page.flash("success", "The import is cancelled: the links it brought stay.")
    return page.redirect(f"/imports/{import_id}")


ROUTES = [imports_page, start_import, import_page, import_progress, import_report, cancel_import]
