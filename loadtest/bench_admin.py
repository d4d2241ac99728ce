"""Admin benchmark: create-link throughput and latency against GET /health, same run.

Starts PostgreSQL, Redis and the admin (as `hop admin` runs it), then drives
``POST /v1/links`` with wrk (64 connections, fixed time) and ``GET /health``
of the same process the same way, alternately, and prints requests/s, p50 and
p99 of each and the ratio create/health pair by pair.

    .venv/bin/python -m loadtest.bench_admin [--rounds 3] [--seconds 10] [--connections 64]
"""

from __future__ import annotations

import argparse
import statistics
from datetime import UTC, datetime

import psycopg

from loadtest.harness import Stack, WrkResult, machine, require_wrk, run_wrk


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument(
        "--no-fsync",
        action="store_true",
        help="PostgreSQL and Redis without fsync (to see what durability costs)",
    )
    args = parser.parse_args()
    require_wrk()
    print(f"# admin benchmark, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {machine()}")
    with Stack(durable=not args.no_fsync) as stack:
        user = stack.account("business")  # negotiated limits: the benchmark is not throttled
        with psycopg.connect(stack.database_url) as conn:
            conn.execute(
                "UPDATE users SET limit_per_minute = 100000000,"
                " limit_per_month = 1000000000 WHERE id = %s",
                (user.userId,),
            )
        port = stack.free_port()
        base = f"http://127.0.0.1:{port}"
        stack.start(["hop.cli", "admin"], stack.env(HOP_BASE_URL=base), port)
        create_env = {
            "TOKEN": user.liveKey,
            "BODY": '{"longUrl":"https://example.com/launch?utm_source=bench","tags":["bench"]}',
        }
        common = {"seconds": args.seconds, "connections": args.connections, "threads": args.threads}
        run_wrk(f"{base}/health", None, script="get.lua", **{**common, "seconds": 2})
        run_wrk(
            f"{base}/v1/links", None, script="post.lua", env=create_env, **{**common, "seconds": 2}
        )
        results: dict[str, list[WrkResult]] = {"health": [], "create": []}
        for round_number in range(args.rounds):
            order = ["health", "create"] if round_number % 2 == 0 else ["create", "health"]
            for name in order:
                if name == "health":
                    result = run_wrk(f"{base}/health", None, script="get.lua", **common)
                else:
                    result = run_wrk(
                        f"{base}/v1/links", None, script="post.lua", env=create_env, **common
                    )
                results[name].append(result)
                print(f"round {round_number + 1} {name:7} {result.row()}   errors {result.errors}")
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
        print(f"links created: {created[0] if created else 0:,}")


if __name__ == "__main__":
    main()
