"""Analytics benchmark: GET /v1/links/:id/clicks for one link with millions of clicks.

Starts PostgreSQL, Redis and the admin, writes ``--clicks`` clicks of one link
straight into the tables with ``INSERT ... SELECT generate_series`` (``--today`` of
them today, the rest spread over the ``--days`` before), builds their daily rollups
and unique-visitor sketches the way the worker keeps them, then requests the
endpoint ``--requests`` times one after another (no range; then a range of whole
days) and prints p50/p99. As a reference from the same run it times the query
the endpoint used before sketches (``count(DISTINCT visitor_id)`` over the raw
clicks) and ``GET /health`` of the same admin.

Ingest speed with the clicks in the table against without them: before loading, and
again after (once the load is checkpointed and written back to disk), one worker
drains the same backlog (``--ingest-clicks``, Zipf over the link and ``--other-links``
others, the big link the most clicked) ``--ingest-rounds`` times, and the script
prints each rate, the medians and their ratio.

    .venv/bin/python -m loadtest.bench_analytics [--clicks 20000000] [--today 5000000]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import httpx
import psycopg

from admin.analytics import hll
from loadtest.bench_worker import backlog
from loadtest.fixtures import bench_stack, bulk_links
from loadtest.harness import clicks_stored, drained, machine
from tests.support.stack import WORKER_GRACE_SECONDS, Stack

_STEP = 1_000_000  # rows per INSERT: bounded statements, progress visible


def _fill(
    conn: psycopg.Connection,
    link_id: str,
    start: int,
    count: int,
    *,
    since: datetime,
    span_seconds: float,
) -> None:
    """Clicks ``start``..``start+count`` of the link, evenly over ``span_seconds`` from
    ``since``; visitor ids are md5 of the visitor number (one visitor in three repeats)."""
    conn.execute(
        """
        INSERT INTO clicks (event_id, link_id, clicked_at, visitor_id, country, device, os,
                            browser, referrer, referrer_host, user_agent, is_bot, is_qr)
        SELECT 'bench' || i, %(link)s,
               %(since)s + make_interval(secs => (i - %(start)s) * %(step)s),
               decode(md5((i / 3 * 2 + i %% 3 / 2)::text), 'hex'),
               (ARRAY['US','DE','FR','GB','JP','BR','IN',''])[1 + i %% 8],
               (ARRAY['mobile','desktop','tablet','bot'])[1 + i %% 4],
               (ARRAY['iOS','Android','Windows','Mac OS X','Linux'])[1 + i %% 5],
               (ARRAY['Mobile Safari','Chrome Mobile','Chrome','Firefox','Edge','Googlebot'])
                   [1 + i %% 6],
               '', (ARRAY['', 'www.google.com', 't.co', 'news.example'])[1 + i %% 4],
               'Mozilla/5.0 (bench)', i %% 4 = 3, i %% 50 = 0
        FROM generate_series(%(start)s::bigint, %(end)s::bigint - 1) AS i
        """,
        {
            "link": link_id,
            "since": since,
            "start": start,
            "end": start + count,
            "step": span_seconds / max(count, 1),
        },
    )


def _derive(conn: psycopg.Connection, link_id: str) -> None:
    """Rollups, sketches and the link's total, as the worker's ingest statement keeps them."""
    conn.execute(
        """
        INSERT INTO click_rollups (link_id, day, is_bot, country, device, os, browser,
                                   referrer_host, clicks)
        SELECT link_id, (clicked_at AT TIME ZONE 'UTC')::date, is_bot, country, device, os,
               browser, referrer_host, count(*)
        FROM clicks WHERE link_id = %(link)s GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
        """,
        {"link": link_id},
    )
    conn.execute(
        """
        INSERT INTO click_uniques (link_id, day, sketch)
        SELECT link_id, day,
               hll_merge(NULL, string_agg(substring(int4send(observation) FROM 2), ''::bytea))
        FROM (SELECT link_id, (clicked_at AT TIME ZONE 'UTC')::date AS day,
                     max(hll_observation(visitor_id)) AS observation
              FROM clicks WHERE link_id = %(link)s AND NOT is_bot
              GROUP BY 1, 2, hll_observation(visitor_id) >> 8) AS registers
        GROUP BY 1, 2
        """,
        {"link": link_id},
    )
    conn.execute(
        "UPDATE links SET clicks = (SELECT count(*) FROM clicks WHERE link_id = %(link)s)"
        " WHERE id = %(link)s",
        {"link": link_id},
    )


def _load(conn: psycopg.Connection, link_id: str, args: argparse.Namespace, now: datetime) -> None:
    """The link's clicks: ``args.today`` today, the rest evenly over ``args.days`` days."""
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    older = args.clicks - args.today
    # The monthly partitions the worker's housekeeping would have made by now.
    conn.execute(
        "SELECT hop_click_partition(m::date) FROM generate_series("
        "date_trunc('month', %s::timestamptz AT TIME ZONE 'UTC'),"
        " date_trunc('month', now() AT TIME ZONE 'UTC'), interval '1 month') AS m",
        (midnight - timedelta(days=args.days),),
    )
    for offset in range(0, older, _STEP):
        count = min(_STEP, older - offset)
        span = args.days * 86400 / older * count
        since = (
            midnight
            - timedelta(days=args.days)
            + timedelta(seconds=args.days * 86400 / older * offset)
        )
        _fill(conn, link_id, offset, count, since=since, span_seconds=span)
    today_span = max(1.0, (now - midnight).total_seconds() - 1)
    for offset in range(0, args.today, _STEP):
        count = min(_STEP, args.today - offset)
        since = midnight + timedelta(seconds=today_span / args.today * offset)
        _fill(
            conn,
            link_id,
            older + offset,
            count,
            since=since,
            span_seconds=today_span / args.today * count,
        )


