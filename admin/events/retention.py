"""How long events are kept: housekeeping drops them past HOP_EVENT_RETENTION."""

from __future__ import annotations

from admin.db import Database
from admin.events import retention_repository as repo


async def purge_old_events(db: Database, keep_days: int) -> int:
    """One bounded batch of events older than ``keep_days`` that no pending delivery
    needs (finished deliveries of them go with them); rows removed."""
    async with db.connection() as conn:
        return await repo.purge_old(conn, keep_days)
