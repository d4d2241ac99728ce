"""Faults lose no clicks: a killed worker, a poison entry, a restarted or flushed Redis."""

from __future__ import annotations

import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import msgspec
import psycopg
import pytest
import redis

from common.keys import CLICK_CONSUMER_GROUP, CLICK_DEAD_LETTER_STREAM, CLICK_STREAM
from tests.support.accounts import Account
from tests.support.api import make_links
from tests.support.cli import run_hop
from tests.support.clicks import USER_AGENTS, stored_clicks, wait_for_clicks
from tests.support.stack import Stack
from tests.support.waiting import eventually, wait_until

pytestmark = pytest.mark.slow


@pytest.fixture
def stack(tmp_path: Path, database_url: str) -> Iterator[Stack]:
    stack = Stack.private_redis(
        tmp_path,
        database_url,
        HOP_TEST_WORKER_CLAIM_IDLE_MS="1000",
        HOP_TEST_WORKER_READ_COUNT="1",
        HOP_TEST_CLICK_BATCH_MAX="10",
    )
    try:
        yield stack
    finally:
        stack.close()


def hop(stack: Stack, *args: str) -> subprocess.CompletedProcess[str]:
    return run_hop(*args, env=stack.env, clean=False)


def pending(stack: Stack) -> int:
    try:
        return int(stack.redis.xpending(CLICK_STREAM, CLICK_CONSUMER_GROUP)["pending"])
    except redis.ResponseError:  # no group yet
        return 0


def dead_letters(stack: Stack) -> list[tuple[bytes, dict[bytes, bytes]]]:
    entries: list[tuple[bytes, dict[bytes, bytes]]] = stack.redis.xrange(  # type: ignore[assignment]
        CLICK_DEAD_LETTER_STREAM
    )
    return entries


def totals(database_url: str, ids: list[str]) -> tuple[int, int]:
    with psycopg.connect(database_url) as conn:
        row = conn.execute(
            "SELECT (SELECT coalesce(sum(clicks), 0) FROM links WHERE id = ANY(%(ids)s)),"
            " (SELECT coalesce(sum(clicks), 0) FROM click_rollups WHERE link_id = ANY(%(ids)s)"
            ")",
            {"ids": ids},
        ).fetchone()
    assert row is not None
    return int(row[0]), int(row[1])


def visit_all(stack: Stack, codes: list[str], rounds: int) -> int:
    with stack.client() as client:
        for _ in range(rounds):
            for code in codes:
                assert (
                    client.get(
                        f"/{code}", headers={"User-Agent": USER_AGENTS["android_chrome"]}
                    ).status_code
                    == 302
                )
    return rounds * len(codes)


def test_worker_killed_mid_batch_loses_and_doubles_nothing(
    stack: Stack, api: httpx.Client, account: Account, database_url: str
) -> None:
    links = make_links(api, account, 10, prefix="f")
    ids, codes = [link["id"] for link in links], [link["shortCode"] for link in links]
    assert hop(stack, "cache", "rebuild").returncode == 0
    stack.start_edge()
    sent = visit_all(stack, codes, 150)  # a backlog of small batches waits in the stream

    first = stack.start_worker("first")
    eventually(  # kill it while it holds unacknowledged batches
        lambda: pending(stack) and 0 < stored_clicks(database_url, ids) < sent,
        timeout=60,
        every=0.002,
    )
    stack.kill(first)
    assert stored_clicks(database_url, ids) < sent, "the worker finished before it was killed"

    stack.start_worker("second")  # claims what "first" left pending once it is idle
    assert wait_for_clicks(database_url, ids, sent) == sent
    assert totals(database_url, ids) == (sent, sent)
    wait_until(lambda: not pending(stack), 10, 0.1, "entries left unacknowledged")


