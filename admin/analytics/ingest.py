"""The analytics domain's side of the worker: what the click consumer needs besides
storing batches (``batch.store_batch``, in its own transaction), and the clicks
table's upkeep that housekeeping schedules."""

from __future__ import annotations

from datetime import datetime, timedelta

from admin.analytics import anonymize_repository as anonymizing
from admin.analytics import partitions_repository as partitions
from admin.analytics import repository as repo
from admin.db import Database
from common.timefmt import utc_now

# Anonymisation goes a day of clicks at a time: each batch's scan stays within one day
# (the BRIN index on clicked_at finds it), however long the backlog.
_ANONYMIZE_WINDOW = timedelta(days=1)


async def visitor_salt(db: Database) -> bytes:
    """The secret that makes visitor hashes unlinkable across installs (app_secrets)."""
    async with db.connection() as conn:
        return await repo.visitor_salt(conn)


async def ensure_click_partitions(db: Database) -> int:
    """Create this month's clicks partition and the next two if missing; how many were made."""
    async with db.connection() as conn:
        return await partitions.ensure_click_partitions(conn)


async def drop_click_partitions(db: Database, keep_days: int) -> list[str]:
    """Drop the monthly clicks partitions wholly older than ``keep_days``; their names."""
    async with db.connection() as conn:
        return await partitions.drop_click_partitions(conn, keep_days)


async def anonymize_old_clicks(
    db: Database,
    keep_days: int,
    *,
    batch: int = 5_000,
    max_batches: int = 20,
    now: datetime | None = None,
) -> int:
    """Blank the visitor id and user agent of raw clicks older than ``keep_days``, at most
    ``max_batches`` statements of ``batch`` clicks (the next run goes on); how many.

    Idempotent and safe in every worker at once: a blanked click no longer matches, and
    the mark of how far it got (click_anonymization) only moves forward."""
    before = (now or utc_now()) - timedelta(days=keep_days)
    anonymized = 0
    async with db.connection() as conn:
        start = await anonymizing.anonymized_before(conn, before)
        for _ in range(max_batches):
            if start >= before:
                break
            end = min(start + _ANONYMIZE_WINDOW, before)
            changed = await anonymizing.anonymize_clicks(conn, start, end, batch)
            anonymized += changed
            if changed < batch:  # the window is done
                await anonymizing.mark_anonymized(conn, end)
                start = end
    return anonymized
