"""Webhook delivery benchmark (issue 4): 10,000 link.clicked events, end to end.

Starts everything it needs on loopback, in a temporary folder: embedded
PostgreSQL and Redis, a receiver process that verifies every signature
(loadtest/bench_receiver.py, granian) and ``hop worker`` processes with the
default delivery settings. It then writes clicks to the Redis stream the way
the edge does; the worker stores them, fans them out to the webhooks and
delivers them. Printed: deliveries per second (first click written to last
event received), event-to-delivery latency (click time to arrival), lost and
duplicated events, and as a reference the receiver's capacity for unsigned
POSTs from one httpx client of the same concurrency. Bounded by --deadline.

    .venv/bin/python -m loadtest.bench_webhooks [--events 10000] [--webhooks 1]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import msgspec
import psycopg
import redis
from psycopg_pool import AsyncConnectionPool

from admin.db import Database, ensure_database
from admin.db.migrate import migrate
from admin.outbound.http1 import Connection, request_head
from admin.outbound.policy import AddressPolicy
from admin.secretbox import SecretBox
from admin.webhooks.schemas import WebhookCreate
from admin.webhooks.service import WebhookService
from common.keys import CLICK_CONSUMER_GROUP, CLICK_STREAM
from common.wire import CLICK_BATCH_VERSION, ClickEvent, click_batch_encoder
from hop.embedded import EmbeddedPostgres, EmbeddedRedis, free_port, wait_for_port
from loadtest.harness import CpuAccount
from tests.support.accounts import personal_workspace
from tests.support.dispatch import principal_of

SECRET_KEY = secrets.token_urlsafe(48)  # a throwaway stack; placeholders are refused
SIGNING_SECRET = "whsec_bench_" + secrets.token_urlsafe(32)
BATCH = 100
ROOT = Path(__file__).resolve().parents[1]


def environment(database_url: str, redis_url: str, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("HOP_")}
    env.update(
        HOP_DATABASE_URL=database_url,
        HOP_REDIS_URL=redis_url,
        HOP_WEBHOOK_SECRET_KEY=SECRET_KEY,
        HOP_WEBHOOK_ALLOW_HTTP="true",
        HOP_WEBHOOK_NETWORKS="127.0.0.0/8",
        HOP_LOG_LEVEL="warning",
        **extra,
    )
    return env


async def setup(database_url: str, endpoint: str, webhooks: int) -> list[tuple[str, str]]:
    """One account per webhook, each with 20 links; returns (link id, short code) pairs."""
    links: list[tuple[str, str]] = []
    async with AsyncConnectionPool(database_url, min_size=1, max_size=2, open=False) as pool:
        service = WebhookService(
            Database(pool), SecretBox(SECRET_KEY), AddressPolicy(["127.0.0.0/8"]), allow_http=True
        )
        for n in range(webhooks):
            user, workspace = f"usr_bench{n}", personal_workspace(f"usr_bench{n}")
            async with pool.connection() as conn:
                await conn.execute(
                    "INSERT INTO users (id, email, password_hash) VALUES (%s, %s, 'x')",
                    (user, f"bench{n}@example.com"),
                )
                await conn.execute(
                    "INSERT INTO workspaces (id, name, slug, plan, personal_of)"
                    " VALUES (%s, 'Personal', %s, 'business', %s)",
                    (workspace, f"bench{n}", user),
                )
                await conn.execute(
                    "INSERT INTO workspace_members (workspace_id, user_id, role)"
                    " VALUES (%s, %s, 'owner')",
                    (workspace, user),
                )
                for k in range(20):
                    code = f"b{n}x{k}"
                    await conn.execute(
                        "INSERT INTO links (id, workspace_id, environment, short_code, long_url)"
                        " VALUES (%s, %s, 'live', %s, 'https://example.com/landing')",
                        (f"lnk_bench{n}x{k}", workspace, code),
                    )
                    links.append((f"lnk_bench{n}x{k}", code))
            await service.create(
                principal_of(user),
                WebhookCreate(endpoint=endpoint, events=["link.clicked"], secret=SIGNING_SECRET),
            )
    return links


async def raw_capacity(port: int, concurrency: int, seconds: float) -> float:
    """Unsigned POSTs of a webhook-sized body over ``concurrency`` kept-alive
    connections of the dispatcher's own HTTP client, for ``seconds``."""
    body = b'{"id":"evt_x","type":"link.clicked","createdAt":"2026-01-01T00:00:00.000Z","data":{}}'
    head = request_head(
        "/raw", [("Host", f"127.0.0.1:{port}"), ("Content-Type", "application/json")], len(body)
    )
    done = 0
    deadline = time.perf_counter() + seconds

    async def loop() -> None:
        nonlocal done
        connection = await Connection.open("127.0.0.1", port, None, "127.0.0.1")
        while time.perf_counter() < deadline:
            await connection.exchange(head, body, 2048)
            done += 1
        connection.close()

    started = time.perf_counter()
    await asyncio.gather(*(loop() for _ in range(concurrency)))
    return done / (time.perf_counter() - started)


