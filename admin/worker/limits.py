"""Click limits (``maxClicks``): links whose clicks reached their limit stop redirecting.

The click consumer counts clicks into ``links.clicks``; this loop looks, every
``every_seconds``, for links with a limit that their count has reached, marks them
exhausted in PostgreSQL and writes their cache entries, which announces each code on
the invalidation channel: every edge drops its copy and answers like an expired link
(``expiredUrl``, or 410) from its next visit.

Overshoot is bounded by time, not count: the clicks of one link that arrive between
its limit being reached at the edge and the edges hearing of it are let through. That
window is the edge's click flush (every 5 ms), the consumer's batch, this
loop's period and one publish, well under a second in normal operation
(docs/api.md#limits); while Redis or the worker is down it lasts as long as the outage.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from admin.db import Database, DatabaseUnavailable
from admin.links import exhaust_links
from admin.links.cache import LinkCache

logger = logging.getLogger(__name__)


async def exhaust_once(db: Database, cache: LinkCache) -> int:
    """Mark the links due and push their entries to the edges; how many were marked."""
    async with db.connection() as conn:
        rows = await exhaust_links(conn)
    if rows:
        await cache.write(rows)
        logger.info(
            "links reached their click limit",
            extra={"action": "worker.links_exhausted", "links": [row.id for row in rows]},
        )
    return len(rows)


async def run_click_limits(
    db: Database, cache: LinkCache, stop: asyncio.Event, every_seconds: float = 0.25
) -> None:
    while not stop.is_set():
        try:
            while await exhaust_once(db, cache) and not stop.is_set():
                pass  # a full batch: there may be more right away
        except DatabaseUnavailable as exc:
            logger.warning(
                "click limits skipped: database unavailable",
                extra={"action": "worker.limits_skipped", "error": str(exc)},
            )
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), every_seconds)
