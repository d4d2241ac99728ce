"""Admin benchmark: create-link throughput and latency against GET /health, same run.

Starts PostgreSQL, Redis and the admin (as `hop admin` runs it), then drives
``POST /v1/links`` with wrk (64 connections, fixed time) and ``GET /health``
of the same process the same way, alternately, and prints requests/s, p50 and
p99 of each and the ratio create/health pair by pair.

    .venv/bin/python -m loadtest.bench_admin [--rounds 3] [--seconds 10] [--connections 64]
        [--admin-workers 1] [--links 0]

``--admin-workers`` runs the admin with that many granian worker processes
(``HOP_ADMIN_WORKERS``); ``--links N`` first fills the links table (and the code
table) with N rows of the benchmark's own account, one ``INSERT … SELECT
generate_series`` per million rows, so the create is measured against a large table.
The last line is ``RESULT {json}`` for ``loadtest.bench_all``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from datetime import UTC, datetime

import psycopg

from loadtest.fixtures import bench_stack
from loadtest.harness import WrkResult, cpu_seconds, machine, require_wrk, run_wrk

_FILL_CHUNK = 1_000_000
# Codes of 8 characters with a "~", which new_short_code (base62) never draws: the
# filler never collides with a code the benchmark creates.
_FILL_LINKS = """
INSERT INTO links (id, workspace_id, environment, short_code, long_url, tags, created_at,
                   updated_at, host, site, safety_checked_at)
SELECT 'lnk_fill' || lpad(n::text, 10, '0'), %(workspace_id)s, 'live', '~' || to_hex(n),
       'https://example.com/products/' || n || '?ref=hop', '{bench}', now(), now(),
       'example.com', 'example.com', now()
FROM generate_series(%(first)s::bigint, %(last)s::bigint) AS n
"""
_FILL_CODES = """
INSERT INTO short_codes (environment, short_code, workspace_id, link_id, code_key)
SELECT 'live', '~' || to_hex(n), %(workspace_id)s, 'lnk_fill' || lpad(n::text, 10, '0'),
       '~' || to_hex(n)
FROM generate_series(%(first)s::bigint, %(last)s::bigint) AS n
"""


def fill_links(database_url: str, workspace_id: str, count: int) -> float:
    """Insert ``count`` links (and their codes) in chunks; returns the seconds it took."""
    started = time.monotonic()
    with psycopg.connect(database_url, autocommit=True) as conn:
        for first in range(1, count + 1, _FILL_CHUNK):
            bounds = {
                "workspace_id": workspace_id,
                "first": first,
                "last": min(count, first + _FILL_CHUNK - 1),
            }
            conn.execute(_FILL_LINKS, bounds)
            conn.execute(_FILL_CODES, bounds)
            print(
                f"filled {bounds['last']:,} links ({time.monotonic() - started:.0f} s)", flush=True
            )
        conn.execute("VACUUM (ANALYZE) links")
        conn.execute("VACUUM (ANALYZE) short_codes")
    return time.monotonic() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--admin-workers", type=int, default=1, help="HOP_ADMIN_WORKERS")
    parser.add_argument("--links", type=int, default=0, help="links in the table beforehand")
    parser.add_argument(
        "--no-fsync",
        action="store_true",
        help="PostgreSQL and Redis without fsync (to see what durability costs)",
    )
    args = parser.parse_args()
    require_wrk()
    print(f"# admin benchmark, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {machine()}")
    with bench_stack(durable=not args.no_fsync) as stack:
        user = stack.account(plan="business")  # negotiated limits: the benchmark is not throttled
        with psycopg.connect(stack.database_url) as conn:
            conn.execute(
                "UPDATE workspaces SET limit_per_minute = 100000000,"
                " limit_per_month = 1000000000 WHERE id = %s",
                (user.workspace_id,),
            )
        if args.links:
            took = fill_links(stack.database_url, user.workspace_id, args.links)
            print(f"{args.links:,} links in the table ({took:.0f} s to write)")
        admin = stack.start_admin(HOP_ADMIN_WORKERS=str(args.admin_workers))
        base = admin.url
        create_env = {
            "TOKEN": user.live_key,
            "BODY": '{"longUrl":"https://example.com/launch?utm_source=bench","tags":["bench"]}',
        }
        common = {"seconds": args.seconds, "connections": args.connections, "threads": args.threads}
        run_wrk(f"{base}/health", None, script="get.lua", **{**common, "seconds": 2})
        run_wrk(
            f"{base}/v1/links", None, script="post.lua", env=create_env, **{**common, "seconds": 2}
        )
        results: dict[str, list[WrkResult]] = {"health": [], "create": []}
        # CPU seconds the admin's worker processes spent per answer: unlike req/s, this
        # hardly moves when other processes share the machine.
        cpu_ms: dict[str, list[float]] = {"health": [], "create": []}
        for round_number in range(args.rounds):
            order = ["health", "create"] if round_number % 2 == 0 else ["create", "health"]
            for name in order:
                cpu_before = cpu_seconds(admin.pid)
                if name == "health":
                    result = run_wrk(f"{base}/health", None, script="get.lua", **common)
                else:
                    result = run_wrk(
                        f"{base}/v1/links", None, script="post.lua", env=create_env, **common
                    )
                results[name].append(result)
                cpu_ms[name].append(1000 * (cpu_seconds(admin.pid) - cpu_before) / result.requests)
                print(
                    f"round {round_number + 1} {name:7} {result.row()}   errors {result.errors}"
                    f"   CPU {cpu_ms[name][-1]:.3f} ms/request"
                )
        ratios = [c.rps / h.rps for c, h in zip(results["create"], results["health"], strict=True)]
        print()
        for name, runs in results.items():
            print(
                f"median {name:7} {statistics.median(r.rps for r in runs):10,.0f} req/s"
                f"   p50 {statistics.median(r.p50_ms for r in runs):6.2f} ms"
                f"   p99 {statistics.median(r.p99_ms for r in runs):6.2f} ms"
            )
        print(
            "ratio create/health per round: "
            + ", ".join(f"{r:.2f}" for r in ratios)
            + f"   median {statistics.median(ratios):.2f}"
        )
        with psycopg.connect(stack.database_url) as conn:
            created = conn.execute("SELECT count(*) FROM links").fetchone()
        print(
            "admin CPU per request (median): "
            + ", ".join(f"{name} {statistics.median(v):.3f} ms" for name, v in cpu_ms.items())
        )
        print(f"links in the table at the end: {created[0] if created else 0:,}")
        medians = {
            name: {
                "rps": statistics.median(r.rps for r in runs),
                "p50_ms": statistics.median(r.p50_ms for r in runs),
                "p99_ms": statistics.median(r.p99_ms for r in runs),
                "errors": sum(r.errors for r in runs),
                "cpu_ms": statistics.median(cpu_ms[name]),
            }
            for name, runs in results.items()
        }
        summary = {
            **medians,
            "ratio": statistics.median(ratios),
            "admin_workers": args.admin_workers,
            "links": args.links,
        }
        print("RESULT " + json.dumps(summary))


if __name__ == "__main__":
    main()
