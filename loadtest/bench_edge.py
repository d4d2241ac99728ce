"""Edge benchmark: redirects/s of the edge against a constant-302 app, then the worker's drain.

One run on one machine: starts PostgreSQL, Redis, the edge and a constant-302
RSGI app with the same granian settings (hop.servers.granian_options), loads
100,000 links, and drives both with wrk (64 connections, codes drawn from a Zipf
distribution, 10 s), alternately A B A B …, because one run alone is noise on a
shared 2-core host. Prints requests/s, p50, p99 per run and the ratio pair by
pair, the edge worker's RSS with every link cached, then lets a worker drain the
stream and prints clicks sent vs stored and the drain rate.

    .venv/bin/python -m loadtest.bench_edge [--links 100000] [--rounds 3] [--seconds 10]
        [--metrics [--scrape-interval 15] | --control] [--second-first] [--rules-share 0.2]
        [--case-insensitive]

Each run also reports each server's CPU time per answer (its main process and workers).

``--metrics`` adds a second edge with ``HOP_EDGE_METRICS_LISTEN`` set (Prometheus
metrics on, scraped every ``--scrape-interval`` seconds during the runs: 15 by default,
as deploy/prometheus/prometheus.yml does; 1 to make the scrape's share visible),
measured in the same rounds: the cost of metrics is the two edges' ratios to the
constant app side by side. ``--control`` adds the second edge without metrics instead:
what the comparison reads when the two are the same (on a 2-vCPU VM the edge started
first has run up to 8 % faster). ``--second-first`` starts, warms and runs the second
edge first, to counterbalance that.

``--rules-share`` gives that share of the links targeting rules (OS, device, language,
country: every condition is evaluated, none matches wrk's requests) and half of those
A/B variants instead, so the ratio covers links decided at the edge (docs/api.md).

``--case-insensitive`` runs every edge with HOP_CASE_INSENSITIVE_CODES on (the links'
entries named by their folded codes, as the worker's start names them): wrk still asks
for each code as created (mixed case), so each request pays the fold.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import threading
import time
from datetime import UTC, datetime
from typing import Any

import httpx
import psycopg
from psycopg.types.json import Jsonb

from hop.embedded import free_port
from loadtest.fixtures import bench_stack, bulk_links, rebuild_link_cache
from loadtest.harness import (
    WrkResult,
    clicks_stored,
    drained,
    machine,
    paths_file,
    require_wrk,
    run_wrk,
    tree_cpu_seconds,
    worker_rss_megabytes,
)
from tests.support.processes import HopProcess
from tests.support.stack import WORKER_GRACE_SECONDS, Stack


def zipf_paths(codes: list[str], draws: int, exponent: float, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    ranked = codes[:]
    rng.shuffle(ranked)
    weights = [1 / (rank**exponent) for rank in range(1, len(ranked) + 1)]
    return ["/" + code for code in rng.choices(ranked, weights=weights, k=draws)]


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--links", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--zipf", type=float, default=1.1, help="Zipf exponent of code draws")
    second = parser.add_mutually_exclusive_group()
    second.add_argument(
        "--metrics", action="store_true", help="also run an edge with metrics on and compare"
    )
    second.add_argument(
        "--control",
        action="store_true",
        help="also run a second edge exactly like the first (what --metrics reads as no cost)",
    )
    parser.add_argument(
        "--second-first",
        action="store_true",
        help="start, warm and run the second edge (--metrics, --control) before the plain one",
    )
    parser.add_argument(
        "--scrape-interval",
        type=float,
        default=15.0,
        help="seconds between scrapes of the metered edge's /metrics (with --metrics)",
    )
    parser.add_argument(
        "--rules-share",
        type=float,
        default=0.0,
        help="share of links with targeting rules or A/B variants (e.g. 0.2)",
    )
    parser.add_argument(
        "--case-insensitive",
        action="store_true",
        help="run the edges with HOP_CASE_INSENSITIVE_CODES on (each request's code folded)",
    )
    return parser.parse_args()


# Four rules none of wrk's requests match (it sends no user agent, no language, and
# loopback has no country): the edge evaluates every condition, then uses longUrl.
_RULES = [
    {"when": {"os": ["ios"]}, "url": "https://apps.example.com/ios"},
    {"when": {"device": ["mobile", "tablet"]}, "url": "https://m.example.com/"},
    {"when": {"language": ["de", "fr"]}, "url": "https://eu.example.com/"},
    {"when": {"country": ["BR", "PT"]}, "url": "https://br.example.com/"},
]
_VARIANTS = [
    {"url": "https://a.example.com/", "weight": 50},
    {"url": "https://b.example.com/", "weight": 50},
]


def add_rules(stack: Stack, codes: list[str], share: float) -> int:
    """Give ``share`` of the links rules (half of them variants instead); rewrite Redis.

    Picked by popularity rank (every 1/share-th, as zipf_paths ranks them), so about that
    share of the requests meets them too; the share actually drawn is printed."""
    ranked = codes[:]
    random.Random(7).shuffle(ranked)  # the ranking zipf_paths uses
    step = max(1, round(1 / share))
    chosen = ranked[step // 2 :: step]
    half = len(chosen) // 2
    with psycopg.connect(stack.database_url) as conn:
        conn.execute(
            "UPDATE links SET rules = %s WHERE short_code = ANY(%s)", (Jsonb(_RULES), chosen[:half])
        )
        conn.execute(
            "UPDATE links SET variants = %s WHERE short_code = ANY(%s)",
            (Jsonb(_VARIANTS), chosen[half:]),
        )
    asyncio.run(rebuild_link_cache(stack))
    return len(chosen)


# A second edge beside the plain one: with metrics on, or the same (the A/A control).
_SECOND_EDGES = {"edge+metrics", "edge (control)"}


def _compare(
    urls: dict[str, str], pids: dict[str, int], codes: list[str], args: argparse.Namespace
) -> tuple[dict[str, Any], int]:
    """Warm both, alternate constant/edge runs, print them.

    Besides each run's rate, the CPU time each server (``pids``: its main process and
    all its workers) spent per answer: on a shared 2-core host a run's rate moves with
    whatever else runs, the CPU an answer costs hardly does, and a server whose
    workers are saturated answers in inverse proportion to it.

    Returns the medians (and the ratio) and the requests sent to the edge."""
    sent = 0
    results: dict[str, list[WrkResult]] = {name: [] for name in urls}
    cpu_us: dict[str, list[float]] = {name: [] for name in urls}
    with paths_file(zipf_paths(codes, 200_000, args.zipf)) as zipf:
        for name, url in urls.items():  # warm every server and the edges' caches
            warm = run_wrk(url, zipf, seconds=2, connections=args.connections, threads=args.threads)
            sent += warm.requests if name != "constant" else 0
        for round_number in range(args.rounds):
            order = list(urls) if round_number % 2 == 0 else list(reversed(urls))
            for name in order:
                cpu_before = tree_cpu_seconds(pids[name])
                result = run_wrk(
                    urls[name],
                    zipf,
                    seconds=args.seconds,
                    connections=args.connections,
                    threads=args.threads,
                )
                results[name].append(result)
                cpu_us[name].append(
                    1e6 * (tree_cpu_seconds(pids[name]) - cpu_before) / max(result.requests, 1)
                )
                sent += result.requests if name != "constant" else 0
                print(
                    f"round {round_number + 1} {name:14} {result.row()}   errors {result.errors}"
                    f"   CPU {cpu_us[name][-1]:5.1f} us/answer"
                )
    print()
    for name, runs in results.items():
        print(
            f"median {name:14} {statistics.median(r.rps for r in runs):10,.0f} req/s"
            f"   p50 {statistics.median(r.p50_ms for r in runs):6.2f} ms"
            f"   p99 {statistics.median(r.p99_ms for r in runs):6.2f} ms"
            f"   CPU {statistics.median(cpu_us[name]):5.1f} us/answer"
        )
    for name in urls:
        if name == "constant":
            continue
        ratios = [e.rps / c.rps for e, c in zip(results[name], results["constant"], strict=True)]
        print(
            f"ratio {name}/constant per round: "
            + ", ".join(f"{r:.3f}" for r in ratios)
            + f"   median {statistics.median(ratios):.3f}"
        )
    for second in _SECOND_EDGES & results.keys():  # adjacent in every round: the closest
        pairs = zip(results[second], results["edge"], strict=True)
        ratios = [m.rps / e.rps for m, e in pairs]
        print(
            f"ratio {second}/edge per round: "
            + ", ".join(f"{r:.3f}" for r in ratios)
            + f"   median {statistics.median(ratios):.3f}"
        )
        # The metered edge's main process serves /metrics: its scrapes are counted here.
        costs = [m / e for m, e in zip(cpu_us[second], cpu_us["edge"], strict=True)]
        print(
            f"CPU per answer {second}/edge per round: "
            + ", ".join(f"{c:.3f}" for c in costs)
            + f"   median {statistics.median(costs):.3f}"
        )
    ratios = [e.rps / c.rps for e, c in zip(results["edge"], results["constant"], strict=True)]
    summary: dict[str, Any] = {
        name: {
            "rps": statistics.median(r.rps for r in runs),
            "p50_ms": statistics.median(r.p50_ms for r in runs),
            "p99_ms": statistics.median(r.p99_ms for r in runs),
            "cpu_us": statistics.median(cpu_us[name]),
        }
        for name, runs in results.items()
    }
    summary["ratio"] = statistics.median(ratios)
    return summary, sent


def _scrape(url: str, interval: float, stop: threading.Event) -> None:
    """What Prometheus does: read the edge's /metrics every ``interval`` seconds."""
    with httpx.Client(timeout=5) as client:
        while not stop.wait(interval):
            client.get(url).raise_for_status()


