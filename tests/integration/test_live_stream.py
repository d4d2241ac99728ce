"""The live streams' storage against a real Redis: the worker's appends (50 clicks to an
entry, a bounded window) and the admin's resume inside an entry, a gap, the slots."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncGenerator
from datetime import UTC, datetime
from typing import cast

import pytest
from psycopg_pool import AsyncConnectionPool
from redis.asyncio import Redis

from admin.analytics.enrich import EnrichedClick, Enricher
from admin.analytics.live import LIVE_ENTRY_CLICKS, LIVE_WINDOW_ENTRIES, LiveFeed
from admin.analytics.live_repository import LinkOwner
from admin.analytics.live_service import Entry, LiveService, LiveStreamsBusy
from admin.auth import Principal
from admin.db import Database
from admin.db.redis_batch import RedisBatcher
from common.clientip import TrustedProxies
from common.keys import live_clicks_stream, live_watch_key
from common.wire import ClickEvent
from tests.support.sse import Event, parse


def _clicks(workspace: str, count: int) -> list[EnrichedClick]:
    enricher = Enricher(b"salt", TrustedProxies(()))
    at_ms = int(datetime.now(UTC).timestamp() * 1000)
    return [
        enricher.enrich(
            ClickEvent(f"e{workspace}{n}", f"lnk_{workspace}", "code", at_ms, "203.0.113.9:1",
                       "curl/8.5.0-hop-test", "", "", "", "")
        )
        for n in range(count)
    ]  # fmt: skip


def _principal(workspace: str) -> Principal:
    return Principal(
        workspace_id=workspace, user_id=None, role="owner", environment="live",
        scopes=frozenset({"analytics:read"}), plan="pro", limit_per_minute=60,
        limit_per_month=1000,
    )  # fmt: skip


async def _append(redis: Redis, workspace: str, clicks: list[EnrichedClick]) -> None:
    owners = {clicks[0].link_id: LinkOwner(clicks[0].link_id, workspace, "live")}
    async with redis.pipeline(transaction=False) as pipe:
        LiveFeed().append(pipe, clicks, owners)
        await pipe.execute()


async def _events(chunks: AsyncGenerator[bytes, None], count: int) -> list[Event]:
    """The first ``count`` events that are not comments."""
    text = ""
    while True:
        text += (await anext(chunks)).decode()
        events = [e for e in parse(iter(text.split("\n"))) if e.kind != "comment"]
        if len(events) >= count:
            await chunks.aclose()
            return events[:count]


@pytest.fixture
def workspace() -> str:
    return f"ws_live{secrets.token_hex(6)}"


def test_appends_hold_fifty_clicks_each_and_the_window_is_bounded(
    redis_url: str, workspace: str
) -> None:
    async def scenario() -> tuple[int, int]:
        redis = Redis.from_url(redis_url)
        stream = live_clicks_stream(workspace, "live")
        await _append(redis, workspace, _clicks(workspace, 120))
        entries = await redis.xlen(stream)
        for _ in range(LIVE_WINDOW_ENTRIES + 200):
            await _append(redis, workspace, _clicks(workspace, 1))
        window = await redis.xlen(stream)
        await redis.aclose()
        return entries, window

    entries, window = asyncio.run(scenario())
    assert entries == -(-120 // LIVE_ENTRY_CLICKS)  # 50 + 50 + 20
    assert LIVE_WINDOW_ENTRIES <= window <= LIVE_WINDOW_ENTRIES + 100  # MAXLEN ~: whole nodes


def test_last_event_id_inside_an_entry_resumes_after_that_click(
    redis_url: str, database_url: str, workspace: str
) -> None:
    async def scenario() -> tuple[list[Event], list[Event]]:
        redis = Redis.from_url(redis_url)
        pool = AsyncConnectionPool(database_url, open=False)  # a link stream would need it
        live = LiveService(Database(pool), redis, RedisBatcher(redis), 5, block_ms=200)
        watching = await live.open(_principal(workspace), None, None)  # the watch begins
        await anext(watching)
        await _append(redis, workspace, _clicks(workspace, 5))
        await watching.aclose()  # the client drops; the watch outlives it
        entries = cast("list[Entry]", await redis.xrange(live_clicks_stream(workspace, "live")))
        ((entry_id, _),) = entries
        resumed = await live.open(_principal(workspace), None, f"{entry_id.decode()}/1")
        after = await _events(resumed, 3)
        gone = await live.open(_principal(workspace), None, "1-0/0")
        gap = await _events(gone, 6)
        await redis.aclose()
        return after, gap

    after, gap = asyncio.run(scenario())
    assert [event.id.rsplit("/", 1)[1] for event in after if event.id] == ["2", "3", "4"]
    assert [event.json()["id"] for event in after] == [f"e{workspace}{n}" for n in (2, 3, 4)]
    for event in after:
        assert "203.0.113.9" not in event.data
        assert "hop-test" not in event.data  # nor the user agent
    assert [event.kind for event in gap] == ["gap"] + ["click"] * 5


def test_slots_are_bounded_per_workspace_and_freed_on_close(
    redis_url: str, database_url: str, workspace: str
) -> None:
    async def scenario() -> None:
        redis = Redis.from_url(redis_url)
        pool = AsyncConnectionPool(database_url, open=False)
        live = LiveService(Database(pool), redis, RedisBatcher(redis), 2, block_ms=200)
        principal = _principal(workspace)
        first = await live.open(principal, None, None)
        second = await live.open(principal, None, None)
        for chunks in (first, second):
            await anext(chunks)
        with pytest.raises(LiveStreamsBusy):
            await live.open(principal, None, None)
        await first.aclose()
        third = await live.open(principal, None, None)
        await anext(third)
        await second.aclose()
        await third.aclose()
        await redis.aclose()

    asyncio.run(scenario())


def test_a_quiet_stream_sends_heartbeats(redis_url: str, database_url: str, workspace: str) -> None:
    async def scenario() -> list[bytes]:
        redis = Redis.from_url(redis_url)
        pool = AsyncConnectionPool(database_url, open=False)
        live = LiveService(
            Database(pool), redis, RedisBatcher(redis), 5, heartbeat_seconds=0.2, block_ms=100
        )
        chunks = await live.open(_principal(workspace), None, None)
        sent = [await anext(chunks)]
        while b": heartbeat\n\n" not in sent:
            sent.append(await anext(chunks))
        await chunks.aclose()
        await redis.aclose()
        return sent

    sent = asyncio.run(scenario())
    assert sent[0] == b": live clicks\n\n"
    assert set(sent[1:-1]) <= {b""}  # nothing but the turns that let the response look up


def test_a_resume_across_a_lapsed_watch_is_told_of_a_gap(
    redis_url: str, database_url: str, workspace: str
) -> None:
    """The worker feeds nobody while no stream watches: a client coming back after its
    watch lapsed (and a new one began) hears of a gap even though its click is still in
    the window."""

    async def scenario() -> list[Event]:
        redis = Redis.from_url(redis_url)
        pool = AsyncConnectionPool(database_url, open=False)
        live = LiveService(Database(pool), redis, RedisBatcher(redis), 5, block_ms=200)
        watching = await live.open(_principal(workspace), None, None)
        await anext(watching)
        await _append(redis, workspace, _clicks(workspace, 2))
        await watching.aclose()
        ((entry_id, _),) = cast(
            "list[Entry]", await redis.xrange(live_clicks_stream(workspace, "live"))
        )
        await redis.delete(live_watch_key(workspace, "live"))  # the watch lapsed
        await asyncio.sleep(0.01)
        resumed = await live.open(_principal(workspace), None, f"{entry_id.decode()}/1")
        events = await _events(resumed, 1)
        await redis.aclose()
        return events

    (gap,) = asyncio.run(scenario())
    assert gap.kind == "gap"


def test_the_worker_feeds_only_watched_workspaces(
    redis_url: str, database_url: str, workspace: str
) -> None:
    async def scenario() -> tuple[set[str], set[str]]:
        redis = Redis.from_url(redis_url)
        pool = AsyncConnectionPool(database_url, open=False)
        live = LiveService(Database(pool), redis, RedisBatcher(redis), 5, block_ms=200)
        other = f"{workspace}x"
        owners = {
            "lnk_a": LinkOwner("lnk_a", workspace, "live"),
            "lnk_b": LinkOwner("lnk_b", other, "live"),
            "lnk_c": LinkOwner("lnk_c", workspace, "test"),
        }
        before = set(await LiveFeed().watched(redis, owners))
        watching = await live.open(_principal(workspace), None, None)
        await anext(watching)
        after = set(await LiveFeed().watched(redis, owners))
        await watching.aclose()
        await redis.aclose()
        return before, after

    before, after = asyncio.run(scenario())
    assert before == set()
    assert after == {"lnk_a"}  # the watched environment of the watched workspace only
