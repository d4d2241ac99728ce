"""Analytics benchmark: GET /v1/links/:id/clicks for one link with millions of clicks.

Starts PostgreSQL, Redis and the admin, writes ``--clicks`` clicks of one link
straight into the tables with ``INSERT ... SELECT generate_series`` (``--today`` of
them today, the rest spread over the ``--days`` before), builds their daily rollups
and unique-visitor sketches the way the worker keeps them, then requests the
endpoint ``--requests`` times one after another (no range; then a range of whole
days) and prints p50/p99. As a reference from the same run it times the query
the endpoint used before sketches (``count(DISTINCT visitor_id)`` over the raw
clicks) and ``GET /health`` of the same admin.

    .venv/bin/python -m loadtest.bench_analytics [--clicks 20000000] [--today 5000000]
"""

from __future__ import annotations

import argparse
import statistics
import time
from datetime import UTC, datetime, timedelta

import httpx
import psycopg

from admin.analytics import hll
from hop.embedded import wait_for_port
from loadtest.harness import Stack, machine

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


def _timed(client: httpx.Client, url: str, params: dict[str, str], n: int) -> list[float]:
    timings = []
    for _ in range(n):
        started = time.perf_counter()
        response = client.get(url, params=params)
        timings.append((time.perf_counter() - started) * 1000)
        response.raise_for_status()
    return timings


def _row(name: str, timings: list[float]) -> str:
    ordered = sorted(timings)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return (
        f"{name:34} n={len(timings):4}  p50 {statistics.median(timings):7.2f} ms"
        f"   p99 {p99:7.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--clicks", type=int, default=20_000_000)
    parser.add_argument("--today", type=int, default=5_000_000)
    parser.add_argument("--days", type=int, default=90, help="days before today with clicks")
    parser.add_argument("--requests", type=int, default=300)
    args = parser.parse_args()
    print(f"# analytics benchmark, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {machine()}")
    with Stack(durable=False) as stack:
        user = stack.account("business")
        stack.bulk_links(user.userId, 1)
        with psycopg.connect(stack.database_url, autocommit=True) as conn:
            conn.execute(
                "UPDATE users SET limit_per_minute = 100000000 WHERE id = %s", (user.userId,)
            )
            link_id = str(conn.execute("SELECT id FROM links").fetchone()[0])  # type: ignore[index]
            now = datetime.now(UTC)
            midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
            started = time.monotonic()
            _load(conn, link_id, args, now)
            _derive(conn, link_id)
            conn.execute("VACUUM ANALYZE")
            size = conn.execute("SELECT pg_size_pretty(pg_database_size(current_database()))")
            print(
                f"data: {args.clicks:,} clicks of one link ({args.today:,} today, the rest over"
                f" {args.days} days), {size.fetchone()[0]}, loaded in"  # type: ignore[index]
                f" {time.monotonic() - started:,.0f} s"
            )
            # The reference: what the endpoint computed before sketches, per request.
            reference = []
            for _ in range(3):
                t = time.perf_counter()
                exact = conn.execute(
                    "SELECT count(DISTINCT visitor_id) FROM clicks"
                    " WHERE link_id = %s AND NOT is_bot",
                    (link_id,),
                ).fetchone()[0]  # type: ignore[index]
                reference.append((time.perf_counter() - t) * 1000)
            sketch_rows = conn.execute(
                "SELECT sketch FROM click_uniques WHERE link_id = %s", (link_id,)
            ).fetchall()
            estimate = hll.count(bytes(row[0]) for row in sketch_rows)
        port = stack.free_port()
        base = f"http://127.0.0.1:{port}"
        admin = stack.start(["hop.cli", "admin"], stack.env(HOP_BASE_URL=base))
        wait_for_port(port, 300, admin)  # a loaded machine can take a while to start it
        headers = {"Authorization": f"Bearer {user.liveKey}"}
        url = f"{base}/v1/links/{link_id}/clicks"
        days_ago = (midnight - timedelta(days=30)).date().isoformat()
        with httpx.Client(headers=headers, timeout=60) as client:
            body = client.get(url).json()
            assert body["totals"]["total"] == args.clicks, body["totals"]
            _timed(client, url, {}, 10)  # warm
            rows = [
                _row(
                    "GET /health (reference)", _timed(client, f"{base}/health", {}, args.requests)
                ),
                _row("clicks, no range", _timed(client, url, {}, args.requests)),
                _row(
                    "clicks, last 30 whole days + today",
                    _timed(client, url, {"from": days_ago}, args.requests),
                ),
            ]
        print(
            f"unique visitors: exact {exact:,}, reported {body['totals']['unique']:,}"
            f" (error {abs(body['totals']['unique'] - exact) / max(exact, 1):.2%});"
            f" sketch-only estimate {estimate:,}"
        )
        print(
            f"before (count(DISTINCT) over the raw clicks, SQL alone): median"
            f" {statistics.median(reference):,.0f} ms"
        )
        for row in rows:
            print(row)


if __name__ == "__main__":
    main()
