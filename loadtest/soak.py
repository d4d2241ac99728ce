"""Soak drill (issue 33): the mixed locust scenario for a long while, every process sampled.

    .venv/bin/python -m loadtest.soak [--minutes 30] [--users 60] [--warmup 5]
        [--sample-seconds 10] [--window-minutes 5] [--out DIR]

Starts a fresh stack (embedded PostgreSQL and Redis, one worker, the admin, the edge, as
the benchmarks do) and runs ``loadtest/locustfile_mixed.py`` headless against it for
``--minutes``: visitors following short links on the edge, API clients creating and
listing links on the admin. Every ``--sample-seconds`` it reads from /proc, per process:

- memory: RSS and PSS (proportional set size: a page shared by N processes counts 1/N in
  each, so PostgreSQL's shared buffers are not counted once per backend), summed over the
  process and its descendants for PostgreSQL (postmaster and backends) and Redis; the
  granian main process and its worker processes separately for the edge and the admin;
- CPU seconds (user + system, live and reaped descendants included).

At the end it prints, per process, the memory slope in MB/hour (least squares over the
samples after ``--warmup`` minutes: a cache filling, a pool opening its connections, shared
buffers first touched are start-up, not a leak) and its CPU share; locust's failures per
endpoint; p99 per ``--window-minutes`` window of each endpoint (locust's stats history
holds, each second, the p99 of the last 10 s: a window shows their median and worst); and,
once the worker has drained the click stream, the clicks sent (302s locust counted) vs
stored. The samples, locust's CSV files and the summary (``summary.json``) are kept in
``--out`` (default: a new folder under /tmp). Exits 1 if a click was lost.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psycopg

from loadtest.fixtures import bench_stack
from loadtest.harness import clicks_stored, drained, machine, tree_cpu_seconds
from tests.support.stack import Stack

ROOT = Path(__file__).resolve().parents[1]
LOCUSTFILE = ROOT / "loadtest" / "locustfile_mixed.py"
REDIRECT = "GET /:code"


def _children(pid: int) -> list[int]:
    found: list[int] = []
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            found += [int(child) for child in (task / "children").read_text().split()]
    return found


def _descendants(pid: int) -> list[int]:
    found, pending = [], [pid]
    while pending:
        process = pending.pop()
        found.append(process)
        pending += _children(process)
    return found


def _memory_kilobytes(pid: int) -> tuple[int, int, int]:
    """(RSS, PSS, USS) of one process in kB; zeros once it is gone. USS, the pages only
    this process maps, is where a leak shows: a shared page first touched (PostgreSQL's
    shared buffers) is not one."""
    fields = {"Rss": 0, "Pss": 0, "Private_Clean": 0, "Private_Dirty": 0}
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            name, _, rest = line.partition(":")
            if name in fields:
                fields[name] = int(rest.split()[0])
    return fields["Rss"], fields["Pss"], fields["Private_Clean"] + fields["Private_Dirty"]


def _cpu_seconds(pid: int) -> float:
    """User and system time of ``pid`` alone (its live children are sampled apart), with
    its reaped children's."""
    with contextlib.suppress(OSError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks = sum(int(fields[n]) for n in (11, 12, 13, 14))
        return ticks / os.sysconf("SC_CLK_TCK")
    return 0.0


@dataclass
class Group:
    """Processes sampled as one line: ``pids()`` names them at each sample (a granian
    worker or a PostgreSQL backend that is replaced is followed)."""

    name: str
    pids: Callable[[], list[int]]
    samples: list[tuple[float, float, float, float, float, int]] = field(default_factory=list)
    # (seconds since the load started, RSS MB, PSS MB, USS MB, CPU seconds, processes)

    def sample(self, elapsed: float, tree: bool) -> None:
        pids = self.pids()
        rss = pss = uss = 0
        for pid in pids:
            r, p, u = _memory_kilobytes(pid)
            rss, pss, uss = rss + r, pss + p, uss + u
        cpu = (
            sum(tree_cpu_seconds(pid) for pid in pids)
            if tree
            else sum(_cpu_seconds(pid) for pid in pids)
        )
        self.samples.append((elapsed, rss / 1024, pss / 1024, uss / 1024, cpu, len(pids)))


def _slope_per_hour(points: list[tuple[float, float]]) -> float:
    """Least-squares slope of (seconds, MB) points, in MB/hour."""
    if len(points) < 3:
        return float("nan")
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return statistics.linear_regression(xs, ys).slope * 3600


class Sampler:
    def __init__(self, stack: Stack, every: float) -> None:
        admin, edge, worker = stack.admin, stack.edge, stack.workers[0]
        assert admin is not None
        assert edge is not None
        postgres, redis_pid = stack.postgres_pid, stack.redis_pid
        # Granian's main process and its workers apart: a worker's heap is where requests
        # allocate; the main process only supervises.
        self.groups = [
            Group("edge (granian main)", lambda: [edge.pid]),
            Group("edge workers", lambda: _children(edge.pid)),
            Group("admin (granian main)", lambda: [admin.pid]),
            Group("admin workers", lambda: _children(admin.pid)),
            Group("worker", lambda: _descendants(worker.pid)),
            Group("postgresql (all backends)", lambda: _descendants(postgres)),
            Group("redis", lambda: _descendants(redis_pid)),
        ]
        self.every = every
        self.started = time.monotonic()
        self.load: list[tuple[float, float]] = []  # (elapsed, 1-minute load average)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)

    def _sample(self) -> None:
        elapsed = time.monotonic() - self.started
        for group in self.groups:
            # A group's own CPU (a granian main, the workers) counts only its processes: the
            # edge's main would otherwise count its workers' time too.
            group.sample(elapsed, tree=group.name.startswith(("postgresql", "redis", "worker")))
        self.load.append((elapsed, os.getloadavg()[0]))

    def start(self) -> None:
        self.started = time.monotonic()
        self._sample()
        self._thread.start()

    def _loop(self) -> None:
        while not self._stop.wait(self.every):
            self._sample()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()
        self._sample()

    def write(self, path: Path) -> None:
        with path.open("w", newline="") as handle:
            out = csv.writer(handle)
            out.writerow(
                ["seconds", "process", "rss_mb", "pss_mb", "uss_mb", "cpu_seconds", "processes"]
            )
            for group in self.groups:
                for elapsed, rss, pss, uss, cpu, count in group.samples:
                    megabytes = [f"{rss:.2f}", f"{pss:.2f}", f"{uss:.2f}"]
                    out.writerow([f"{elapsed:.1f}", group.name, *megabytes, cpu, count])

    def summary(self, warmup: float) -> list[dict[str, object]]:
        rows: list[dict[str, object]] = []
        for group in self.groups:
            after = [s for s in group.samples if s[0] >= warmup]
            first, last = group.samples[0], group.samples[-1]
            span = last[0] - first[0]
            rows.append(
                {
                    "process": group.name,
                    "rss_mb_start": round(first[1], 1),
                    "rss_mb_after_warmup": round(after[0][1], 1) if after else None,
                    "rss_mb_end": round(last[1], 1),
                    "pss_mb_end": round(last[2], 1),
                    "uss_mb_end": round(last[3], 1),
                    "processes_end": last[5],
                    "rss_slope_mb_per_hour": round(
                        _slope_per_hour([(s[0], s[1]) for s in after]), 2
                    ),
                    "pss_slope_mb_per_hour": round(
                        _slope_per_hour([(s[0], s[2]) for s in after]), 2
                    ),
                    "uss_slope_mb_per_hour": round(
                        _slope_per_hour([(s[0], s[3]) for s in after]), 2
                    ),
                    "samples_after_warmup": len(after),
                    "cpu_share": round((last[4] - first[4]) / span, 3) if span else None,
                }
            )
        return rows


def _run_locust(
    stack: Stack, api_key: str, args: argparse.Namespace, out: Path
) -> subprocess.CompletedProcess[str]:
    assert stack.admin is not None
    assert stack.edge is not None
    command = [
        str(Path(sys.executable).with_name("locust")),
        "-f",
        str(LOCUSTFILE),
        "--host",
        stack.admin.url,
        "--edge-host",
        stack.edge.url,
        "--api-key",
        api_key,
        "--headless",
        "-u",
        str(args.users),
        "-r",
        str(max(1, args.users // 4)),
        "-t",
        f"{int(args.minutes * 60)}s",
        "--csv",
        str(out / "locust"),
        "--csv-full-history",
        "--json-file",
        str(out / "locust_final"),
        "--only-summary",
        "--stop-timeout",
        "10",
        "--loglevel",
        "WARNING",
    ]
    with (out / "locust.log").open("w") as log:
        # Locust exits 1 when any request failed: the failures are what the soak reports.
        return subprocess.run(
            command, check=False, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, text=True
        )


def _endpoint_totals(out: Path) -> dict[str, dict[str, int]]:
    """Requests and failures per endpoint, and their sum, from locust's final stats
    (``--json-file``): its ``_stats.csv`` is last written up to a second before the end,
    which would count fewer redirects than the edge answered."""
    entries = json.loads((out / "locust_final.json").read_text())
    totals = {
        entry["name"]: {"requests": entry["num_requests"], "failures": entry["num_failures"]}
        for entry in entries
    }
    totals["Aggregated"] = {
        "requests": sum(t["requests"] for t in totals.values()),
        "failures": sum(t["failures"] for t in totals.values()),
    }
    return totals


def _failures(out: Path) -> list[dict[str, str]]:
    with (out / "locust_failures.csv").open() as handle:
        return [
            {
                "endpoint": f"{r['Method']} {r['Name']}",
                "error": r["Error"],
                "count": r["Occurrences"],
            }
            for r in csv.DictReader(handle)
        ]


def _p99_windows(out: Path, window: float) -> dict[str, list[dict[str, float | int]]]:
    """Per endpoint (and Aggregated), per window from the first history row: the median
    and the worst of locust's rolling 10-s p99 (ms), and the requests of the window."""
    per: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    counts: dict[str, dict[int, int]] = defaultdict(dict)
    first: float | None = None
    with (out / "locust_stats_history.csv").open() as handle:
        for row in csv.DictReader(handle):
            stamp = float(row["Timestamp"])
            first = stamp if first is None else first
            index = int((stamp - first) // window)
            counts[row["Name"]][index] = int(row["Total Request Count"])
            with contextlib.suppress(ValueError):
                p99 = float(row["99%"])
                if p99 > 0:
                    per[row["Name"]][index].append(p99)
    windows: dict[str, list[dict[str, float | int]]] = {}
    for name, by_index in per.items():
        previous = 0
        windows[name] = []
        for index in sorted(by_index):
            total = counts[name].get(index, previous)
            windows[name].append(
                {
                    "window": index,
                    "p99_median_ms": round(statistics.median(by_index[index]), 1),
                    "p99_worst_ms": round(max(by_index[index]), 1),
                    "requests": total - previous,
                }
            )
            previous = total
    return windows


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=30.0, help="how long the load runs")
    parser.add_argument(
        "--users",
        type=int,
        default=60,
        help="locust users (5 visitors, at 5 redirects/s each, to 1 API client)",
    )
    parser.add_argument(
        "--warmup", type=float, default=5.0, help="minutes left out of the memory slopes"
    )
    parser.add_argument("--sample-seconds", type=float, default=10.0)
    parser.add_argument("--window-minutes", type=float, default=5.0, help="p99 windows")
    parser.add_argument("--out", type=Path, default=None, help="folder for samples and CSVs")
    return parser.parse_args()


def main() -> None:
    args = _arguments()
    out = args.out or Path(tempfile.mkdtemp(prefix="hop-soak-"))
    out.mkdir(parents=True, exist_ok=True)
    started_at = datetime.now(UTC)
    print(
        f"# soak, {started_at:%Y-%m-%d %H:%M} UTC, {args.minutes:g} min, {args.users} users,"
        f" {machine()}, load average {os.getloadavg()[0]:.2f} at the start; files in {out}",
        flush=True,
    )
    with bench_stack() as stack:
        user = stack.account(plan="business")
        with psycopg.connect(stack.database_url) as conn:
            # The API clients create links all along: negotiated limits, not the plan's.
            conn.execute(
                "UPDATE workspaces SET limit_per_minute = 100000000,"
                " limit_per_month = 1000000000 WHERE id = %s",
                (user.workspace_id,),
            )
        stack.start_worker()
        stack.start_admin()
        stack.start_edge()
        sampler = Sampler(stack, args.sample_seconds)
        sampler.start()
        locust = _run_locust(stack, user.live_key, args, out)
        sampler.stop()
        load_end = time.monotonic()
        totals = _endpoint_totals(out)
        redirects = totals.get(REDIRECT, {"requests": 0, "failures": 0})
        sent = redirects["requests"] - redirects["failures"]
        stored, _ = drained(stack, user.workspace_id, sent, started=load_end)
        drain_seconds = time.monotonic() - load_end
        stored = clicks_stored(stack.database_url, user.workspace_id)
        sampler.write(out / "samples.csv")
        processes = sampler.summary(args.warmup * 60)
        loads = [load for _, load in sampler.load]
        summary = {
            "started": f"{started_at:%Y-%m-%d %H:%M} UTC",
            "minutes": args.minutes,
            "users": args.users,
            "machine": machine(),
            "load_average": {
                "min": round(min(loads), 2),
                "median": round(statistics.median(loads), 2),
                "max": round(max(loads), 2),
            },
            "locust_exit": locust.returncode,
            "processes": processes,
            "endpoints": totals,
            "failures": _failures(out),
            "p99_windows": _p99_windows(out, args.window_minutes * 60),
            "clicks": {
                "sent": sent,
                "stored": stored,
                "lost": max(0, sent - stored),
                "drain_seconds": round(drain_seconds, 1),
            },
        }
    (out / "summary.json").write_text(json.dumps(summary, indent=2))
    _print(summary, args)
    if summary["clicks"]["lost"]:
        sys.exit(1)


def _print(summary: dict[str, Any], args: argparse.Namespace) -> None:
    load = summary["load_average"]
    print(
        f"\nload average (1 min) during the run: min {load['min']}, median {load['median']},"
        f" max {load['max']} (locust exit {summary['locust_exit']})"
    )
    print(f"\nmemory after a {args.warmup:g}-minute warm-up, slope by least squares:")
    print(
        f"{'process':28} {'RSS start':>9} {'RSS end':>8} {'PSS end':>8}"
        f" {'USS end':>8} {'RSS MB/h':>9} {'PSS MB/h':>9} {'USS MB/h':>9} {'CPU':>5}"
    )
    for row in summary["processes"]:
        print(
            f"{row['process']:28} {row['rss_mb_start']:9.1f} {row['rss_mb_end']:8.1f}"
            f" {row['pss_mb_end']:8.1f} {row['uss_mb_end']:8.1f}"
            f" {row['rss_slope_mb_per_hour']:9.2f} {row['pss_slope_mb_per_hour']:9.2f}"
            f" {row['uss_slope_mb_per_hour']:9.2f} {row['cpu_share']:5.2f}"
        )
    print("\nrequests and failures per endpoint:")
    for name, total in summary["endpoints"].items():
        print(f"  {name:20} {total['requests']:10,} requests {total['failures']:6,} failures")
    for failure in summary["failures"]:
        print(f"  failure: {failure['endpoint']}: {failure['error']} x{failure['count']}")
    print(f"\np99 (ms) per {args.window_minutes:g}-minute window, median / worst of the 10-s p99s:")
    for name, windows in summary["p99_windows"].items():
        cells = "  ".join(f"{w['p99_median_ms']:.0f}/{w['p99_worst_ms']:.0f}" for w in windows)
        print(f"  {name:20} {cells}")
    clicks = summary["clicks"]
    print(
        f"\nclicks sent (302s locust counted) {clicks['sent']:,}; stored {clicks['stored']:,};"
        f" lost {clicks['lost']:,}; drained {clicks['drain_seconds']} s after the load"
    )


if __name__ == "__main__":
    main()
