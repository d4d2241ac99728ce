"""The worker's Prometheus metrics (one process: its own registry, common/metrics.py).

Stored clicks are the consumer's own running count, published here on each look
(``ClickConsumer.stored``), so the ingest path is untouched. Stream lag and pending
entries are read from Redis every ``interval`` seconds, per click stream: every worker
reports the same figures, so a dashboard takes their ``max`` per stream.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Any

from prometheus_client import Counter, Gauge
from redis.asyncio import Redis
from redis.exceptions import ResponseError

from admin.webhooks.deliveries import Result
from common.redis_store import RedisUnavailable, redis_outage

logger = logging.getLogger(__name__)

CLICKS_STORED = Counter(
    "hop_worker_clicks_stored", "Clicks stored in PostgreSQL by this worker (ingest rate)."
)
STREAM_LAG = Gauge(
    "hop_worker_click_stream_lag",
    "Click stream entries (each a batch of clicks) not yet read by the consumer group. "
    "Read only up to 10,000 on Redis before 7.",
    ["stream"],
)
STREAM_PENDING = Gauge(
    "hop_worker_click_stream_pending",
    "Click stream entries read by a consumer but not yet acknowledged.",
    ["stream"],
)
STREAM_LENGTH = Gauge(
    "hop_worker_click_stream_length", "Entries in the click stream (XLEN).", ["stream"]
)
DELIVERIES = Counter(
    "hop_worker_webhook_deliveries",
    "Webhook delivery attempts recorded, by outcome: succeeded, retrying (another attempt "
    "is scheduled) or failed (given up).",
    ["outcome"],
)
_SUCCEEDED = DELIVERIES.labels("succeeded")
_RETRYING = DELIVERIES.labels("retrying")
_FAILED = DELIVERIES.labels("failed")
# Before Redis 7 XINFO GROUPS has no lag: it is counted with XRANGE, up to this many.
_LAG_COUNT_MAX = 10_000


def count_outcomes(results: Sequence[Result]) -> None:
    """Called once the outcomes are recorded in PostgreSQL."""
    for result in results:
        if result.succeeded:
            _SUCCEEDED.inc()
        elif result.state == "failed":
            _FAILED.inc()
        else:
            _RETRYING.inc()


async def _group_figures(redis: Redis, stream: str, group: str) -> tuple[int, int] | None:
    """(lag, pending) of ``group`` on ``stream``; None before the group exists."""
    try:
        groups: list[dict[str, Any]] = await redis.xinfo_groups(stream)
    except ResponseError as exc:
        # No stream yet (a consumer makes it with its group, maybe just after this look;
        # or Redis lost its data): no group either, not a fault.
        if "no such key" in str(exc).lower():
            return None
        raise
    for info in groups:
        name = info["name"]
        if (name.decode() if isinstance(name, bytes) else name) != group:
            continue
        lag = info.get("lag")
        if lag is None:
            last = info["last-delivered-id"]
            last = last.decode() if isinstance(last, bytes) else last
            unread = await redis.xrange(stream, f"({last}", "+", count=_LAG_COUNT_MAX)
            lag = len(unread or [])
        return int(lag), int(info["pending"])
    return None


class StreamWatcher:
    """Publishes the consumer's stored clicks and the streams' backlog every ``interval``."""

    def __init__(
        self,
        redis: Redis,
        streams: Sequence[str],
        group: str,
        stored: Callable[[], int],
        interval: float = 5.0,
    ) -> None:
        self.redis = redis
        self.streams = streams
        self.group = group
        self.stored = stored
        self.interval = interval
        self._stored_seen = 0

    async def look(self) -> None:
        stored = self.stored()
        CLICKS_STORED.inc(stored - self._stored_seen)
        self._stored_seen = stored
        for stream in self.streams:
            try:
                with redis_outage():
                    STREAM_LENGTH.labels(stream).set(await self.redis.xlen(stream))
                    figures = await _group_figures(self.redis, stream, self.group)
            except RedisUnavailable as exc:
                logger.warning(
                    "cannot read the click stream's backlog",
                    extra={"action": "metrics.stream_unavailable", "error": str(exc)},
                )
                return
            if figures is not None:
                STREAM_LAG.labels(stream).set(figures[0])
                STREAM_PENDING.labels(stream).set(figures[1])

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            await self.look()
            try:
                await asyncio.wait_for(stop.wait(), self.interval)
            except TimeoutError:
                continue
        await self.look()
