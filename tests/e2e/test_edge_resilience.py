"""The edge's promises about Redis: untouched by bad requests, fresh after reconnecting,
clicks flushed on SIGTERM."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import httpx
import pytest

from common.keys import CLICK_STREAM, link_key
from common.wire import LinkEntry, click_batch_decoder, link_entry_encoder
from tests.support.accounts import Account
from tests.support.stack import Stack
from tests.support.waiting import wait_until

pytestmark = pytest.mark.slow


@pytest.fixture
def stack(tmp_path: Path, database_url: str) -> Iterator[Stack]:
    # Clicks are only written at shutdown, so the test can count exactly what SIGTERM flushes.
    stack = Stack.private_redis(
        tmp_path, database_url, HOP_TEST_CLICK_FLUSH_MS="600000", HOP_TEST_CLICK_BATCH_MAX="100000"
    )
    try:
        yield stack
    finally:
        stack.close()


def redis_calls(stack: Stack, command: str) -> int:
    stats: dict[str, Any] = stack.redis.info("commandstats")
    return int(stats.get(f"cmdstat_{command}", {}).get("calls", 0))


def put_link(stack: Stack, code: str, url: str) -> None:
    stack.redis.set(link_key(code), link_entry_encoder.encode(LinkEntry(link_id="lnk_x", url=url)))


def test_bad_requests_never_reach_redis(stack: Stack) -> None:
    stack.start_edge()
    with stack.client() as client:
        client.get("/warmup-code")  # one lookup, so the counter exists
        before = redis_calls(stack, "get")
        # ("/a/b" is code "a" with an extra path, which a link may take: a lookup.)
        for path in ("/bad.code/b", "/" + "x" * 65, "/bad.code", "/%00", "/a%20b", "/@", "/é"):
            assert client.get(path).status_code == 404, path
        for method in ("POST", "PUT", "DELETE", "OPTIONS", "PATCH"):
            assert client.request(method, "/warmup-code").status_code == 405
        assert redis_calls(stack, "get") == before


def test_after_losing_redis_nothing_stale_is_served(stack: Stack) -> None:
    put_link(stack, "staleTest", "https://example.com/old")
    stack.start_edge()
    with stack.client() as client:
        assert client.get("/staleTest").headers["location"] == "https://example.com/old"
        stack.redis_server.stop()
        # While Redis is away the known code keeps redirecting from memory...
        assert client.get("/staleTest").headers["location"] == "https://example.com/old"
        stack.redis_server.start()
        # ...and a change the edge was never told about (no invalidation message)
        # is picked up once the edge has reconnected.
        put_link(stack, "staleTest", "https://example.com/new")
        wait_until(
            lambda: client.get("/staleTest").headers["location"] == "https://example.com/new",
            timeout=10,
            message="stale entry still served after reconnecting",
        )


def test_sigterm_flushes_buffered_clicks(stack: Stack, api: httpx.Client, account: Account) -> None:
    put_link(stack, "flushTest", "https://example.com/f")
    stack.start_edge()
    with stack.client() as client:
        for _ in range(250):
            assert client.get("/flushTest").status_code == 302
        assert client.head("/flushTest").status_code == 302  # not a click
    assert stack.redis.xlen(CLICK_STREAM) == 0  # nothing flushed yet
    assert stack.edge is not None
    assert stack.edge.stop(signal.SIGTERM) == 0
    entries = cast("list[tuple[bytes, dict[bytes, bytes]]]", stack.redis.xrange(CLICK_STREAM))
    events = [event for _, fields in entries for event in click_batch_decoder.decode(fields[b"c"])]
    assert len(events) == 250
    assert len({event.event_id for event in events}) == 250
    assert {event.short_code for event in events} == {"flushTest"}
