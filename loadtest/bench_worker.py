"""Worker benchmark: how fast the click backlog drains into PostgreSQL.

Loads links, writes a backlog of clicks to the stream exactly as the edge does
(batches of click events, Zipf over the links, a mix of real user agents), then
starts ``--workers`` worker processes and measures clicks stored per second.
(bench_edge.py compares the drain with the edge's redirect rate in the same run.)

    .venv/bin/python -m loadtest.bench_worker [--clicks 300000] [--workers 1] [--read-count N]
        [--in-flight N]

It also prints what a click costs in storage, for docs/capacity.md: bytes of Redis
memory per click while it waits in the stream, and per stored click the PostgreSQL
WAL written during the drain and the on-disk size of the click and rollup tables
(indexes included).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from datetime import UTC, datetime

import psycopg
import redis

from common.keys import CLICK_STREAM
from common.wire import CLICK_BATCH_VERSION, ClickEvent, click_batch_encoder
from loadtest.bench_edge import zipf_paths
from loadtest.fixtures import bench_stack, bulk_links
from loadtest.harness import CpuAccount, drained, machine
from tests.support.stack import Stack

AGENTS = [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like"
    " Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko)"
    " Chrome/126.0.0.0 Mobile Safari/537.36",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)"
    " Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0",
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
]
REFERRERS = ["", "", "https://www.google.com/", "https://t.co/x", "https://news.example/a"]


def backlog(
    stack: Stack,
    codes: list[str],
    link_ids: dict[str, str],
    total: int,
    per_entry: int,
    *,
    event_prefix: str = "bench",
) -> None:
    """``total`` clicks on the stream, Zipf over ``codes`` (the first the most clicked).
    Event ids are ``event_prefix`` + a counter: give each backlog of one run its own."""
    rng = random.Random(5)
    picks = [path[1:] for path in zipf_paths(codes, total, 1.1)]
    store = redis.Redis.from_url(stack.redis_url)
    now = int(time.time() * 1000)
    with store.pipeline(transaction=False) as pipe:
        for start in range(0, total, per_entry):
            events = [
                ClickEvent(
                    f"{event_prefix}{n:x}",
                    link_ids[code],
                    code,
                    now,
                    f"81.2.69.{n % 250}:5000",
                    rng.choice(AGENTS),
                    rng.choice(REFERRERS),
                    "en",
                    "",
                    "",
                )
                for n, code in enumerate(picks[start : start + per_entry], start)
            ]
            pipe.xadd(
                CLICK_STREAM, {b"v": CLICK_BATCH_VERSION, b"c": click_batch_encoder.encode(events)}
            )
            if len(pipe) >= 100:
                pipe.execute()
        pipe.execute()


def _table_bytes(conn: psycopg.Connection[tuple[object, ...]], table: str) -> int:
    """Heap, indexes and TOAST of ``table``, and of its partitions if it has any
    (``pg_partition_tree`` lists nothing for a table that is not partitioned)."""
    row = conn.execute(
        "SELECT pg_total_relation_size(%(t)s::regclass) + coalesce(("
        "  SELECT sum(pg_total_relation_size(relid)) FROM pg_partition_tree(%(t)s::regclass)"
        "  WHERE relid <> %(t)s::regclass), 0)",
        {"t": table},
    ).fetchone()
    return int(str(row[0])) if row else 0


def _wal_position(database_url: str) -> str:
    with psycopg.connect(database_url) as conn:
        row = conn.execute("SELECT pg_current_wal_lsn()::text").fetchone()
    assert row is not None
    return str(row[0])


def _storage(stack: Stack, stored: int, wal_before: str, stream_bytes: int, clicks: int) -> None:
    with psycopg.connect(stack.database_url) as conn:
        conn.execute("CHECKPOINT")
        row = conn.execute(
            "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), %s::pg_lsn)::bigint", (wal_before,)
        ).fetchone()
        wal = int(str(row[0])) if row else 0
        tables = {name: _table_bytes(conn, name) for name in ("clicks", "click_rollups")}
    per = max(stored, 1)
    print(
        f"storage per click: Redis stream {stream_bytes / clicks:,.0f} B while queued; "
        f"PostgreSQL WAL {wal / per:,.0f} B, clicks table {tables['clicks'] / per:,.0f} B, "
        f"rollups {tables['click_rollups'] / per:,.0f} B (after {stored:,} clicks)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--links", type=int, default=100_000)
    parser.add_argument("--clicks", type=int, default=300_000)
    parser.add_argument(
        "--per-entry",
        type=int,
        default=175,
        help="clicks per stream entry (the edge writes ~175 at 35k req/s)",
    )
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--read-count",
        type=int,
        default=None,
        help="HOP_TEST_WORKER_READ_COUNT (default: the setting)",
    )
    parser.add_argument(
        "--in-flight",
        type=int,
        default=None,
        help="HOP_TEST_WORKER_BATCHES_IN_FLIGHT (default: the setting)",
    )
    args = parser.parse_args()
    print(f"# worker benchmark, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {machine()}")
    with bench_stack() as stack:
        user = stack.account(plan="business")
        codes = bulk_links(stack, user.workspace_id, args.links)
        with psycopg.connect(stack.database_url) as conn:
            link_ids: dict[str, str] = dict(
                conn.execute("SELECT short_code, id FROM links").fetchall()
            )
        backlog(stack, codes, link_ids, args.clicks, args.per_entry)
        print(f"backlog: {args.clicks:,} clicks in entries of {args.per_entry}")
        with redis.Redis.from_url(stack.redis_url) as store:
            stream_bytes = int(store.memory_usage(CLICK_STREAM, samples=0) or 0)
        wal_before = _wal_position(stack.database_url)
        started = time.monotonic()
        workers = []
        for n in range(args.workers):
            extra = {"HOP_TEST_WORKER_READ_COUNT": str(args.read_count)} if args.read_count else {}
            if args.in_flight:
                extra["HOP_TEST_WORKER_BATCHES_IN_FLIGHT"] = str(args.in_flight)
            workers.append(stack.start_worker(f"bench-{n}", **extra))
        processes = {
            "worker": [worker.pid for worker in workers],
            "PostgreSQL": [stack.postgres_pid],
            "Redis": [stack.redis_pid],
        }
        cpu = CpuAccount(processes)
        stored, rate = drained(
            stack, user.workspace_id, args.clicks, started=started, on_first_stored=cpu.start
        )
        print(
            f"{args.workers} worker(s): stored {stored:,} of {args.clicks:,};"
            f" drain {rate:,.0f} clicks/s"
        )
        cpu.stop()
        cpu_us = cpu.per(stored)
        print(
            "CPU per click stored after the first batch: "
            + ", ".join(f"{name} {micros:.1f} µs" for name, micros in cpu_us.items())
        )
        _storage(stack, stored, wal_before, stream_bytes, args.clicks)
        print(
            "RESULT "
            + json.dumps(
                {"workers": args.workers, "stored": stored, "rate": rate, "cpu_us": cpu_us}
            )
        )


if __name__ == "__main__":
    main()
