"""The analytics domain's side of the worker: what the click consumer needs besides
storing batches (``batch.store_batch``, in its own transaction), and the clicks
table's upkeep that housekeeping schedules."""

from __future__ import annotations

from admin.analytics import partitions_repository as partitions
from admin.analytics import repository as repo
from admin.db import Database


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
