"""Import benchmark: how long a real migration takes, from a loopback Bitly stand-in.

Starts the stack on fresh embedded servers, a Bitly API v4 stand-in on loopback
(tests/support/fakes/bitly.py: ``--links`` links over pages of 100, each with its
lifetime clicks at ``/clicks/summary``, so one import makes ~1.01 requests a link), and
runs one import through the API with one worker. While it runs, a sampler asks the edge
for links the job has counted as imported: each must redirect (how long after the job
counted it, if not at once, is reported).

The reference, measured in the same run: the same client code walking the stand-in
alone (``--reference-links`` of its links, no writes), so the ratio says what writing
costs on top of reading the source.

    .venv/bin/python -m loadtest.bench_import [--links 100000] [--reference-links 10000]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import threading
import time
from datetime import UTC, datetime
from typing import Any

import httpx

from admin.imports.sources.base import SourceHttp
from admin.imports.sources.bitly import BitlyCredentials, BitlyOptions, BitlySource
from admin.outbound.fast import PlainClient
from admin.outbound.policy import AddressPolicy
from loadtest.fixtures import bench_stack
from loadtest.harness import CpuAccount, machine
from tests.support.fakes.bitly import FakeBitly, GeneratedLinks
from tests.support.stack import Stack

TOKEN = "bench-bitly-token"  # noqa: S105 - the stand-in's, not a secret
LOOPBACK = "127.0.0.0/8,::1/128"
OUTBOUND = {"HOP_WEBHOOK_NETWORKS": LOOPBACK, "HOP_WEBHOOK_ALLOW_HTTP": "true"}
TWO_MINUTES = 120.0


async def walk_source(url: str, *, clicks: bool) -> int:
    """Walk the stand-in with the import's own client code (the worker's PlainClient),
    writing nothing."""
    policy = AddressPolicy(tuple(LOOPBACK.split(",")))
    client = PlainClient(policy, timeout=30, max_bytes=16 << 20, user_agent="bench")
    source = BitlySource(
        BitlyCredentials(token=TOKEN),
        BitlyOptions(base_url=url, clicks=clicks),
        SourceHttp(client, "Bitly"),
    )
    walked, cursor = 0, None
    try:
        while True:
            page = await source.page(cursor)
            walked += len(page.links)
            if page.cursor is None:
                return walked
            cursor = page.cursor
    finally:
        await client.aclose()


class EdgeSampler(threading.Thread):
    """Asks the edge for links the job counts as imported, from its progress: each
    sampled code must answer 302; the seconds until it did are kept when not at once."""

    def __init__(self, edge_url: str, progress: list[int], total: int) -> None:
        super().__init__(daemon=True)
        self.edge_url = edge_url
        self.progress = progress
        self.total = total
        self.done = threading.Event()
        self.sampled = 0
        self.at_once = 0
        self.waits: list[float] = []
        self.missing = 0

    def run(self) -> None:
        rng = random.Random(7)
        with httpx.Client(base_url=self.edge_url, timeout=5) as edge:
            while not self.done.is_set():
                imported = self.progress[0]
                if imported:
                    self._sample(edge, rng.randrange(max(0, imported - 200), imported))
                time.sleep(0.1)

    def _sample(self, edge: httpx.Client, index: int) -> None:
        self.sampled += 1
        counted = time.monotonic()
        first = True
        while time.monotonic() - counted < 10:
            if edge.head(f"/g{index}").status_code == 302:
                if first:
                    self.at_once += 1
                else:
                    self.waits.append(time.monotonic() - counted)
                return
            first = False
            time.sleep(0.005)
        self.missing += 1


def reference_walk(count: int, *, clicks: bool) -> float:
    """Seconds a link of walking the stand-in alone (the reference)."""
    reference = FakeBitly(TOKEN, {"Bref": GeneratedLinks(count, prefix="r")})
    began = time.perf_counter()
    walked = asyncio.run(walk_source(reference.url, clicks=clicks))
    seconds = time.perf_counter() - began
    reference.close()
    assert walked == count, walked
    print(
        f"reference: walking {walked:,} links of the stand-in (no writes): {seconds:.1f} s, "
        f"{1e6 * seconds / walked:.0f} us a link"
    )
    return seconds / walked


def run_import(
    stack: Stack, fake: FakeBitly, count: int, *, clicks: bool
) -> tuple[dict[str, Any], float, float, EdgeSampler]:
    """One import through the API with one worker: the job as it ended, its seconds,
    the worker's CPU microseconds a link, and the edge sampler."""
    stack.start_admin(**OUTBOUND)
    worker = stack.start_worker(**OUTBOUND, HOP_TEST_IMPORT_POLL_INTERVAL="0.1")
    stack.start_edge()
    account = stack.account(plan="pro")
    cpu = CpuAccount({"worker": [worker.pid]})
    progress = [0]
    sampler = EdgeSampler(stack.edge_url, progress, count)
    body = {
        "source": "bitly",
        "credentials": {"token": TOKEN},
        "options": {"baseUrl": fake.url, "clicks": clicks},
    }
    with httpx.Client(base_url=stack.admin_url, timeout=30) as api:
        cpu.start()
        began = time.perf_counter()
        answer = api.post("/v1/imports", json=body, headers=account.headers())
        assert answer.status_code == 202, answer.text
        job_id = answer.json()["id"]
        sampler.start()
        while True:
            job: dict[str, Any] = api.get(f"/v1/imports/{job_id}", headers=account.headers()).json()
            progress[0] = job["imported"]
            if job["status"] in ("done", "failed", "cancelled"):
                break
            time.sleep(0.2)
        seconds = time.perf_counter() - began
        cpu.stop()
    sampler.done.set()
    sampler.join()
    return job, seconds, cpu.per(max(job["imported"], 1))["worker"], sampler


