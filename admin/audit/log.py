"""Reading the audit log (GET /v1/workspaces/:id/audit-log) and keeping it no longer than
HOP_AUDIT_RETENTION days (the worker's housekeeping)."""

from __future__ import annotations

from admin.audit import repository as repo
from admin.audit.schemas import AuditActor, AuditEntry, AuditLogPage
from admin.auth import Principal
from admin.db import Database
from admin.errors import FieldError, NotFound, validation
from admin.pagination import RowCursor, decode_row_cursor, encode_cursor
from common.timefmt import iso_utc

MAX_PAGE_SIZE = 100


def _entry(row: repo.EntryRow) -> AuditEntry:
    return AuditEntry(
        id=row.id,
        at=iso_utc(row.at),
        actor=AuditActor(user_id=row.actor_user_id, api_key_id=row.actor_key_id),
        action=row.action,
        target=row.target,
        ip=row.ip,
        user_agent=row.user_agent,
    )


class AuditLog:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def list(
        self, principal: Principal, workspace_id: str, *, limit: int, cursor: str | None
    ) -> AuditLogPage:
        """The workspace's entries, newest first; the caller acts in that workspace."""
        if principal.workspace_id != workspace_id:
            raise NotFound(f"No workspace with id {workspace_id!r}.")
        if not 1 <= limit <= MAX_PAGE_SIZE:
            raise validation([FieldError("limit", f"must be between 1 and {MAX_PAGE_SIZE}")])
        before = decode_row_cursor(cursor, "aud_") if cursor else None
        async with self.db.connection() as conn:
            rows = await repo.list_entries(conn, workspace_id, before=before, limit=limit + 1)
        more = len(rows) > limit
        rows = rows[:limit]
        return AuditLogPage(
            data=[_entry(row) for row in rows],
            next_cursor=encode_cursor(RowCursor(rows[-1].id)) if more else None,
        )


async def purge_old_entries(db: Database, keep_days: int) -> int:
    """One bounded batch of entries older than ``keep_days``; rows removed."""
    async with db.connection() as conn:
        return await repo.purge_old(conn, keep_days)
