"""Periodic clean-up the worker does besides clicks: expired idempotency keys and
refresh tokens, the clicks table's monthly partitions (made ahead, dropped past
HOP_CLICK_RETENTION), finished webhook deliveries past HOP_DELIVERY_RETENTION and
events past HOP_EVENT_RETENTION. Cheap, idempotent, safe to run in every worker at
once (partition changes take an advisory lock in PostgreSQL)."""

from __future__ import annotations

import asyncio
import contextlib
import logging

import msgspec

from admin.db import TRANSIENT_ERRORS, Pool
from admin.worker import repository as repo

logger = logging.getLogger(__name__)
_PURGE_BATCHES = 20  # at most 100,000 rows of each kind a run: the next run goes on


class Retention(msgspec.Struct, frozen=True, kw_only=True):
    """Days to keep each kind of row; 0 keeps it forever."""

    clicks: int = 0
    deliveries: int = 0
    events: int = 0


async def purge_once(
    pool: Pool, idempotency_ttl: int, retention: Retention | None = None
) -> dict[str, int]:
    retention = retention or Retention()
    async with pool.connection() as conn:
        removed = await repo.purge_expired(conn, idempotency_ttl)
    async with pool.connection() as conn:
        removed["click_partitions_created"] = await repo.ensure_click_partitions(conn)
    if retention.clicks:
        async with pool.connection() as conn:
            dropped = await repo.drop_click_partitions(conn, retention.clicks)
        removed["click_partitions_dropped"] = len(dropped)
    for name, days in (("deliveries", retention.deliveries), ("events", retention.events)):
        removed[name] = 0
        if not days:
            continue
        for _ in range(_PURGE_BATCHES):  # one short transaction per batch
            async with pool.connection() as conn:
                gone = await repo.purge_old(conn, name, days)
            removed[name] += gone
            if not gone:
                break
    return removed


async def run_housekeeping(
    pool: Pool,
    idempotency_ttl: int,
    stop: asyncio.Event,
    every_seconds: float = 60.0,
    retention: Retention | None = None,
) -> None:
    while not stop.is_set():
        try:
            removed = await purge_once(pool, idempotency_ttl, retention)
            if any(removed.values()):
                logger.info(
                    "expired rows removed", extra={"action": "worker.housekeeping", **removed}
                )
        except TRANSIENT_ERRORS as exc:
            logger.warning(
                "housekeeping skipped: database unavailable",
                extra={"action": "worker.housekeeping_skipped", "error": str(exc)},
            )
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), every_seconds)
