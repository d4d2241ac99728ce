"""Every benchmark in one command, and one table of ratios with their references.

Runs, one after the other, each in its own fresh stack (embedded PostgreSQL and
Redis, real processes, wrk):

- edge vs a constant-302 app, then one worker draining what the edge was sent
  (``loadtest.bench_edge``);
- the click worker draining a backlog with 1 and with 2 worker processes
  (``loadtest.bench_worker``);
- create-link vs ``GET /health`` of the same admin, with 1 and with 2 admin
  processes (``HOP_ADMIN_WORKERS``), and with ``--big-table`` links already in
  the table (``loadtest.bench_admin``);
- one webhook with the default settings, deliveries/s against the receiver's
  capacity for unsigned POSTs (``loadtest.bench_webhooks``);
- ``GET /v1/links/:id/clicks`` for one link with ``--analytics-clicks`` clicks
  (default 20 M, a quarter of them today) against ``GET /health``, and the click
  ingest rate with those clicks in the table against an empty one
  (``loadtest.bench_analytics``; loading 20 M clicks takes a quarter of an hour).

Each script prints its own detail (shown as it runs) and a last ``RESULT {json}``
line, which is all this script reads. ``--quick`` shortens every round (fewer
links, fewer and shorter rounds): for checking the scripts, not for figures.

    .venv/bin/python -m loadtest.bench_all [--quick] [--big-table 10000000]
        [--analytics-clicks 20000000] [--skip NAME ...]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from loadtest.harness import machine, require_wrk

ROOT = Path(__file__).resolve().parents[1]
NAMES = ("edge", "worker", "admin", "admin2", "admin-big", "webhooks", "analytics")


def run(module: str, *arguments: str) -> dict[str, Any]:
    """Run one benchmark script, echo its output, return its RESULT line."""
    command = [sys.executable, "-m", f"loadtest.{module}", *arguments]
    print(f"\n$ {' '.join(['python', '-m', f'loadtest.{module}', *arguments])}", flush=True)
    started = time.monotonic()
    process = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    assert process.stdout is not None
    result: dict[str, Any] = {}
    for line in process.stdout:
        if line.startswith("RESULT "):
            result = json.loads(line[len("RESULT ") :])
        else:
            print("  " + line.rstrip(), flush=True)
    if process.wait() != 0 or not result:
        raise SystemExit(f"loadtest.{module} failed (exit {process.returncode})")
    print(f"  ({time.monotonic() - started:.0f} s)", flush=True)
    return result


def _row(figure: str, value: str, reference: str, aim: str) -> tuple[str, str, str, str]:
    return figure, value, reference, aim


def _analytics_rows(args: argparse.Namespace) -> list[tuple[str, str, str, str]]:
    clicks = args.analytics_clicks or (200_000 if args.quick else 20_000_000)
    quick = ["--requests", "50", "--ingest-clicks", "20000"] if args.quick else []
    result = run("bench_analytics", "--clicks", str(clicks), "--today", str(clicks // 4), *quick)
    p99 = result["p99_ms"]
    return [
        _row(
            f"GET /v1/links/:id/clicks p99, {clicks:,} clicks (ms)",
            f"{p99['clicks, no range']:.1f}",
            f"health p99 {p99['GET /health (reference)']:.1f} ms",
            "< 50",
        ),
        _row(
            f"click ingest, {clicks:,} clicks in the table / empty",
            f"{result['ingest_ratio']:.2f}",
            f"{result['ingest_empty']:,.0f} clicks/s",
            "unchanged",
        ),
    ]


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="short rounds: checks the scripts")
    parser.add_argument(
        "--big-table",
        type=int,
        default=None,
        help="links in the table for the create-at-scale run (default 10,000,000; "
        "100,000 with --quick; 0: skip it)",
    )
    parser.add_argument(
        "--analytics-clicks",
        type=int,
        default=None,
        help="clicks of the one link the analytics run reads (default 20,000,000; "
        "200,000 with --quick)",
    )
    parser.add_argument("--skip", nargs="*", default=[], choices=NAMES, help="runs to leave out")
    return parser.parse_args()


def _print_table(rows: list[tuple[str, str, str, str]]) -> None:
    header = ("figure", "measured", "reference (same run)", "aim")
    widths = [max(len(row[n]) for row in [header, *rows]) for n in range(4)]
    for row in [header, tuple("-" * w for w in widths), *rows]:
        print("| " + " | ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)) + " |")


def main() -> None:
    args = _arguments()
    require_wrk()
    started = datetime.now(UTC)
    print(f"# all benchmarks, {started:%Y-%m-%d %H:%M} UTC, {machine()}")
    wrk = ["--rounds", "1", "--seconds", "3"] if args.quick else []
    links = ["--links", "10000"] if args.quick else []
    big_table = args.big_table
    if big_table is None:
        big_table = 100_000 if args.quick else 10_000_000
    skip = set(args.skip) | ({"admin-big"} if big_table == 0 else set())
    rows: list[tuple[str, str, str, str]] = []

    if "edge" not in skip:
        edge = run("bench_edge", *wrk, *links)
        rows.append(
            _row(
                "edge / constant-302 (req/s)",
                f"{edge['ratio']:.2f}",
                f"{edge['constant']['rps']:,.0f} req/s",
                ">= 0.9",
            )
        )
        rows.append(
            _row(
                "edge p99 / constant-302 p99",
                f"{edge['edge']['p99_ms'] / edge['constant']['p99_ms']:.2f}",
                f"{edge['constant']['p99_ms']:.2f} ms",
                "<= 1.2",
            )
        )
        rows.append(
            _row(
                "worker drain / edge redirects (1 worker)",
                f"{edge['drain'] / edge['edge']['rps']:.2f}",
                f"{edge['edge']['rps']:,.0f} req/s",
                ">= 1.2",
            )
        )
        rows.append(_row("clicks lost (edge run)", f"{edge['lost']}", "0", "0"))
    if "worker" not in skip:
        clicks = ["--clicks", "50000", "--links", "10000"] if args.quick else []
        one = run("bench_worker", *clicks)
        two = run("bench_worker", *clicks, "--workers", "2")
        rows.append(
            _row(
                "click drain, 2 workers / 1 worker",
                f"{two['rate'] / one['rate']:.2f}",
                f"{one['rate']:,.0f} clicks/s",
                "-",
            )
        )
    admin_one: dict[str, Any] | None = None
    if "admin" not in skip:
        admin_one = run("bench_admin", *wrk)
        rows.append(
            _row(
                "create-link / GET /health, 1 admin process",
                f"{admin_one['ratio']:.2f}",
                f"{admin_one['health']['rps']:,.0f} req/s",
                ">= 0.3",
            )
        )
        rows.append(
            _row(
                "admin CPU per request, health / create",
                f"{admin_one['health']['cpu_ms'] / admin_one['create']['cpu_ms']:.2f}",
                f"create {admin_one['create']['cpu_ms']:.3f} ms",
                "-",
            )
        )
        rows.append(
            _row(
                "create-link p99, 64 clients (ms)",
                f"{admin_one['create']['p99_ms']:.1f}",
                f"health p99 {admin_one['health']['p99_ms']:.1f} ms",
                "< 30",
            )
        )
    if "admin2" not in skip:
        two_admins = run("bench_admin", *wrk, "--admin-workers", "2")
        rows.append(
            _row(
                "create-link / GET /health, 2 admin processes",
                f"{two_admins['ratio']:.2f}",
                f"{two_admins['health']['rps']:,.0f} req/s",
                "-",
            )
        )
        if admin_one is not None:
            rows.append(
                _row(
                    "create-link req/s, 2 admin processes / 1",
                    f"{two_admins['create']['rps'] / admin_one['create']['rps']:.2f}",
                    f"{admin_one['create']['rps']:,.0f} req/s",
                    "-",
                )
            )
    if "admin-big" not in skip:
        size = big_table
        big = run("bench_admin", *wrk, "--links", str(size))
        rows.append(
            _row(
                f"create-link / GET /health, {size:,} links in the table",
                f"{big['ratio']:.2f}",
                f"{big['health']['rps']:,.0f} req/s",
                "-",
            )
        )
        if admin_one is not None:
            rows.append(
                _row(
                    f"create-link req/s, {size:,} links / empty table",
                    f"{big['create']['rps'] / admin_one['create']['rps']:.2f}",
                    f"{admin_one['create']['rps']:,.0f} req/s",
                    "-",
                )
            )
    if "webhooks" not in skip:
        hooks = run("bench_webhooks", *(["--events", "3000"] if args.quick else []))
        rows.append(
            _row(
                "one webhook, defaults: deliveries/s / receiver capacity",
                f"{hooks['deliveries_per_second'] / hooks['reference']:.3f}"
                f" ({hooks['deliveries_per_second']:,.0f}/s)",
                f"{hooks['reference']:,.0f} POSTs/s",
                ">= 2,000/s",
            )
        )
        rows.append(
            _row(
                "webhook events lost / duplicated",
                f"{hooks['lost']} / {hooks['duplicated']}",
                "0 / 0",
                "0 / 0",
            )
        )
    if "analytics" not in skip:
        rows += _analytics_rows(args)

    print(f"\n# summary ({'quick' if args.quick else 'full'} rounds), started {started:%H:%M} UTC")
    _print_table(rows)


if __name__ == "__main__":
    main()
