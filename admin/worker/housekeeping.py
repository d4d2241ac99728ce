"""Periodic clean-up the worker does besides clicks: expired idempotency keys and
refresh tokens. Cheap, idempotent, safe to run in every worker at once."""

from __future__ import annotations

import asyncio
import contextlib
import logging

import psycopg
from psycopg_pool import AsyncConnectionPool, PoolTimeout

logger = logging.getLogger(__name__)

_PURGES = (
    (
        "idempotency_keys",
        "DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(secs => %(ttl)s)",
    ),
    ("refresh_tokens", "DELETE FROM refresh_tokens WHERE expires_at < now() - interval '1 day'"),
)


async def purge_once(pool: AsyncConnectionPool, idempotency_ttl: int) -> dict[str, int]:
    removed = {}
    async with pool.connection() as conn:
        for name, sql in _PURGES:
            cursor = await conn.execute(sql, {"ttl": idempotency_ttl})
            removed[name] = cursor.rowcount
    return removed


async def run_housekeeping(
    pool: AsyncConnectionPool,
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
        except (psycopg.OperationalError, PoolTimeout) as exc:
            logger.warning(
                "housekeeping skipped: database unavailable",
                extra={"action": "worker.housekeeping_skipped", "error": str(exc)},
            )
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), every_seconds)
