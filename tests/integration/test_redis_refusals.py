"""An error Redis answers is not an outage (issue 24, point 16), yet the background loops
that must outlive one do: against the embedded Redis, the edge's click flush refused by
Redis keeps its clicks, says why in the log, and tries again, rather than being read as
"Redis unavailable" in silence or ending the flush loop unseen; and the answers that are
no fault at all (a stream not made yet) are not taken for one."""

from __future__ import annotations

import asyncio
import logging

import pytest
from redis.asyncio import Redis

from admin.worker.metrics import StreamWatcher
from common.keys import click_shard, click_stream
from common.wire import ClickEvent
from edge.clicks import ClickBuffer

SHARDS = 1000  # a shard far above any stack's HOP_CLICK_STREAM_SHARDS: nobody reads it


def test_a_refused_click_batch_is_kept_and_logged(
    redis_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    event = ClickEvent("e-refused", "lnk", "refused", 0, "127.0.0.1", "", "", "", "", "")
    stream = click_stream(click_shard(event.short_code, SHARDS))
    assert stream != click_stream(0)

    async def scenario() -> tuple[bool, int, bool, int]:
        redis = Redis.from_url(redis_url)
        buffer = ClickBuffer(redis, flush_ms=5, batch_max=10, buffer_max=10, shards=SHARDS)
        try:
            await redis.set(stream, "not a stream")  # XADD on it: WRONGTYPE
            buffer.add(event)
            refused = await buffer.flush()
            kept = len(buffer.pending)
            await redis.delete(stream)
            written = await buffer.flush()
            length = int(await redis.xlen(stream))
        finally:
            await redis.delete(stream)
            await redis.aclose()
        return refused, kept, written, length

    with caplog.at_level(logging.ERROR, logger="edge.clicks"):
        refused, kept, written, length = asyncio.run(scenario())
    assert (refused, kept) == (False, 1)
    assert "WRONGTYPE" in caplog.text
    assert any(getattr(r, "action", None) == "edge.clicks_refused" for r in caplog.records)
    assert (written, length) == (True, 1)  # the kept click goes out once Redis takes it


def test_the_backlog_of_a_stream_not_made_yet_is_no_fault(redis_url: str) -> None:
    """``XINFO GROUPS`` answers "no such key" before a consumer makes its shard's stream
    (or after Redis lost its data): no group yet, not an error to stop the worker for."""

    async def scenario() -> None:
        redis = Redis.from_url(redis_url)
        try:
            watcher = StreamWatcher(redis, ["{hop:clicks:none}"], "hop-worker", lambda: 0)
            await watcher.look()
        finally:
            await redis.aclose()

    asyncio.run(scenario())