def push_clicks(
    redis_url: str, links: list[tuple[str, str]], count: int, rate: float
) -> dict[str, float]:
    """Write ``count`` clicks to the stream in batches of 100, ``rate`` per second (0: at
    once); return event id -> click time."""
    store = redis.Redis.from_url(redis_url)
    clicked: dict[str, float] = {}
    run = secrets.token_hex(3)
    begun = time.time()
    for start in range(0, count, BATCH):
        if rate:
            time.sleep(max(0.0, begun + start / rate - time.time()))
        now = time.time()
        batch = []
        for n in range(start, min(count, start + BATCH)):
            link_id, code = links[n % len(links)]
            event_id = f"{run}{n:07d}"
            batch.append(
                ClickEvent(
                    event_id,
                    link_id,
                    code,
                    int(now * 1000),
                    "127.0.0.1",
                    "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0",
                    "",
                    "en",
                    "",
                    "DE",
                )
            )
            clicked[f"evt_c{event_id}"] = int(now * 1000) / 1000
        store.xadd(
            CLICK_STREAM, {b"v": CLICK_BATCH_VERSION, b"c": click_batch_encoder.encode(batch)}
        )
    store.close()
    return clicked


def stats(url: str) -> dict[str, Any]:
    body: dict[str, Any] = msgspec.json.decode(httpx.get(f"{url}/stats", timeout=30).content)
    return body


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


class Measured(msgspec.Struct, kw_only=True):
    started: float
    pushed: float
    clicked: dict[str, float]  # event id -> click time
    arrivals: dict[str, list[float]]  # event id -> arrival times
    bad_signatures: int
    retries: int
    reference: float
    cpu: dict[str, float]  # CPU seconds from the first click to the last arrival


def start_receiver(port: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "granian", "--interface", "rsgi", "--factory"]
    command += ["--host", "127.0.0.1", "--port", str(port), "--no-access-log"]
    command += ["loadtest.bench_receiver:create_app"]
    env = {**os.environ, "BENCH_RECEIVER_SECRET": SIGNING_SECRET}
    process = subprocess.Popen(command, env=env, cwd=ROOT)
    wait_for_port(port, 30, process)
    return process


def start_workers(env: dict[str, str], count: int) -> list[subprocess.Popen[bytes]]:
    command = [sys.executable, "-m", "hop.cli", "worker"]
    return [
        subprocess.Popen(command, env={**env, "HOP_WORKER_NAME": f"bench-{n}"}, cwd=ROOT)
        for n in range(count)
    ]


def wait_for_arrivals(receiver_url: str, expected: int, deadline: float) -> dict[str, Any]:
    while time.time() < deadline:
        if len(stats(receiver_url)["arrivals"]) >= expected:
            break
        time.sleep(0.2)
    time.sleep(1)  # anything arriving after the last new event is a duplicate
    return stats(receiver_url)


def wait_for_consumers(redis_url: str, count: int, deadline: float) -> None:
    """Until ``count`` consumers have joined the click stream's group: on a loaded machine
    a worker can take longer than the fixed pause to start, which is not delivery time."""
    store = redis.Redis.from_url(redis_url)
    try:
        while time.time() < deadline:
            try:
                if len(store.xinfo_consumers(CLICK_STREAM, CLICK_CONSUMER_GROUP)) >= count:
                    return
            except redis.ResponseError:
                pass  # the group does not exist yet
            time.sleep(0.1)
    finally:
        store.close()


