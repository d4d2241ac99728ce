"""Privacy in the click store (docs/privacy.md): the ingest statement honours DNT/GPC
per workspace and drops the clicks of purged links; housekeeping blanks old clicks'
visitor ids and user agents, batch by batch, idempotently."""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import psycopg
import pytest
from psycopg_pool import AsyncConnectionPool

from admin.analytics import hll
from admin.analytics.batch import store_batch
from admin.analytics.enrich import EnrichedClick
from admin.analytics.ingest import anonymize_old_clicks
from admin.db import Database
from admin.worker.housekeeping import Retention, purge_once
from common.timefmt import utc_now
from tests.support.accounts import create_account
from tests.support.stores import scratch_database


@pytest.fixture
def scratch_url(postgres_url: str) -> Iterator[str]:
    with scratch_database(postgres_url) as url:
        yield url


def _click(n: int, link_id: str, at: datetime, *, dnt: bool = False) -> EnrichedClick:
    visitor = hashlib.blake2b(n.to_bytes(4, "big"), digest_size=16).digest()
    return EnrichedClick(
        event_id=f"ev{n}",
        link_id=link_id,
        clicked_at=at,
        visitor_id=visitor,
        visitor_hll=hll.observation(visitor),
        country="DE",
        device="desktop",
        os="Linux",
        browser="Firefox",
        referrer="https://news.example/a",
        referrer_host="news.example",
        user_agent=f"Mozilla/5.0 agent {n % 7}",
        is_bot=False,
        is_qr=False,
        dnt=dnt,
    )


def _store(url: str, clicks: list[EnrichedClick]) -> int:
    async def run() -> int:
        async with (
            AsyncConnectionPool(url, min_size=1, max_size=1) as pool,
            Database(pool).transaction() as conn,
        ):
            return await store_batch(conn, clicks)

    return asyncio.run(run())


def _links(url: str, honor_dnt: dict[str, bool]) -> None:
    """One link per entry, each in its own workspace honouring DNT or not."""
    for link_id, honor in honor_dnt.items():
        workspace_id = create_account(url).workspace_id
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(
                "UPDATE workspaces SET honor_dnt = %s WHERE id = %s", (honor, workspace_id)
            )
            conn.execute(
                "INSERT INTO links (id, workspace_id, environment, short_code, long_url)"
                " VALUES (%s, %s, 'live', %s, 'https://example.com/')",
                (link_id, workspace_id, link_id[4:]),
            )


def _rows(url: str, sql: str, *params: object) -> list[tuple[object, ...]]:
    with psycopg.connect(url) as conn:
        return list(conn.execute(sql, params).fetchall())


def test_dnt_clicks_of_an_honouring_workspace_are_counted_without_visitor(
    scratch_url: str,
) -> None:
    _links(scratch_url, {"lnk_honours": True, "lnk_ignores": False})
    at = datetime(2026, 11, 20, 8, tzinfo=UTC)
    clicks = [
        _click(n, link_id, at + timedelta(seconds=n), dnt=n % 3 == 0)
        for n in range(3000)
        for link_id in [("lnk_honours", "lnk_ignores")[n % 2]]
    ]
    assert _store(scratch_url, clicks[:1700]) == 1700
    assert _store(scratch_url, clicks[1700:]) == 1300
    assert _store(scratch_url, clicks) == 0  # a replay changes nothing

    private = sum(1 for c in clicks if c.link_id == "lnk_honours" and c.dnt)
    stored = _rows(
        scratch_url,
        "SELECT link_id, visitor_id = '' AND user_agent = '' AND referrer = ''"
        " AND referrer_host = '', count(*) FROM clicks GROUP BY 1, 2 ORDER BY 1, 2",
    )
    assert stored == [
        ("lnk_honours", False, 1500 - private),
        ("lnk_honours", True, private),
        ("lnk_ignores", False, 1500),
    ]
    rollups = _rows(
        scratch_url,
        "SELECT link_id, referrer_host, sum(clicks)::int FROM click_rollups"
        " GROUP BY 1, 2 ORDER BY 1, 2",
    )
    assert rollups == [
        ("lnk_honours", "", private),
        ("lnk_honours", "news.example", 1500 - private),
        ("lnk_ignores", "news.example", 1500),
    ]
    assert _rows(scratch_url, "SELECT id, clicks FROM links ORDER BY id") == [
        ("lnk_honours", 1500),
        ("lnk_ignores", 1500),
    ]
    # Unique visitors: every click here is its own visitor; the private ones are left out.
    sketches = {
        str(link_id): bytes(sketch)  # type: ignore[call-overload]
        for link_id, sketch in _rows(scratch_url, "SELECT link_id, sketch FROM click_uniques")
    }
    for link_id, exact in (("lnk_honours", 1500 - private), ("lnk_ignores", 1500)):
        assert abs(hll.count([sketches[link_id]]) - exact) <= exact * 0.025


