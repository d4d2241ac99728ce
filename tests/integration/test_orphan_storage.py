"""Orphan visits in PostgreSQL (admin/analytics/orphans.sql): rollups only, each event
counted once however often it is delivered, the day's paths and referrers bounded."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import psycopg
import pytest
from psycopg_pool import AsyncConnectionPool

from admin.analytics.batch import store_batch
from admin.analytics.enrich import EnrichedClick
from tests.support.stores import scratch_database

DAY = datetime(2026, 11, 20, 8, tzinfo=UTC)
TYPES = ("unknown", "base", "expired", "deleted")


@pytest.fixture
def scratch_url(postgres_url: str) -> Iterator[str]:
    with scratch_database(postgres_url) as url:
        yield url


def _orphan(n: int, *, domain: str, path: str, kind: str, bot: bool, at: datetime) -> EnrichedClick:
    return EnrichedClick(
        event_id=f"orph{n}",
        link_id=domain,
        clicked_at=at,
        visitor_id=b"\0" * 16,
        visitor_hll=0,
        country="",
        device="bot" if bot else "desktop",
        os="Linux",
        browser="Firefox",
        referrer=f"https://ref{n % 130}.example/" if n % 3 else "",
        referrer_host=f"ref{n % 130}.example" if n % 3 else "",
        user_agent="ua",
        is_bot=bot,
        is_qr=False,
        kind="orphan",
        short_code=path,
        orphan=kind,
    )


def _store(url: str, batches: list[list[EnrichedClick]]) -> list[int]:
    async def run() -> list[int]:
        async with AsyncConnectionPool(url, min_size=1, max_size=1) as pool:
            stored = []
            for batch in batches:
                async with pool.connection() as conn, conn.transaction():
                    stored.append(await store_batch(conn, batch))
            return stored

    return asyncio.run(run())


def test_thousands_of_orphans_are_counted_once_and_bounded(scratch_url: str) -> None:
    orphans = [
        _orphan(
            n,
            domain="go.brand.test" if n % 2 else "",
            path=f"/p{n % 250}",
            kind=TYPES[n % 4],
            bot=n % 5 == 0,
            at=DAY + timedelta(hours=n % 30),  # two days
        )
        for n in range(8000)
    ]
    halves = [orphans[:5000], orphans[3000:]]  # 2,000 delivered twice
    assert _store(scratch_url, [*halves, orphans]) == [5000, 3000, 0]

    with psycopg.connect(scratch_url) as conn:
        totals: dict[str, int] = dict(
            conn.execute(
                "SELECT (domain, orphan_type, is_bot)::text, visits FROM ("
                " SELECT domain, orphan_type, is_bot, sum(visits) AS visits"
                " FROM orphan_rollups GROUP BY 1, 2, 3) AS t"
            ).fetchall()
        )
        tops = conn.execute(
            "SELECT domain, day, dimension, count(*) FILTER (WHERE value <> ''),"
            " sum(visits) FROM orphan_tops GROUP BY 1, 2, 3"
        ).fetchall()
        raw = conn.execute("SELECT count(*) FROM clicks").fetchone()
    expected: dict[str, int] = {}
    for orphan in orphans:
        key = f"({orphan.link_id},{orphan.orphan},{'t' if orphan.is_bot else 'f'})"
        key = key.replace("(,", '("",')
        expected[key] = expected.get(key, 0) + 1
    assert totals == expected
    per_day: dict[tuple[str, object, str], int] = {}
    for orphan in orphans:
        day = orphan.clicked_at.date()
        dimensions = ("p", "r") if orphan.referrer_host else ("p",)
        for dimension in dimensions:
            place = (orphan.link_id, day, dimension)
            per_day[place] = per_day.get(place, 0) + 1
    assert {(d, day, dim): visits for d, day, dim, _, visits in tops} == per_day
    assert all(kept <= 100 for *_, kept, _ in tops)
    assert raw == (0,)
