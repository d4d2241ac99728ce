"""Import jobs as the API and the dashboard see them: start one, watch it, cancel it,
read its report. The worker runs them (runner.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from typing import Any

import msgspec

from admin.audit import record_audit
from admin.auth import Principal
from admin.db import Database
from admin.errors import Conflict, FieldError, NotFound, validation
from admin.imports import repository as repo
from admin.imports.schemas import ImportCreate, ImportFailure, ImportJob, ImportPage, RemappedCode
from admin.imports.sources import SOURCES, SourceKind
from admin.outbound.policy import AddressPolicy, RefusedEndpoint, literal_address, parse_endpoint
from admin.pagination import RowCursor, decode_row_cursor, encode_cursor
from admin.secretbox import SecretBox
from common.ids import new_id
from common.timefmt import iso_utc

MAX_PAGE_SIZE = 100
# Jobs of one workspace not yet ended: they run one after another.
MAX_UNFINISHED = 5
# Notes of each kind a job's resource carries; the report (CSV) has them all.
NOTES_SHOWN = 1000
_REPORT_BATCH = 1000
# An option holding a document rather than a setting (a CSV's text): kept apart from the
# options, dropped with the credentials when the job ends, never shown.
PAYLOAD_OPTION = "content"


class ImportService:
    def __init__(
        self, db: Database, box: SecretBox, policy: AddressPolicy, *, allow_http: bool
    ) -> None:
        self.db = db
        self.box = box
        self.policy = policy
        self.allow_http = allow_http

    async def create(self, principal: Principal, data: ImportCreate) -> ImportJob:
        kind = _kind(data.source)
        credentials = _convert(kind.credentials, data.credentials, "credentials")
        options = _convert(kind.options, data.options, "options")
        base_url = getattr(options, "base_url", None)
        origin = self._origin(kind, base_url)
        stored = msgspec.to_builtins(options)
        payload = stored.pop(PAYLOAD_OPTION, None)
        job_id = new_id("imp")
        secret = msgspec.json.encode(msgspec.to_builtins(credentials)).decode()
        async with self.db.transaction() as conn:
            waiting = await repo.unfinished_count(conn, principal)
            if waiting >= MAX_UNFINISHED:
                raise Conflict(
                    f"{waiting} imports of this workspace have not ended yet; wait for one to "
                    "end, or cancel one (DELETE /v1/imports/:id)."
                )
            row = await repo.insert_import(
                conn,
                principal,
                job_id=job_id,
                source=kind.name,
                origin=origin,
                options=stored,
                credentials=self.box.seal(secret, job_id),
                payload=payload,
            )
            await record_audit(conn, principal, "import.started", job_id)
        return to_resource(row)

    async def get(self, principal: Principal, job_id: str) -> ImportJob:
        async with self.db.connection() as conn:
            row = await repo.get_import(conn, principal, job_id)
            if row is None:
                raise NotFound(f"No import with id {job_id!r}.")
            failed = await repo.notes(conn, job_id, "failed", NOTES_SHOWN)
            remapped = await repo.notes(conn, job_id, "remapped", NOTES_SHOWN)
        return to_resource(row, failed, remapped)

    async def list(self, principal: Principal, *, limit: int, cursor: str | None) -> ImportPage:
        if not 1 <= limit <= MAX_PAGE_SIZE:
            raise validation([FieldError("limit", f"must be between 1 and {MAX_PAGE_SIZE}")])
        before = decode_row_cursor(cursor, "imp_") if cursor else None
        async with self.db.connection() as conn:
            rows = await repo.list_imports(conn, principal, before=before, limit=limit + 1)
        more = len(rows) > limit
        rows = rows[:limit]
        return ImportPage(
            data=[to_resource(row) for row in rows],
            next_cursor=encode_cursor(RowCursor(rows[-1].id)) if more else None,
        )

    async def cancel(self, principal: Principal, job_id: str) -> ImportJob:
        """Cancel a job not yet ended: it stops at its next page (what was written stays;
        the same import started again goes on without duplicates). An ended job is a
        409; an unknown one a 404."""
        async with self.db.transaction() as conn:
            row = await repo.cancel_import(conn, principal, job_id, "cancelled by its owner")
            if row is None:
                existing = await repo.get_import(conn, principal, job_id)
                if existing is None:
                    raise NotFound(f"No import with id {job_id!r}.")
                raise Conflict(f"Import {job_id!r} has already ended ({existing.status}).")
            await record_audit(conn, principal, "import.cancelled", job_id)
        return await self.get(principal, job_id)

    async def report(
        self, principal: Principal, job_id: str
    ) -> AsyncIterator[Sequence[repo.NoteRow]]:
        """Every note of the job (failed and remapped links), in batches, for the CSV."""
        async with self.db.connection() as conn:
            if await repo.get_import(conn, principal, job_id) is None:
                raise NotFound(f"No import with id {job_id!r}.")

        async def batches() -> AsyncIterator[Sequence[repo.NoteRow]]:
            after = 0
            while True:
                async with self.db.connection() as conn:
                    rows = await repo.notes_after(conn, job_id, after, _REPORT_BATCH)
                if not rows:
                    return
                yield rows
                after = rows[-1].seq

        return batches()

    def _origin(self, kind: SourceKind, base_url: str | None) -> str:
        """Where the job will call, checked by the outbound policy as any address a user
        gives us: a 422 on ``options.baseUrl`` when it is not one we may call."""
        if base_url is None:
            return kind.name  # the source's public API
        try:
            parts = parse_endpoint(base_url, allow_http=self.allow_http)
            address = literal_address(parts.hostname or "")
            if address is not None:
                self.policy.check([str(address)])
        except RefusedEndpoint as exc:
            raise validation([FieldError("options.baseUrl", str(exc))]) from None
        if parts.username or parts.password or parts.query:
            raise validation(
                [FieldError("options.baseUrl", "must not carry credentials or a query")]
            )
        return f"{parts.scheme.lower()}://{parts.netloc.lower()}{parts.path.rstrip('/')}"


def _kind(source: str) -> SourceKind:
    kind = SOURCES.get(source)
    if kind is None:
        names = ", ".join(sorted(SOURCES))
        raise validation([FieldError("source", f"must be one of {names}")])
    return kind


def _convert(struct: type[msgspec.Struct], value: dict[str, Any], field: str) -> Any:
    try:
        return msgspec.convert(value, struct)
    except msgspec.ValidationError as exc:
        message, _, path = str(exc).partition(" - at `$")
        where = field + path.rstrip("`") if path else field
        raise validation([FieldError(where, message)]) from None
    except ValueError as exc:  # a struct's own check (__post_init__): one form, not two
        raise validation([FieldError(field, str(exc))]) from None


def to_resource(
    row: repo.JobRow,
    failed: list[repo.NoteRow] | None = None,
    remapped: list[repo.NoteRow] | None = None,
) -> ImportJob:
    return ImportJob(
        id=row.id,
        source=row.source,
        status=row.status,  # type: ignore[arg-type]  # the column's CHECK
        total=row.total,
        imported=row.imported,
        skipped=row.skipped,
        remapped=row.remapped,
        failed=row.failed,
        errors=[ImportFailure(source_id=n.source_id, reason=n.reason) for n in failed or ()],
        remaps=[
            RemappedCode(
                source_id=n.source_id, code=n.code, new_code=n.new_code or "", reason=n.reason
            )
            for n in remapped or ()
        ],
        reason=row.reason,
        created_at=iso_utc(row.created_at),
        started_at=iso_utc(row.started_at) if row.started_at else None,
        finished_at=iso_utc(row.finished_at) if row.finished_at else None,
        created_by=row.created_by,
        base_url=row.origin if row.origin.startswith("http") else None,
    )
