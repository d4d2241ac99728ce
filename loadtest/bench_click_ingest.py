"""The click worker's storage statement before and after webhooks (issue 4).

Times ``store_clicks`` on batches of 1,000 clicks in three cases, interleaved:

- before: the statement of the foundation commit, which wrote a ``link.clicked``
  event row for every click, wanted or not;
- after, owner without a webhook: no event row is written at all;
- after, owner with a ``link.clicked`` webhook: an event row and a delivery.

Embedded PostgreSQL, nothing else running. ``python -m loadtest.bench_click_ingest``
"""

from __future__ import annotations

import asyncio
import secrets
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import psycopg

from admin.analytics.enrich import EnrichedClick
from admin.analytics.ingest import _COLUMNS, _SQL
from tests.support.stores import postgres_server, scratch_database

BATCH = 1000
ROUNDS = 15
# The events CTE as it was before issue 4; the rest of the statement is unchanged.
_BEFORE_EVENTS = """events AS (
    INSERT INTO events (id, user_id, environment, type, data, created_at)
    SELECT 'evt_c' || i.event_id, l.user_id, l.environment, 'link.clicked',
           jsonb_build_object('linkId', l.id, 'shortCode', l.short_code,
                              'longUrl', l.long_url, 'country', nullif(i.country, ''),
                              'device', i.device, 'os', i.os,
                              'referrer', nullif(i.referrer, '')),
           i.clicked_at
    FROM inserted i JOIN links l ON l.id = i.link_id
    ON CONFLICT (id) DO NOTHING
)
SELECT count(*) FROM inserted"""


def before_sql() -> str:
    after = _SQL["ingest_clicks"]
    start = after.index("-- link.clicked is written only")
    return after[:start] + _BEFORE_EVENTS


def setup(url: str) -> dict[str, list[str]]:
    """Two owners with 10 links each; only the second has a link.clicked webhook."""
    links: dict[str, list[str]] = {}
    with psycopg.connect(url) as conn:
        for owner in ("plain", "hooked"):
            user = f"usr_{owner}"
            conn.execute(
                "INSERT INTO users (id, email, password_hash, plan) VALUES (%s, %s, 'x', 'pro')",
                (user, f"{owner}@example.com"),
            )
            links[owner] = []
            for n in range(10):
                link = f"lnk_{owner}{n}"
                conn.execute(
                    "INSERT INTO links (id, user_id, environment, short_code, long_url)"
                    " VALUES (%s, %s, 'live', %s, 'https://example.com/x')",
                    (link, user, f"{owner}{n}"),
                )
                links[owner].append(link)
        conn.execute(
            "INSERT INTO webhooks (id, user_id, environment, endpoint, events, secret)"
            " VALUES ('wh_bench', 'usr_hooked', 'live', 'https://127.0.0.1/', '{link.clicked}', '')"
        )
    return links


def batch(link_ids: list[str]) -> dict[str, list[object]]:
    now = datetime.now(UTC)
    clicks = [
        EnrichedClick(
            event_id=secrets.token_hex(10),
            link_id=link_ids[n % len(link_ids)],
            clicked_at=now,
            visitor_id=secrets.token_bytes(16),
            country="DE",
            device="mobile",
            os="iOS",
            browser="Mobile Safari",
            referrer="https://news.example/",
            referrer_host="news.example",
            user_agent="Mozilla/5.0",
            is_bot=False,
            is_qr=False,
        )
        for n in range(BATCH)
    ]
    return {column: [getattr(click, column) for click in clicks] for column in _COLUMNS}


async def measure(url: str, links: dict[str, list[str]]) -> dict[str, list[float]]:
    cases = {
        "before (event row for every click)": (before_sql(), links["plain"]),
        "after, owner without webhook": (_SQL["ingest_clicks"], links["plain"]),
        "after, owner with link.clicked webhook": (_SQL["ingest_clicks"], links["hooked"]),
    }
    timings: dict[str, list[float]] = {name: [] for name in cases}
    async with await psycopg.AsyncConnection.connect(url, autocommit=False) as conn:
        for _ in range(ROUNDS):
            for name, (statement, link_ids) in cases.items():
                params = batch(link_ids)
                started = time.perf_counter()
                await conn.execute(statement, params)
                await conn.commit()
                timings[name].append(time.perf_counter() - started)
    return timings


def main() -> None:
    with (
        tempfile.TemporaryDirectory() as root,
        postgres_server(None, Path(root) / "pg") as server,
        scratch_database(server) as url,
    ):
        links = setup(url)
        timings = asyncio.run(measure(url, links))
        with psycopg.connect(url) as conn:
            rows = conn.execute(
                "SELECT (SELECT count(*) FROM events), (SELECT count(*) FROM webhook_deliveries)"
            ).fetchone()
    print(f"{BATCH} clicks per statement, {ROUNDS} rounds, median and best:")
    for name, values in timings.items():
        median = statistics.median(values) * 1000
        print(f"  {name:42} {median:7.1f} ms  (best {min(values) * 1000:.1f} ms)")
    print(f"rows written: events {rows[0] if rows else '?'}, deliveries {rows[1] if rows else '?'}")


if __name__ == "__main__":
    main()