@dataclass(frozen=True)
class _Probe:
    """The links a click backlog is drawn over (Zipf: the first code the most clicked)."""

    workspace_id: str
    live_key: str
    codes: list[str]
    link_ids: dict[str, str]
    clicks: int


def _ingest_rate(stack: Stack, probe: _Probe, event_prefix: str) -> float:
    """Clicks per second one worker stores, draining ``probe.clicks`` queued on the stream."""
    before = clicks_stored(stack.database_url, probe.workspace_id)
    backlog(stack, probe.codes, probe.link_ids, probe.clicks, 175, event_prefix=event_prefix)
    worker = stack.start_worker(event_prefix)
    stored, rate = drained(
        stack, probe.workspace_id, probe.clicks, started=time.monotonic(), before=before, poll=0.1
    )
    worker.stop(timeout=WORKER_GRACE_SECONDS)
    if stored < probe.clicks:
        raise SystemExit(f"the worker stored {stored:,} of {probe.clicks:,} clicks in 900 s")
    return rate


def _ingest_rounds(stack: Stack, probe: _Probe, name: str, rounds: int) -> float:
    """The median of ``rounds`` drains (one alone lasts seconds: noise decides it)."""
    rates = [_ingest_rate(stack, probe, f"{name}{n}-") for n in range(rounds)]
    print(f"ingest rounds ({name}): " + ", ".join(f"{rate:,.0f}" for rate in rates))
    return statistics.median(rates)


def _forget_clicks(conn: psycopg.Connection, link_id: str) -> None:
    """Drop what the worker stored for the link: _derive builds its rollups and sketches
    from its clicks alone, as if the worker had stored them all."""
    conn.execute("DELETE FROM clicks WHERE link_id = %s", (link_id,))
    conn.execute("DELETE FROM click_rollups WHERE link_id = %s", (link_id,))
    conn.execute("DELETE FROM click_uniques WHERE link_id = %s", (link_id,))
    conn.execute("DELETE FROM link_variant_clicks WHERE link_id = %s", (link_id,))


def _fill_link(stack: Stack, link_id: str, args: argparse.Namespace) -> datetime:
    """The big link's clicks, rollups and sketches; returns the midnight they end at."""
    with psycopg.connect(stack.database_url, autocommit=True) as conn:
        _forget_clicks(conn, link_id)
        now = datetime.now(UTC)
        started = time.monotonic()
        _load(conn, link_id, args, now)
        _derive(conn, link_id)
        conn.execute("VACUUM ANALYZE")
        conn.execute("CHECKPOINT")
        size = conn.execute("SELECT pg_size_pretty(pg_database_size(current_database()))")
        print(
            f"data: {args.clicks:,} clicks of one link ({args.today:,} today, the rest over"
            f" {args.days} days), {size.fetchone()[0]}, loaded in"  # type: ignore[index]
            f" {time.monotonic() - started:,.0f} s"
        )
    return now.replace(hour=0, minute=0, second=0, microsecond=0)


def _written_back() -> float:
    """Wait until the kernel has written the loaded data to disk; the seconds it took.

    The load leaves gigabytes of dirty pages that the kernel writes back over the next
    minute or so; measured during that, the ingest competes with the writeback for the
    disk and the CPU, and the comparison with the empty table would be of that."""
    started = time.monotonic()
    os.sync()
    return time.monotonic() - started


def _uniques(stack: Stack, link_id: str) -> tuple[int, float, int]:
    """The exact count of distinct visitors, the ms its query took (what the endpoint ran
    before sketches; once: at 20 M clicks it takes about a minute), the sketches' count."""
    with psycopg.connect(stack.database_url) as conn:
        started = time.perf_counter()
        exact = conn.execute(
            "SELECT count(DISTINCT visitor_id) FROM clicks WHERE link_id = %s AND NOT is_bot",
            (link_id,),
        ).fetchone()[0]  # type: ignore[index]
        took = (time.perf_counter() - started) * 1000
        sketches = conn.execute("SELECT sketch FROM click_uniques WHERE link_id = %s", (link_id,))
        estimate = hll.count(bytes(row[0]) for row in sketches.fetchall())
    return int(exact), took, estimate


