"""Periodic clean-up the worker does besides clicks: expired idempotency keys and
refresh tokens. Cheap, idempotent, safe to run in every worker at once."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from admin.db import TRANSIENT_ERRORS, Pool
from admin.worker import repository as repo

logger = logging.getLogger(__name__)


async def purge_once(pool: Pool, idempotency_ttl: int) -> dict[str, int]:
    async with pool.connection() as conn:
        return await repo.purge_expired(conn, idempotency_ttl)


async def run_housekeeping(
    pool: Pool,
    idempotency_ttl: int,
    stop: asyncio.Event,
    every_seconds: float = 60.0,
) -> None:
    while not stop.is_set():
        try:
            removed = await purge_once(pool, idempotency_ttl)
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