def measure(args: argparse.Namespace, root: Path) -> Measured:
    postgres = EmbeddedPostgres(root / "pg", durable=False)
    store = EmbeddedRedis(root / "redis", durable=False)
    processes: list[subprocess.Popen[bytes]] = []
    try:
        database_url = ensure_database(postgres.start(), "bench")
        redis_url = store.start()
        migrate(database_url)
        port = free_port()
        receiver_url = f"http://127.0.0.1:{port}"
        processes.append(start_receiver(port))
        links = asyncio.run(setup(database_url, f"{receiver_url}/hook", args.webhooks))
        reference = asyncio.run(raw_capacity(port, args.reference_connections, 3.0))
        extra = {"HOP_WEBHOOK_MAX_IN_FLIGHT": str(args.max_in_flight)} if args.max_in_flight else {}
        workers = start_workers(environment(database_url, redis_url, **extra), args.workers)
        processes += workers
        time.sleep(2)  # the workers rebuild the link cache and join the stream group
        wait_for_consumers(redis_url, args.workers, time.time() + 60)

        assert postgres.process is not None
        cpu_account = CpuAccount(
            {"worker": [w.pid for w in workers], "postgres": [postgres.process.pid]}
        )
        started = time.time()
        clicked = push_clicks(redis_url, links, args.events, args.rate)
        pushed = time.time()
        final = wait_for_arrivals(receiver_url, args.events, started + args.deadline)
        cpu_account.stop()
        cpu = cpu_account.spent
        with psycopg.connect(database_url) as conn:
            row = conn.execute(
                "SELECT coalesce(sum(greatest(attempts - 1, 0)), 0) FROM webhook_deliveries"
            ).fetchone()
    finally:
        for process in reversed(processes):
            process.send_signal(signal.SIGTERM)
        for process in processes:
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                process.kill()
        store.stop()
        postgres.stop()
    return Measured(
        started=started,
        pushed=pushed,
        clicked=clicked,
        arrivals=final["arrivals"],
        bad_signatures=final["bad_signatures"],
        retries=int(row[0]) if row else -1,
        reference=reference,
        cpu=cpu,
    )


def report(args: argparse.Namespace, m: Measured) -> None:
    received = [m.arrivals[event_id][0] for event_id in m.clicked if event_id in m.arrivals]
    latencies = [m.arrivals[e][0] - at for e, at in m.clicked.items() if e in m.arrivals]
    duplicates = sum(len(times) - 1 for times in m.arrivals.values())
    elapsed = (max(received) - m.started) if received else float("nan")
    print(
        f"events {len(m.clicked)} to {args.webhooks} webhook(s), {args.workers} worker(s), "
        f"max in flight {args.max_in_flight or 'default'}; "
        f"written to the stream in {m.pushed - m.started:.2f} s"
        + (f" (paced at {args.rate:g}/s)" if args.rate else " (all at once)")
    )
    print(
        f"deliveries/s       {len(received) / elapsed:8.0f}   (first click to last arrival, "
        f"{elapsed:.2f} s)"
    )
    steady = float("nan")
    if len(received) >= 10:
        # The headline rate includes the worker's start and the click ingest before
        # the first delivery; the middle 80 % of arrivals is the dispatch rate alone.
        ordered = sorted(received)
        t10, t90 = percentile(ordered, 0.1), percentile(ordered, 0.9)
        steady = 0.8 * len(ordered) / (t90 - t10) if t90 > t10 else float("nan")
        print(
            f"steady rate        {steady:8.0f}   (middle 80 % of arrivals; first arrival "
            f"{ordered[0] - m.started:.2f} s after the first click)"
        )
    if latencies:
        p50, p99 = percentile(latencies, 0.5) * 1000, percentile(latencies, 0.99) * 1000
        print(
            f"latency p50/p99    {p50:8.0f} / {p99:.0f} ms   (click time to arrival; "
            f"max {max(latencies) * 1000:.0f} ms)"
        )
    for name, seconds in m.cpu.items():
        print(
            f"{name + ' CPU':18} {1000 * seconds / max(1, len(received)):8.3f}   ms per delivery "
            f"({seconds:.2f} s)"
        )
    print(f"lost               {len(m.clicked) - len(received):8d}")
    print(f"duplicated         {duplicates:8d}   (retried attempts recorded: {m.retries})")
    print(f"bad signatures     {m.bad_signatures:8d}")
    print(
        f"reference          {m.reference:8.0f}   unsigned POSTs/s to the same receiver, "
        f"{args.reference_connections} kept-alive connections of the dispatcher's client"
    )
    summary = {
        "deliveries_per_second": len(received) / elapsed,
        "steady_per_second": steady,
        **{f"{name}_cpu_ms": 1000 * sec / max(1, len(received)) for name, sec in m.cpu.items()},
        "lost": len(m.clicked) - len(received),
        "duplicated": duplicates,
        "bad_signatures": m.bad_signatures,
        "reference": m.reference,
    }
    print("RESULT " + json.dumps(summary))


def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as root:
        measured = measure(args, Path(root))
    report(args, measured)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--webhooks", type=int, default=1, help="accounts, one webhook each")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--max-in-flight", type=int, default=None, help="HOP_WEBHOOK_MAX_IN_FLIGHT")
    parser.add_argument("--reference-connections", type=int, default=8)
    parser.add_argument(
        "--rate", type=float, default=0, help="clicks per second (default 0: all at once)"
    )
    parser.add_argument("--deadline", type=float, default=240, help="seconds before giving up")
    run(parser.parse_args())


if __name__ == "__main__":
    main()