def _timed(client: httpx.Client, url: str, params: dict[str, str], n: int) -> list[float]:
    timings = []
    for _ in range(n):
        started = time.perf_counter()
        response = client.get(url, params=params)
        timings.append((time.perf_counter() - started) * 1000)
        response.raise_for_status()
    return timings


def _p99(timings: list[float]) -> float:
    ordered = sorted(timings)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def _row(name: str, timings: list[float]) -> str:
    return (
        f"{name:34} n={len(timings):4}  p50 {statistics.median(timings):7.2f} ms"
        f"   p99 {_p99(timings):7.2f} ms"
    )


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--clicks", type=int, default=20_000_000)
    parser.add_argument("--today", type=int, default=5_000_000)
    parser.add_argument("--days", type=int, default=90, help="days before today with clicks")
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--ingest-clicks", type=int, default=200_000)
    parser.add_argument("--other-links", type=int, default=1_000)
    parser.add_argument(
        "--ingest-rounds", type=int, default=3, help="drains measured before and after the load"
    )
    return parser.parse_args()


def _probe(stack: Stack, args: argparse.Namespace) -> _Probe:
    user = stack.account(plan="business")
    codes = bulk_links(stack, user.workspace_id, 1 + args.other_links)
    with psycopg.connect(stack.database_url, autocommit=True) as conn:
        conn.execute(
            "UPDATE workspaces SET limit_per_minute = 100000000 WHERE id = %s", (user.workspace_id,)
        )
        rows = conn.execute("SELECT short_code, id FROM links").fetchall()
    link_ids = {str(code): str(link_id) for code, link_id in rows}
    return _Probe(user.workspace_id, user.live_key, codes, link_ids, args.ingest_clicks)


def _requests(
    stack: Stack, key: str, link_id: str, midnight: datetime, args: argparse.Namespace
) -> tuple[dict[str, list[float]], dict[str, int]]:
    """Timings of /health and the endpoint (no range, then 30 days + today), and the
    endpoint's totals, checked against the link's count."""
    stack.admin_start_timeout = 300  # a loaded machine can take a while to start it
    base = stack.start_admin().url
    url = f"{base}/v1/links/{link_id}/clicks"
    days_ago = (midnight - timedelta(days=30)).date().isoformat()
    with httpx.Client(headers={"Authorization": f"Bearer {key}"}, timeout=60) as client:
        totals = client.get(url).json()["totals"]
        with psycopg.connect(stack.database_url) as conn:
            count = conn.execute("SELECT clicks FROM links WHERE id = %s", (link_id,)).fetchone()
        if count is None or totals["total"] != count[0]:
            raise SystemExit(f"the endpoint's totals {totals} are not the link's {count}")
        _timed(client, url, {}, 10)  # warm
        timings = {
            "GET /health (reference)": _timed(client, f"{base}/health", {}, args.requests),
            "clicks, no range": _timed(client, url, {}, args.requests),
            "clicks, last 30 whole days + today": _timed(
                client, url, {"from": days_ago}, args.requests
            ),
        }
    return timings, totals


def main() -> None:
    args = _arguments()
    print(f"# analytics benchmark, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {machine()}")
    with bench_stack(durable=False) as stack:
        probe = _probe(stack, args)
        link_id = probe.link_ids[probe.codes[0]]
        ingest_empty = _ingest_rounds(stack, probe, "before", args.ingest_rounds)
        print(f"ingest, clicks table empty: median {ingest_empty:,.0f} clicks/s", flush=True)
        midnight = _fill_link(stack, link_id, args)
        print(f"written back to disk before measuring again: {_written_back():.0f} s", flush=True)
        ingest_full = _ingest_rounds(stack, probe, "after", args.ingest_rounds)
        print(
            f"ingest, {args.clicks:,} clicks in the table: median {ingest_full:,.0f} clicks/s"
            f" ({ingest_full / ingest_empty:.2f} of the empty table's)"
        )
        exact, exact_ms, estimate = _uniques(stack, link_id)
        timings, totals = _requests(stack, probe.live_key, link_id, midnight, args)
    print(
        f"unique visitors: exact {exact:,}, reported {totals['unique']:,}"
        f" (error {abs(totals['unique'] - exact) / max(exact, 1):.2%});"
        f" sketch-only estimate {estimate:,}"
    )
    print(f"before (count(DISTINCT) over the raw clicks, SQL alone): {exact_ms:,.0f} ms")
    for name, values in timings.items():
        print(_row(name, values))
    print(
        "RESULT "
        + json.dumps(
            {
                "clicks": args.clicks,
                "p99_ms": {name: _p99(values) for name, values in timings.items()},
                "ingest_empty": ingest_empty,
                "ingest_full": ingest_full,
                "ingest_ratio": ingest_full / ingest_empty,
            }
        )
    )


if __name__ == "__main__":
    main()