def test_poison_entries_go_to_dead_letter_and_the_rest_flows(
    stack: Stack, api: httpx.Client, account: Account, database_url: str
) -> None:
    (link,) = make_links(api, account, 1, prefix="f")
    store = stack.redis
    store.xadd(CLICK_STREAM, {b"v": b"1", b"c": b"\xc1 not msgpack"})
    store.xadd(CLICK_STREAM, {b"v": b"99", b"c": b""})
    stack.start_worker("only")
    stack.wait_for_links([link["shortCode"]])
    stack.start_edge()
    sent = visit_all(stack, [link["shortCode"]], 30)
    assert wait_for_clicks(database_url, [link["id"]], sent) == sent

    dead = dead_letters(stack)
    reasons = sorted(fields[b"reason"].decode() for _, fields in dead)
    assert len(reasons) == 2
    assert reasons[0].startswith("undecodable batch")
    assert reasons[1].startswith("unknown entry version")

    replayed = hop(stack, "clicks", "replay-dead")
    assert replayed.returncode == 0, replayed.stderr
    assert msgspec.json.decode(replayed.stdout) == {"replayed": 2}
    wait_until(lambda: len(dead_letters(stack)) >= 2, 10, 0.1)  # still poison: back they go
    assert stored_clicks(database_url, [link["id"]]) == sent


def test_redis_restart_under_load(
    stack: Stack, api: httpx.Client, account: Account, database_url: str
) -> None:
    links = make_links(api, account, 5, prefix="f")
    ids, codes = [link["id"] for link in links], [link["shortCode"] for link in links]
    stack.start_worker("steady")
    stack.wait_for_links(codes)
    stack.start_edge()
    sent = visit_all(stack, codes, 2)  # the codes are now hot in the edge's cache

    results: list[int] = []
    stop = threading.Event()

    def load() -> None:
        with stack.client() as client:
            while not stop.is_set():
                results.extend(client.get(f"/{code}").status_code for code in codes)

    thread = threading.Thread(target=load)
    thread.start()
    time.sleep(0.5)
    stack.redis_server.stop()  # SIGTERM: Redis writes its append-only file and exits
    down_from = len(results)
    time.sleep(1.5)
    down_until = len(results)
    stack.redis_server.start()
    time.sleep(1.5)
    stop.set()
    thread.join()

    assert down_until - down_from > 50, "the edge stopped answering while Redis was down"
    assert set(results) == {302}
    sent += len(results)
    assert wait_for_clicks(database_url, ids, sent, timeout=90) == sent
    assert totals(database_url, ids) == (sent, sent)


def test_flushed_redis_is_rebuilt_from_postgres(
    stack: Stack, api: httpx.Client, account: Account
) -> None:
    links = make_links(api, account, 8, prefix="f")
    deleted = links.pop()
    api.delete(f"/v1/links/{deleted['id']}", headers=account.headers())
    stack.start_worker("first")
    stack.wait_for_links([link["shortCode"] for link in links])  # worker start-up restores
    stack.start_edge()
    store = stack.redis

    store.flushall()
    with stack.client() as client:
        assert client.get(f"/{links[0]['shortCode']}").status_code == 404
    result = hop(stack, "cache", "rebuild")
    assert result.returncode == 0, result.stderr
    with stack.client() as client:
        for link in links:
            response = client.get(f"/{link['shortCode']}")
            assert response.status_code == 302
            assert response.headers["location"] == link["longUrl"]
        assert client.get(f"/{deleted['shortCode']}").status_code == 410

    # Worker start-up does the same.
    store.flushall()
    stack.start_worker("second")
    with stack.client() as client:
        wait_until(lambda: client.get(f"/{links[-1]['shortCode']}").status_code == 302, 30, 0.1)


def test_workers_side_by_side_count_exactly(
    stack: Stack, api: httpx.Client, account: Account, database_url: str
) -> None:
    links = make_links(api, account, 20, prefix="f")
    ids, codes = [link["id"] for link in links], [link["shortCode"] for link in links]
    assert hop(stack, "cache", "rebuild").returncode == 0
    stack.start_edge()
    sent = visit_all(stack, codes, 60)
    for name in ("left", "right", "middle"):
        stack.start_worker(name)
    assert wait_for_clicks(database_url, ids, sent) == sent
    assert totals(database_url, ids) == (sent, sent)
    # Each worker joins the group at its first read, after its start-up (the cache
    # rebuild): on a loaded machine the others may have stored everything by then.
    wait_until(
        lambda: len(stack.redis.xinfo_consumers(CLICK_STREAM, CLICK_CONSUMER_GROUP)) == 3,
        30,
        0.1,
        "not every worker joined the click stream's group",
    )
