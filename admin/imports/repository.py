"""SQL for import jobs and their notes (queries.sql beside it)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import msgspec

from admin.auth import Principal
from admin.db import Connection, fetch_all, fetch_one, jsonb, load_queries

_JOB_COLUMNS = (
    "id, workspace_id, environment, created_by, user_id, source, origin, options, status, "
    "reason, cursor, pages, total, imported, skipped, remapped, failed, created_at, "
    "started_at, finished_at"
)
_SQL = {
    name: query.replace("{job}", _JOB_COLUMNS) for name, query in load_queries(__file__).items()
}


class JobRow(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    workspace_id: str
    environment: str
    created_by: str | None
    user_id: str | None
    source: str
    origin: str
    options: dict[str, Any]
    status: str
    reason: str | None
    cursor: str | None
    pages: int
    total: int | None
    imported: int
    skipped: int
    remapped: int
    failed: int
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None


class ClaimedJob(JobRow, frozen=True, kw_only=True):
    """A job a worker took, with what only the worker reads."""

    credentials: bytes | None
    payload: str | None


class NoteRow(msgspec.Struct, frozen=True, kw_only=True):
    seq: int
    kind: str  # failed | remapped
    source_id: str
    reason: str
    code: str | None
    new_code: str | None


class Note(msgspec.Struct, frozen=True, kw_only=True):
    kind: str
    source_id: str
    reason: str
    code: str | None = None
    new_code: str | None = None


def _owner(principal: Principal) -> dict[str, Any]:
    return {"workspace_id": principal.workspace_id, "environment": principal.environment}


async def insert_import(
    conn: Connection,
    principal: Principal,
    *,
    job_id: str,
    source: str,
    origin: str,
    options: dict[str, Any],
    credentials: bytes | None,
    payload: str | None,
) -> JobRow:
    params = {
        **_owner(principal),
        "id": job_id,
        "created_by": principal.actor_id,
        "user_id": principal.user_id,
        "source": source,
        "origin": origin,
        "options": jsonb(options),
        "credentials": credentials,
        "payload": payload,
    }
    row = await fetch_one(conn, _SQL["insert_import"], params, JobRow)
    assert row is not None  # an INSERT .. RETURNING
    return row


async def get_import(conn: Connection, principal: Principal, job_id: str) -> JobRow | None:
    return await fetch_one(conn, _SQL["get_import"], {**_owner(principal), "id": job_id}, JobRow)


async def list_imports(
    conn: Connection, principal: Principal, *, before: str | None, limit: int
) -> list[JobRow]:
    params = {**_owner(principal), "before": before, "limit": limit}
    return await fetch_all(conn, _SQL["list_imports"], params, JobRow)


async def cancel_import(
    conn: Connection, principal: Principal, job_id: str, reason: str
) -> JobRow | None:
    params = {**_owner(principal), "id": job_id, "reason": reason}
    return await fetch_one(conn, _SQL["cancel_import"], params, JobRow)


async def notes(conn: Connection, job_id: str, kind: str, limit: int) -> list[NoteRow]:
    params = {"id": job_id, "kind": kind, "limit": limit}
    return await fetch_all(conn, _SQL["import_notes"], params, NoteRow)


async def notes_after(conn: Connection, job_id: str, after: int, limit: int) -> list[NoteRow]:
    params = {"id": job_id, "after": after, "limit": limit}
    return await fetch_all(conn, _SQL["all_import_notes"], params, NoteRow)


async def claim_import(
    conn: Connection, runner: str, lease_seconds: float, *, only: str | None = None
) -> ClaimedJob | None:
    params = {"runner": runner, "lease": lease_seconds, "only": only}
    return await fetch_one(conn, _SQL["claim_import"], params, ClaimedJob)


async def renew_import(conn: Connection, job_id: str, runner: str, lease_seconds: float) -> bool:
    """Keep the job; False when it is no longer this runner's (cancelled, taken over)."""
    params = {"id": job_id, "runner": runner, "lease": lease_seconds}
    return await (await conn.execute(_SQL["renew_import"], params)).fetchone() is not None


async def release_import(conn: Connection, job_id: str, runner: str) -> None:
    await conn.execute(_SQL["release_import"], {"id": job_id, "runner": runner})


async def advance_import(
    conn: Connection,
    job_id: str,
    runner: str,
    *,
    cursor: str | None,
    total: int | None,
    counts: dict[str, int],
    lease_seconds: float,
) -> bool:
    """Record a written page; False when the job is no longer this runner's."""
    params = {
        "id": job_id,
        "runner": runner,
        "cursor": cursor,
        "total": total,
        "lease": lease_seconds,
        **counts,
    }
    return await (await conn.execute(_SQL["advance_import"], params)).fetchone() is not None


async def add_notes(conn: Connection, job_id: str, notes: Sequence[Note]) -> None:
    if not notes:
        return
    await conn.execute(
        _SQL["add_import_notes"],
        {
            "id": job_id,
            "kinds": [note.kind for note in notes],
            "source_ids": [note.source_id for note in notes],
            "reasons": [note.reason for note in notes],
            "codes": [note.code for note in notes],
            "new_codes": [note.new_code for note in notes],
        },
    )


async def finish_import(
    conn: Connection, job_id: str, runner: str, status: str, reason: str | None
) -> bool:
    params = {"id": job_id, "runner": runner, "status": status, "reason": reason}
    return await (await conn.execute(_SQL["finish_import"], params)).fetchone() is not None


async def unfinished_count(conn: Connection, principal: Principal) -> int:
    params = {"workspace_id": principal.workspace_id}
    row = await (await conn.execute(_SQL["unfinished_count"], params)).fetchone()
    return int(row[0]) if row else 0


async def workspace_plan(conn: Connection, workspace_id: str) -> str | None:
    params = {"workspace_id": workspace_id}
    row = await (await conn.execute(_SQL["workspace_plan"], params)).fetchone()
    return str(row[0]) if row else None


class WorkspaceOwner(msgspec.Struct, frozen=True, kw_only=True):
    user_id: str
    plan: str


class JobOwner(msgspec.Struct, frozen=True, kw_only=True):
    workspace_id: str
    environment: str


async def workspace_owner(conn: Connection, workspace_id: str) -> WorkspaceOwner | None:
    params = {"workspace_id": workspace_id}
    return await fetch_one(conn, _SQL["workspace_owner"], params, WorkspaceOwner)


async def import_owner(conn: Connection, job_id: str) -> JobOwner | None:
    return await fetch_one(conn, _SQL["import_owner"], {"id": job_id}, JobOwner)
