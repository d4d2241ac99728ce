"""Periodic clean-up the worker does besides clicks: expired idempotency keys and
refresh tokens, invitations unusable for 30 days, the clicks table's monthly partitions
(made ahead, dropped past HOP_CLICK_RETENTION), the raw clicks' visitor ids and user
agents (blanked past HOP_CLICK_ANONYMIZE_DAYS), finished webhook deliveries past
HOP_DELIVERY_RETENTION, events past HOP_EVENT_RETENTION and audit log entries past
HOP_AUDIT_RETENTION. Cheap, idempotent, safe to run in every worker at
once (partition changes take an advisory lock in PostgreSQL). The schedule is here;
each purge is its domain's."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

import msgspec

from admin.accounts.selfservice import purge_expired_tokens
from admin.analytics.ingest import (
    anonymize_old_clicks,
    drop_click_partitions,
    ensure_click_partitions,
)
from admin.audit.log import purge_old_entries
from admin.auth.service import purge_expired_refresh_tokens
from admin.db import Database, DatabaseUnavailable
from admin.events.retention import purge_old_events
from admin.http.idempotency import purge_expired_keys
from admin.webhooks.deliveries import DeliveryQueue
from admin.workspaces.invitations import purge_old_invitations

logger = logging.getLogger(__name__)
_PURGE_BATCHES = 20  # at most 100,000 rows of each kind a run: the next run goes on


class Retention(msgspec.Struct, frozen=True, kw_only=True):
    """Days to keep each kind of row; 0 keeps it forever."""

    clicks: int = 0
    deliveries: int = 0
    events: int = 0
    audit: int = 0
    anonymize_clicks: int = 0  # days a raw click keeps its visitor id and user agent


async def purge_once(
    db: Database, idempotency_ttl: int, retention: Retention | None = None
) -> dict[str, int]:
    retention = retention or Retention()
    removed = {
        "idempotency_keys": await purge_expired_keys(db, idempotency_ttl),
        "refresh_tokens": await purge_expired_refresh_tokens(db),
        "account_tokens": await purge_expired_tokens(db),
        "invitations": await purge_old_invitations(db),
        "click_partitions_created": await ensure_click_partitions(db),
    }
    if retention.clicks:
        dropped = await drop_click_partitions(db, retention.clicks)
        removed["click_partitions_dropped"] = len(dropped)
    if retention.anonymize_clicks:
        removed["clicks_anonymized"] = await anonymize_old_clicks(db, retention.anonymize_clicks)
    batches: list[tuple[str, int, Callable[[Database, int], Awaitable[int]]]] = [
        ("deliveries", retention.deliveries, _purge_deliveries),
        ("events", retention.events, purge_old_events),
        ("audit_log", retention.audit, purge_old_entries),
    ]
    for name, days, purge in batches:
        removed[name] = 0
        if not days:
            continue
        for _ in range(_PURGE_BATCHES):  # one short statement per batch
            gone = await purge(db, days)
            removed[name] += gone
            if not gone:
                break
    return removed


async def _purge_deliveries(db: Database, keep_days: int) -> int:
    return await DeliveryQueue(db).purge_finished(keep_days)


async def run_housekeeping(
    db: Database,
    idempotency_ttl: int,
    stop: asyncio.Event,
    every_seconds: float = 60.0,
    retention: Retention | None = None,
) -> None:
    while not stop.is_set():
        try:
            removed = await purge_once(db, idempotency_ttl, retention)
            if any(removed.values()):
                logger.info(
                    "expired rows removed", extra={"action": "worker.housekeeping", **removed}
                )
        except DatabaseUnavailable as exc:
            logger.warning(
                "housekeeping skipped: database unavailable",
                extra={"action": "worker.housekeeping_skipped", "error": str(exc)},
            )
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), every_seconds)
