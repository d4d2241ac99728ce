"""The edge's Prometheus metrics, published from plain integers once a second.

A redirect costs the edge some tens of microseconds; a Prometheus counter's ``inc`` in
multiprocess mode takes a lock and writes a memory-mapped file, and ``labels(...)`` is
a dictionary lookup on a tuple. Neither belongs on the hot path. So the request does one
thing: ``counts[status] += 1`` on a list of integers (``LinkCounts``), one list for
answers served from the in-process cache and one for those that needed Redis. This
publisher, a background task of each granian worker process, adds what changed since
its last look to the Prometheus counters every ``interval`` seconds, and sets the
gauges (click buffer depth, cache size). A scrape therefore sees each worker process
at most one interval late; the final publish on shutdown loses nothing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from prometheus_client import Counter, Gauge

from common.metrics import WorkerProcessStats, require_multiprocess, worker_process_exits
from edge.cache import LinkCache
from edge.clicks import ClickBuffer

# Every HTTP status is below this: a status indexes the counting list directly.
STATUSES = 600

LINK_RESPONSES = Counter(
    "hop_edge_link_responses",
    "Answers to short links (/<code>) by HTTP status, and whether the link came from the "
    "in-process cache (hit) or had to be read from Redis (miss).",
    ["status", "cache"],
)
CLICK_BUFFER_DEPTH = Gauge(
    "hop_edge_click_buffer_depth",
    "Clicks buffered in the edge's worker processes, not yet written to the click stream.",
    multiprocess_mode="livesum",
)
CLICKS_WRITTEN = Counter("hop_edge_clicks_written", "Clicks written to the click stream.")
CLICKS_DROPPED = Counter(
    "hop_edge_clicks_dropped",
    "Clicks dropped because the buffer was full while Redis was unreachable or full.",
)
CACHE_ENTRIES = Gauge(
    "hop_edge_cache_entries",
    "Links held in the in-process caches of the live worker processes.",
    multiprocess_mode="livesum",
)
CACHE_BYTES = Gauge(
    "hop_edge_cache_bytes",
    "Estimated memory of the in-process link caches.",
    multiprocess_mode="livesum",
)

PROCESS = WorkerProcessStats("hop_edge")


class LinkCounts:
    """Answers to short links by status: ``hits[status] += 1`` or ``misses[status] += 1``."""

    def __init__(self) -> None:
        self.hits = [0] * STATUSES
        self.misses = [0] * STATUSES


class Publisher:
    def __init__(
        self,
        counts: LinkCounts,
        caches: Sequence[LinkCache],
        clicks: ClickBuffer,
        interval: float = 1.0,
    ) -> None:
        require_multiprocess()
        self.counts = counts
        self.caches = caches  # the default host's links, the custom domains' links
        self.clicks = clicks
        self.interval = interval
        self._seen = {"hit": [0] * STATUSES, "miss": [0] * STATUSES}
        self._written = 0
        self._dropped = 0

    def publish(self) -> None:
        for cache, counts in (("hit", self.counts.hits), ("miss", self.counts.misses)):
            seen = self._seen[cache]
            for status, count in enumerate(counts):
                if count != seen[status]:
                    LINK_RESPONSES.labels(str(status), cache).inc(count - seen[status])
                    seen[status] = count
        written, dropped = self.clicks.written, self.clicks.dropped
        CLICKS_WRITTEN.inc(written - self._written)
        CLICKS_DROPPED.inc(dropped - self._dropped)
        self._written, self._dropped = written, dropped
        CLICK_BUFFER_DEPTH.set(len(self.clicks.pending))
        CACHE_ENTRIES.set(sum(len(cache) for cache in self.caches))
        CACHE_BYTES.set(sum(cache.bytes for cache in self.caches))
        PROCESS.update()

    async def run(self) -> None:
        while True:
            self.publish()
            await asyncio.sleep(self.interval)

    def close(self) -> None:
        """After the click buffer's last flush: publish, then leave the live gauges."""
        self.publish()
        worker_process_exits()
