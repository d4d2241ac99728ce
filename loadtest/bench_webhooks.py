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
import os
import secrets
import signal
import statistics
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

from admin.db import Database
from admin.db.migrate import migrate
from admin.webhooks.crypto import SecretBox
from admin.webhooks.schemas import WebhookCreate
from admin.webhooks.service import WebhookService
from admin.webhooks.ssrf import AddressPolicy
from common.keys import CLICK_STREAM
from common.wire import CLICK_BATCH_VERSION, ClickEvent, click_batch_encoder
from hop.embedded import EmbeddedPostgres, EmbeddedRedis, free_port, wait_for_port
from hop.dev import ensure_database
from tests.support.dispatch import principal_of

SECRET_KEY = "bench-webhook-secret-key-0123456789abcdef"
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
            user = f"usr_bench{n}"
            async with pool.connection() as conn:
                await conn.execute(
                    "INSERT INTO users (id, email, password_hash, plan)"
                    " VALUES (%s, %s, 'x', 'business')",
                    (user, f"bench{n}@example.com"),
                )
                for k in range(20):
                    code = f"b{n}x{k}"
                    await conn.execute(
                        "INSERT INTO links (id, user_id, environment, short_code, long_url)"
                        " VALUES (%s, %s, 'live', %s, 'https://example.com/landing')",
                        (f"lnk_bench{n}x{k}", user, code),
                    )
                    links.append((f"lnk_bench{n}x{k}", code))
            await service.create(
                principal_of(user),
                WebhookCreate(endpoint=endpoint, events=["link.clicked"], secret=SIGNING_SECRET),
            )
    return links


async def raw_capacity(url: str, concurrency: int, seconds: float) -> float:
    """Unsigned POSTs of a webhook-sized body, ``concurrency`` at a time, for ``seconds``."""
    body = b'{"id":"evt_x","type":"link.clicked","createdAt":"2026-01-01T00:00:00.000Z","data":{}}'
    done = 0
    deadline = time.perf_counter() + seconds
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(limits=limits, trust_env=False) as client:

        async def loop() -> None:
            nonlocal done
            while time.perf_counter() < deadline:
                await client.post(url, content=body, headers={"Content-Type": "application/json"})
                done += 1

        started = time.perf_counter()
        await asyncio.gather(*(loop() for _ in range(concurrency)))
    return done / (time.perf_counter() - started)


def push_clicks(redis_url: str, links: list[tuple[str, str]], count: int) -> dict[str, float]:
    """Write ``count`` clicks to the stream in edge-sized batches; return event id -> click time."""
    store = redis.Redis.from_url(redis_url)
    clicked: dict[str, float] = {}
    run = secrets.token_hex(3)
    for start in range(0, count, BATCH):
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


def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as root:
        postgres = EmbeddedPostgres(Path(root) / "pg", durable=False)
        store = EmbeddedRedis(Path(root) / "redis", durable=False)
        processes: list[subprocess.Popen[bytes]] = []
        try:
            database_url = ensure_database(postgres.start(), "bench")
            redis_url = store.start()
            migrate(database_url)
            port = free_port()
            receiver_url = f"http://127.0.0.1:{port}"
            receiver = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "granian",
                    "--interface",
                    "rsgi",
                    "--factory",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(port),
                    "--no-access-log",
                    "loadtest.bench_receiver:create_app",
                ],
                env={**os.environ, "BENCH_RECEIVER_SECRET": SIGNING_SECRET},
                cwd=ROOT,
            )
            processes.append(receiver)
            wait_for_port(port, 30, receiver)
            links = asyncio.run(setup(database_url, f"{receiver_url}/hook", args.webhooks))
            reference = asyncio.run(raw_capacity(f"{receiver_url}/raw", 64, 3.0))

            env = environment(database_url, redis_url)
            for n in range(args.workers):
                processes.append(
                    subprocess.Popen(
                        [sys.executable, "-m", "hop.cli", "worker"],
                        env={**env, "HOP_WORKER_NAME": f"bench-{n}"},
                        cwd=ROOT,
                    )
                )
            time.sleep(2)  # the workers rebuild the link cache and join the stream group

            started = time.time()
            clicked = push_clicks(redis_url, links, args.events)
            pushed = time.time()
            deadline = started + args.deadline
            arrivals: dict[str, list[float]] = {}
            while time.time() < deadline:
                arrivals = stats(receiver_url)["arrivals"]
                if len(arrivals) >= args.events:
                    break
                time.sleep(0.2)
            time.sleep(1)  # anything arriving after the last new event is a duplicate
            final = stats(receiver_url)
            arrivals = final["arrivals"]
            with psycopg.connect(database_url) as conn:
                retries = conn.execute(
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

    received = [times[0] for event_id, times in arrivals.items() if event_id in clicked]
    latencies = [
        arrivals[event_id][0] - at for event_id, at in clicked.items() if event_id in arrivals
    ]
    lost = len(clicked) - len(received)
    duplicates = sum(len(times) - 1 for times in arrivals.values())
    elapsed = (max(received) - started) if received else float("nan")
    print(
        f"events {len(clicked)} to {args.webhooks} webhook(s), {args.workers} worker(s); "
        f"written to the stream in {pushed - started:.2f} s"
    )
    print(
        f"deliveries/s       {len(received) / elapsed:8.0f}   (first click to last arrival, "
        f"{elapsed:.2f} s)"
    )
    if latencies:
        print(
            f"latency p50/p99    {percentile(latencies, 0.5) * 1000:8.0f} / "
            f"{percentile(latencies, 0.99) * 1000:.0f} ms   (click time to arrival; max "
            f"{max(latencies) * 1000:.0f} ms)"
        )
    print(f"lost               {lost:8d}")
    print(
        f"duplicated         {duplicates:8d}   (retried attempts recorded: {retries[0] if retries else '?'})"
    )
    print(f"bad signatures     {final['bad_signatures']:8d}")
    print(
        f"reference          {reference:8.0f}   unsigned POSTs/s from one httpx client, 64 at a time"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--webhooks", type=int, default=1, help="accounts, one webhook each")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--deadline", type=float, default=240, help="seconds before giving up")
    run(parser.parse_args())


if __name__ == "__main__":
    main()