def _drain(stack: Stack, workspace_id: str, sent: int) -> tuple[int, float]:
    """Start a worker; return (clicks stored, drain rate in clicks/s)."""
    worker = stack.start_worker(HOP_TEST_WORKER_READ_COUNT="20")
    _, rate = drained(stack, workspace_id, sent, started=time.monotonic())
    time.sleep(2)  # counted again: anything still arriving would be a double count
    stored = clicks_stored(stack.database_url, workspace_id)
    worker.stop(timeout=WORKER_GRACE_SECONDS)
    return stored, rate


def _tailor(stack: Stack, codes: list[str], args: argparse.Namespace) -> None:
    """``--rules-share``: give links rules and variants, and say what share of the
    requests will meet them."""
    tailored = add_rules(stack, codes, args.rules_share)
    ranked = codes[:]
    random.Random(7).shuffle(ranked)
    step = max(1, round(1 / args.rules_share))
    picked = {"/" + code for code in ranked[step // 2 :: step]}
    draws = zipf_paths(codes, 200_000, args.zipf)
    share = sum(path in picked for path in draws) / len(draws)
    print(
        f"links with rules or variants: {tailored:,} of {args.links:,}; "
        f"share of requests to them: {share:.1%}"
    )


def _start_edges(stack: Stack, args: argparse.Namespace) -> tuple[dict[str, HopProcess], int]:
    """The plain edge and, with ``--metrics`` or ``--control``, the second one, started
    (and later warmed and run) in that order, or the second first with
    ``--second-first``: the edges by name, and the metrics port."""
    metrics_port = free_port()
    names = ["edge"]
    if args.metrics or args.control:
        names.append("edge+metrics" if args.metrics else "edge (control)")
    if args.second_first:
        names.reverse()
    edges = {}
    folding = {"HOP_CASE_INSENSITIVE_CODES": "on"} if args.case_insensitive else {}
    for name in names:
        metrics = {"HOP_EDGE_METRICS_LISTEN": f"127.0.0.1:{metrics_port}"}
        env = {**folding, **(metrics if name == "edge+metrics" else {})}
        edges[name] = stack.start_edge(name, **env)
    return edges, metrics_port


def main() -> None:
    args = _arguments()
    require_wrk()
    print(f"# edge benchmark, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {machine()}")
    if args.case_insensitive:
        print("case-insensitive codes: on (HOP_CASE_INSENSITIVE_CODES)")
    with bench_stack() as stack:
        user = stack.account(plan="business")
        codes = bulk_links(
            stack, user.workspace_id, args.links, case_insensitive=args.case_insensitive
        )
        if args.rules_share > 0:
            _tailor(stack, codes, args)
        edges, metrics_port = _start_edges(stack, args)
        reference = stack.start_module("constant", "loadtest.serve_reference")
        urls = {"constant": reference.url}
        pids = {"constant": reference.pid}
        for name, process in edges.items():
            urls[name] = process.url
            pids[name] = process.pid
        edge = edges["edge"]

        # Every link visited once first: the timed runs measure the warm edge (cache
        # hits, each change arriving by invalidation), and its memory holds them all.
        sent = 0
        with paths_file(["/" + code for code in codes]) as every_code:
            for name, url in urls.items():
                if name == "constant":
                    continue
                fill = run_wrk(
                    url,
                    every_code,
                    seconds=max(5, args.links // 15_000),
                    connections=args.connections,
                    threads=args.threads,
                )
                sent += fill.requests
        stop_scraping = threading.Event()
        scraper = threading.Thread(
            target=_scrape,
            args=(f"http://127.0.0.1:{metrics_port}/metrics", args.scrape_interval, stop_scraping),
            daemon=True,
        )
        if args.metrics:
            scraper.start()
        summary, timed = _compare(urls, pids, codes, args)
        edge_rps = summary["edge"]["rps"]
        stop_scraping.set()
        sent += timed
        print(
            f"edge worker RSS with {args.links:,} links cached: "
            f"{worker_rss_megabytes(edge.pid):.1f} MB"
        )

        # SIGTERM: the edge flushes its click buffer before exiting
        for process in edges.values():
            process.stop(timeout=60)
        edge_runs = len(edges) * (args.rounds + 2)  # cache fill, warm-up, timed runs
        stored, rate = _drain(stack, user.workspace_id, sent)
        print(
            f"clicks sent (responses wrk counted) {sent:,}; stored {stored:,}; "
            f"lost {max(0, sent - stored):,}; answered after wrk stopped counting "
            f"{max(0, stored - sent):,} (at most {args.connections} per edge run, "
            f"{edge_runs} runs)"
        )
        print(
            f"worker drain: {rate:,.0f} clicks/s into PostgreSQL; "
            f"drain/edge {rate / edge_rps:.2f} (>= 1: one worker keeps up with one edge)"
        )
        summary |= {"drain": rate, "sent": sent, "stored": stored, "lost": max(0, sent - stored)}
        print("RESULT " + json.dumps(summary))


if __name__ == "__main__":
    main()