def test_clicks_of_a_purged_link_still_in_the_stream_are_dropped(scratch_url: str) -> None:
    _links(scratch_url, {"lnk_purged": False, "lnk_live": False})
    with psycopg.connect(scratch_url, autocommit=True) as conn:
        conn.execute("UPDATE links SET clicks_purged = true WHERE id = 'lnk_purged'")
    at = datetime(2026, 11, 20, 8, tzinfo=UTC)
    clicks = [_click(n, ("lnk_purged", "lnk_live")[n % 2], at) for n in range(100)]
    assert _store(scratch_url, clicks) == 50
    assert _rows(scratch_url, "SELECT link_id, count(*) FROM clicks GROUP BY 1") == [
        ("lnk_live", 50)
    ]
    assert _rows(scratch_url, "SELECT DISTINCT link_id FROM click_rollups") == [("lnk_live",)]


def _anonymize(url: str, keep_days: int, now: datetime, **limits: int) -> int:
    async def run() -> int:
        async with AsyncConnectionPool(url, min_size=1, max_size=2) as pool:
            return await anonymize_old_clicks(Database(pool), keep_days, now=now, **limits)

    return asyncio.run(run())


def _blank_by_age(url: str, cutoff: datetime) -> list[tuple[object, ...]]:
    return _rows(
        url,
        "SELECT clicked_at < %s, visitor_id = '' AND user_agent = '', count(*) FROM clicks"
        " GROUP BY 1, 2 ORDER BY 1, 2",
        cutoff,
    )


def test_old_clicks_lose_visitor_and_agent_in_batches_once(scratch_url: str) -> None:
    _links(scratch_url, {"lnk_old": False})
    now = datetime(2026, 11, 20, 12, tzinfo=UTC)
    # 2,400 clicks, one every 6 minutes over the last ten days.
    clicks = [_click(n, "lnk_old", now - timedelta(minutes=6 * (n + 1))) for n in range(2400)]
    assert _store(scratch_url, clicks) == 2400
    rollups_before = _rows(scratch_url, "SELECT * FROM click_rollups ORDER BY 1, 2, 3, 4, 5")
    cutoff = now - timedelta(days=4)
    old = sum(1 for c in clicks if c.clicked_at < cutoff)

    # One run goes at most max_batches batches; the next goes on from there.
    first = _anonymize(scratch_url, 4, now, batch=100, max_batches=3)
    assert 0 < first <= 300
    done = first
    for _ in range(100):
        step = _anonymize(scratch_url, 4, now, batch=100, max_batches=5)
        done += step
        if not step:
            break
    assert done == old
    assert _blank_by_age(scratch_url, cutoff) == [(False, False, 2400 - old), (True, True, old)]
    # The parsed classes, the counts and the sketches stay; a new run changes nothing.
    classes = _rows(scratch_url, "SELECT DISTINCT device, os, browser, is_bot FROM clicks")
    assert classes == [("desktop", "Linux", "Firefox", False)]
    assert _rows(scratch_url, "SELECT * FROM click_rollups ORDER BY 1, 2, 3, 4, 5") == (
        rollups_before
    )
    assert _anonymize(scratch_url, 4, now) == 0
    # A shorter age, set later, takes the clicks between the two cutoffs.
    between = sum(1 for c in clicks if cutoff <= c.clicked_at < now - timedelta(days=2))
    assert _anonymize(scratch_url, 2, now) == between > 0


def test_housekeeping_anonymizes_past_the_setting_and_zero_never(scratch_url: str) -> None:
    _links(scratch_url, {"lnk_kept": False})
    now = utc_now()
    clicks = [_click(n, "lnk_kept", now - timedelta(days=40 if n < 30 else 1)) for n in range(50)]
    assert _store(scratch_url, clicks) == 50

    async def housekeeping(days: int) -> dict[str, int]:
        async with AsyncConnectionPool(scratch_url, min_size=1, max_size=2) as pool:
            return await purge_once(Database(pool), 86400, Retention(anonymize_clicks=days))

    assert "clicks_anonymized" not in asyncio.run(housekeeping(0))
    assert _blank_by_age(scratch_url, now - timedelta(days=30)) == [
        (False, False, 20),
        (True, False, 30),
    ]
    assert asyncio.run(housekeeping(30))["clicks_anonymized"] == 30
    assert asyncio.run(housekeeping(30))["clicks_anonymized"] == 0
    assert _blank_by_age(scratch_url, now - timedelta(days=30)) == [
        (False, False, 20),
        (True, True, 30),
    ]
