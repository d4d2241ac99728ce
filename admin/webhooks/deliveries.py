"""The delivery queue, as the worker's dispatcher sees it: lease due deliveries, record
what their attempts did, hear when new ones are queued, and drop finished ones past
their retention. The SQL and how it shares the queue among dispatchers:
``deliveries_repository.py``."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from datetime import datetime, timedelta

from admin.db import Database, notifications
from admin.webhooks import deliveries_repository as repo
from admin.webhooks.deliveries_repository import Claimed, Refill, Result

__all__ = ["Claimed", "DeliveryQueue", "Refill", "Result"]
# NOTIFY'd when deliveries are queued (enqueue_event, 0004_webhooks.sql).
QUEUED_CHANNEL = "webhook_deliveries"


class DeliveryQueue:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def claim(
        self, *, now: datetime, limit: int, per_webhook: int, lease: timedelta
    ) -> list[Claimed]:
        """Lease up to ``limit`` due deliveries, at most ``per_webhook`` in flight per webhook."""
        async with self.db.connection() as conn:
            return await repo.claim(
                conn, now=now, limit=limit, per_webhook=per_webhook, lease=lease
            )

    async def record(
        self, results: Sequence[Result], now: datetime, refill: Refill | None = None
    ) -> list[Claimed]:
        """Write a batch of outcomes in one transaction (with ``refill``, leasing the same
        webhooks' next deliveries in it)."""
        async with self.db.connection() as conn:
            return await repo.record(conn, results, now, refill)

    async def purge_finished(self, keep_days: int) -> int:
        """One bounded batch of finished deliveries older than ``keep_days``; rows removed."""
        async with self.db.connection() as conn:
            return await repo.purge_finished(conn, keep_days)


async def queued(database_url: str) -> AsyncIterator[None]:
    """One item each time deliveries are queued, on a connection of its own; raises
    ``DatabaseUnavailable`` when that connection is lost."""
    async for _ in notifications(database_url, QUEUED_CHANNEL):
        yield None