def report(
    job: dict[str, Any], count: int, seconds: float, walk_per_link: float, requests: int
) -> None:
    rate = job["imported"] / seconds
    print(
        f"import: {job['imported']:,} of {count:,} links in {seconds:.1f} s "
        f"({rate:,.0f} links/s; skipped {job['skipped']}, failed {job['failed']}, "
        f"remapped {job['remapped']}); {requests:,} requests to the stand-in"
    )
    verdict = "under" if seconds < TWO_MINUTES else "OVER"
    print(f"aim: {count:,} links in under two minutes: {verdict} ({seconds:.1f} s)")
    per_link = seconds / max(job["imported"], 1)
    print(
        f"ratio: import / walking the source alone, per link: {per_link / walk_per_link:.2f} "
        f"({1e6 * per_link:.0f} us vs {1e6 * walk_per_link:.0f} us)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--links", type=int, default=100_000)
    parser.add_argument("--reference-links", type=int, default=10_000)
    parser.add_argument(
        "--no-clicks",
        action="store_true",
        help="skip the per-link click totals (measures the writes without that cost)",
    )
    args = parser.parse_args()
    clicks = not args.no_clicks
    print(f"# import benchmark, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {machine()}")
    walk_per_link = reference_walk(args.reference_links, clicks=clicks)
    fake = FakeBitly(TOKEN, {"Bbench": GeneratedLinks(args.links)})
    with bench_stack() as stack:
        job, seconds, cpu_per_link, sampler = run_import(stack, fake, args.links, clicks=clicks)
    fake.close()
    assert job["status"] == "done", job
    report(job, args.links, seconds, walk_per_link, fake.requests)
    print(f"worker CPU per imported link: {cpu_per_link:.0f} us")
    waits = sorted(sampler.waits)
    slowest = f"{waits[-1] * 1000:.0f} ms" if waits else "-"
    print(
        f"edge: {sampler.sampled} sampled links counted as imported: {sampler.at_once} "
        f"redirected at once, {len(waits)} after a wait (longest {slowest}), "
        f"{sampler.missing} not within 10 s"
    )


if __name__ == "__main__":
    main()
