"""/v1/imports: thin handlers over ImportService (docs/import.md)."""

from __future__ import annotations

import csv
import io
from collections.abc import AsyncIterator, Sequence
from typing import Annotated

from litestar import Controller, Response, delete, get, post
from litestar.params import Parameter
from litestar.response import Stream

from admin.api.body import JsonBody
from admin.api.operations import binary_response, problems
from admin.auth import Principal
from admin.imports.repository import NoteRow
from admin.imports.schemas import ImportCreate, ImportJob, ImportPage
from admin.imports.service import MAX_PAGE_SIZE, ImportService
from admin.links import spreadsheet_safe

ImportId = Annotated[str, Parameter(description="An import id (imp_…).", max_length=64)]
_ITEM = "/{import_id:str}"


class ImportController(Controller):
    path = "/v1/imports"
    tags = ["imports"]

    @post(
        "/",
        dto=JsonBody[ImportCreate],
        return_dto=None,
        status_code=202,
        opt={"scope": "links:write"},
        responses=problems(400, 401, 403, 409, 422),
        operation_id="createImport",
        summary="Import links from another shortener",
    )
    async def create_import(
        self, data: ImportCreate, principal: Principal, imports: ImportService
    ) -> Response[ImportJob]:
        """Start a job that brings every link of a Bitly, Rebrandly, Short.io, Shlink,
        YOURLS or Kutt account, or of a CSV file, keeping their codes where it can;
        watch it with GET /v1/imports/:id."""
        job = await imports.create(principal, data)
        return Response(job, status_code=202, headers={"Location": f"/v1/imports/{job.id}"})

    @get(
        "/",
        opt={"scope": "links:read"},
        responses=problems(401, 403, 422),
        operation_id="listImports",
        summary="List imports",
    )
    async def list_imports(
        self,
        principal: Principal,
        imports: ImportService,
        limit: Annotated[int, Parameter(ge=1, le=MAX_PAGE_SIZE)] = 20,
        cursor: Annotated[str | None, Parameter(max_length=200)] = None,
    ) -> ImportPage:
        """Imports, newest first; follow `nextCursor` for the next page."""
        return await imports.list(principal, limit=limit, cursor=cursor)

    @get(
        _ITEM,
        opt={"scope": "links:read"},
        responses=problems(401, 403, 404),
        operation_id="getImport",
        summary="Get an import",
    )
    async def get_import(
        self, import_id: ImportId, principal: Principal, imports: ImportService
    ) -> ImportJob:
        """The job: its status, its counts and why links failed or changed code."""
        return await imports.get(principal, import_id)

    @delete(
        _ITEM,
        status_code=200,
        opt={"scope": "links:write"},
        responses=problems(401, 403, 404, 409),
        operation_id="cancelImport",
        summary="Cancel an import",
    )
    async def cancel_import(
        self, import_id: ImportId, principal: Principal, imports: ImportService
    ) -> ImportJob:
        """Stop a job that has not ended, at its next page; links already written stay
        (the same import started again goes on without duplicates)."""
        return await imports.cancel(principal, import_id)

    @get(
        _ITEM + "/report",
        opt={"scope": "links:read"},
        responses=problems(401, 403, 404),
        operation_id="getImportReport",
        summary="Download an import's report",
        operation_class=binary_response("text/csv"),
    )
    async def import_report(
        self, import_id: ImportId, principal: Principal, imports: ImportService
    ) -> Stream:
        """Every link that failed or came over under a new code, and why, as CSV:
        `kind,sourceId,code,newCode,reason`."""
        batches = await imports.report(principal, import_id)
        return Stream(
            report_csv(batches),
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="{import_id}.csv"'},
        )


async def report_csv(batches: AsyncIterator[Sequence[NoteRow]]) -> AsyncIterator[bytes]:
    """The report's CSV, a batch of notes at a time (the dashboard's download too)."""
    yield b"kind,sourceId,code,newCode,reason\r\n"
    async for batch in batches:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\r\n")
        for note in batch:
            cells = [note.kind, note.source_id, note.code or "", note.new_code or "", note.reason]
            writer.writerow([spreadsheet_safe(cell) for cell in cells])
        yield out.getvalue().encode()
