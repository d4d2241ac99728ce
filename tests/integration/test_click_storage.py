"""Clicks at scale in PostgreSQL: the ingest statement keeps the unique-visitor sketches
(idempotently), monthly partitions are made ahead and dropped past the retention, and
old deliveries and events are pruned."""

from __future__ import annotations

import asyncio
import hashlib
import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import msgspec
import psycopg
import pytest
from psycopg_pool import AsyncConnectionPool

from admin.analytics import hll
from admin.analytics.batch import store_batch
from admin.analytics.enrich import EnrichedClick
from admin.analytics.repository import click_stats
from admin.db import Database, RejectedData
from admin.worker.housekeeping import Retention, purge_once
from tests.support.accounts import create_account
from tests.support.stores import scratch_database


@pytest.fixture
def scratch_url(postgres_url: str) -> Iterator[str]:
    with scratch_database(postgres_url) as url:
        yield url


def _click(n: int, visitor: bytes, at: datetime, *, bot: bool = False) -> EnrichedClick:
    return EnrichedClick(
        event_id=f"ev{n}",
        link_id="lnk_sketch",
        clicked_at=at,
        visitor_id=visitor,
        visitor_hll=hll.observation(visitor),
        country="DE",
        device="bot" if bot else "desktop",
        os="Linux",
        browser="Firefox",
        referrer="",
        referrer_host="",
        user_agent="ua",
        is_bot=bot,
        is_qr=False,
    )


def _store(url: str, clicks: list[EnrichedClick]) -> int:
    async def run() -> int:
        async with (
            AsyncConnectionPool(url, min_size=1, max_size=1) as pool,
            pool.connection() as conn,
        ):
            return await store_batch(conn, clicks)

    return asyncio.run(run())


def _sketches(url: str) -> dict[str, bytes]:
    with psycopg.connect(url) as conn:
        rows = conn.execute(
            "SELECT day, sketch FROM click_uniques WHERE link_id = 'lnk_sketch'"
        ).fetchall()
    return {day.isoformat(): bytes(sketch) for day, sketch in rows}


def test_ingest_keeps_day_sketches_and_a_replay_changes_nothing(scratch_url: str) -> None:
    rng = random.Random(3)
    visitors = [hashlib.blake2b(rng.randbytes(8), digest_size=16).digest() for _ in range(1500)]
    day1 = datetime(2026, 11, 20, 8, tzinfo=UTC)
    day2 = day1 + timedelta(days=1)
    clicks = [_click(n, visitors[n % 1000], day1 + timedelta(seconds=n)) for n in range(2000)]
    clicks += [_click(2000 + n, visitors[500 + n], day2) for n in range(1000)]  # 500 seen before
    clicks += [_click(3000 + n, b"\xff" * 16, day2, bot=True) for n in range(50)]  # bots: not
    first, second = clicks[:1700], clicks[1700:]
    assert _store(scratch_url, first) == len(first)
    assert _store(scratch_url, second) == len(second)
    sketches = _sketches(scratch_url)
    assert set(sketches) == {"2026-11-20", "2026-11-21"}
    for day, exact in (("2026-11-20", 1000), ("2026-11-21", 1000)):
        assert abs(hll.count([sketches[day]]) - exact) <= exact * 0.025
    assert abs(hll.count(sketches.values()) - 1500) <= 1500 * 0.025

    assert _store(scratch_url, clicks) == 0  # every event seen: nothing changes
    assert _sketches(scratch_url) == sketches


def test_a_click_postgresql_refuses_stores_nothing_of_its_batch(scratch_url: str) -> None:
    # The batch is copied into a staging table before the ingest statement reads it: a
    # value PostgreSQL cannot hold (text with NUL) fails the whole batch as refused data,
    # which the consumer retries entry by entry, and the connection is usable afterwards.
    at = datetime(2026, 11, 20, 8, tzinfo=UTC)
    clicks = [_click(n, bytes([n]) * 16, at) for n in range(5)]
    poisoned = list(clicks)
    poisoned[2] = msgspec.structs.replace(clicks[2], user_agent="bad\x00agent")

    async def run() -> tuple[type[Exception] | None, int, int]:
        async with AsyncConnectionPool(scratch_url, min_size=1, max_size=1) as pool:
            refused: type[Exception] | None = None
            try:  # as the click consumer stores a batch
                async with Database(pool).transaction() as conn:
                    await store_batch(conn, poisoned)
            except RejectedData as exc:
                refused = type(exc)
            async with pool.connection() as conn:
                cursor = await conn.execute("SELECT count(*) FROM clicks")
                (before,) = await cursor.fetchone() or (0,)
            async with pool.connection() as conn:
                stored = await store_batch(conn, clicks)
            return refused, int(before), stored

    refused, before, stored = asyncio.run(run())
    assert refused is not None
    assert (before, stored) == (0, 5)
    with psycopg.connect(scratch_url) as conn:
        rollups = conn.execute("SELECT sum(clicks)::int FROM click_rollups").fetchone()
    assert rollups == (5,)


def test_python_and_postgresql_agree_on_observations(scratch_url: str) -> None:
    rng = random.Random(9)
    visitors = [rng.randbytes(16) for _ in range(300)] + [bytes(16), b"\xff" * 16]
    with psycopg.connect(scratch_url) as conn:
        observed = [
            conn.execute("SELECT hll_observation(%s)", (visitor,)).fetchone()[0]  # type: ignore[index]
            for visitor in visitors
        ]
    assert observed == [hll.observation(visitor) for visitor in visitors]


def _partitions(conn: psycopg.Connection) -> set[str]:
    return {
        row[0]
        for row in conn.execute(
            "SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid"
            " WHERE i.inhparent = 'clicks'::regclass"
        ).fetchall()
    }


def _purge(url: str, retention: Retention) -> dict[str, int]:
    async def run() -> dict[str, int]:
        async with AsyncConnectionPool(url, min_size=1, max_size=1) as pool:
            return await purge_once(Database(pool), 86400, retention)

    return asyncio.run(run())


def test_partitions_are_made_ahead_and_dropped_past_the_retention(scratch_url: str) -> None:
    now = datetime.now(UTC)
    far = (now.replace(day=1) + timedelta(days=200)).replace(day=1)  # beyond the months made
    old = datetime(2020, 3, 15, tzinfo=UTC)
    _store(scratch_url, [_click(1, b"\x01" * 16, far), _click(2, b"\x02" * 16, old)])
    with psycopg.connect(scratch_url, autocommit=True) as conn:
        placed: dict[str, str] = dict(
            conn.execute("SELECT event_id, tableoid::regclass::text FROM clicks")
        )
        assert placed == {"ev1": "clicks_default", "ev2": "clicks_default"}
        # Making a month's partition moves its waiting rows out of the default one.
        assert conn.execute("SELECT hop_click_partition(%s)", (old.date(),)).fetchone() == (True,)
        assert conn.execute("SELECT hop_click_partition(%s)", (old.date(),)).fetchone() == (False,)
        placed = dict(conn.execute("SELECT event_id, tableoid::regclass::text FROM clicks"))
        assert placed == {"ev1": "clicks_default", "ev2": "clicks_2020_03"}
        conn.execute(
            "SELECT hop_click_partition(m::date) FROM generate_series(date_trunc('month',"
            " now() AT TIME ZONE 'UTC') - interval '3 months', date_trunc('month',"
            " now() AT TIME ZONE 'UTC'), interval '1 month') AS m"
        )
        conn.execute("DROP TABLE clicks_" + now.strftime("%Y_%m"))  # housekeeping makes it again
        before = _partitions(conn)

    removed = _purge(scratch_url, Retention(clicks=45))
    with psycopg.connect(scratch_url, autocommit=True) as conn:
        after = _partitions(conn)
        rollups = conn.execute(
            "SELECT day, clicks FROM click_rollups WHERE link_id = 'lnk_sketch' ORDER BY day"
        ).fetchall()
        left: dict[str, str] = dict(
            conn.execute("SELECT event_id, tableoid::regclass::text FROM clicks")
        )
    this_month = "clicks_" + now.strftime("%Y_%m")
    # Whatever today's date: three months back is wholly older than 45 days, last month not.
    three_back = "clicks_" + (now.replace(day=1) - timedelta(days=70)).strftime("%Y_%m")
    last_month = "clicks_" + (now.replace(day=1) - timedelta(days=1)).strftime("%Y_%m")
    assert removed["click_partitions_created"] == 1
    assert this_month in after
    assert {"clicks_2020_03", three_back, last_month} <= before
    assert "clicks_2020_03" not in after
    assert three_back not in after
    assert last_month in after
    assert "clicks_default" in after
    assert removed["click_partitions_dropped"] >= 2
    assert left == {"ev1": "clicks_default"}
    assert [(day.isoformat(), n) for day, n in rollups] == [
        ("2020-03-15", 1),
        (far.date().isoformat(), 1),
    ]  # counts of dropped months stay


def test_zero_retention_keeps_every_partition(scratch_url: str) -> None:
    _store(scratch_url, [_click(1, b"\x01" * 16, datetime(2020, 3, 15, tzinfo=UTC))])
    with psycopg.connect(scratch_url, autocommit=True) as conn:
        conn.execute("SELECT hop_click_partition('2020-03-01')")
    removed = _purge(scratch_url, Retention())
    assert "click_partitions_dropped" not in removed
    with psycopg.connect(scratch_url, autocommit=True) as conn:
        assert "clicks_2020_03" in _partitions(conn)


def test_finished_deliveries_and_old_events_are_pruned(scratch_url: str) -> None:
    account = create_account(scratch_url)
    with psycopg.connect(scratch_url, autocommit=True) as conn:
        conn.execute(
            "INSERT INTO webhooks (id, workspace_id, environment, endpoint, events, secret)"
            " VALUES ('wh_1', %s, 'live', 'https://example.com/h', '{*}', '\\x00')",
            (account.workspace_id,),
        )
        seqs = {}
        for name, age in (("old_done", 40), ("old_pending", 40), ("old_failed", 40), ("new", 1)):
            seqs[name] = conn.execute(
                "INSERT INTO events (id, workspace_id, environment, type, data, created_at)"
                " VALUES (%s, %s, 'live', 'link.created', '{}', now() - make_interval(days => %s))"
                " RETURNING seq",
                (f"evt_{name}", account.workspace_id, age),
            ).fetchone()[0]  # type: ignore[index]
        for name, state in (
            ("old_done", "succeeded"),
            ("old_pending", "pending"),
            ("old_failed", "failed"),
            ("new", "succeeded"),
        ):
            age = 1 if name == "new" else 40
            conn.execute(
                "INSERT INTO webhook_deliveries (id, webhook_id, event_seq, state, created_at)"
                " VALUES (%s, 'wh_1', %s, %s, now() - make_interval(days => %s))",
                (f"dlv_{name}", seqs[name], state, age),
            )
            conn.execute(
                "INSERT INTO webhook_attempts (id, delivery_id, webhook_id, attempt,"
                " duration_ms, succeeded, attempted_at) VALUES (%s, %s, 'wh_1', 1, 5, true, now())",
                (f"att_{name}", f"dlv_{name}"),
            )
    removed = _purge(scratch_url, Retention(deliveries=30, events=30))
    with psycopg.connect(scratch_url, autocommit=True) as conn:
        deliveries = {row[0] for row in conn.execute("SELECT id FROM webhook_deliveries")}
        attempts = {row[0] for row in conn.execute("SELECT id FROM webhook_attempts")}
        events = {row[0] for row in conn.execute("SELECT id FROM events")}
    assert removed["deliveries"] == 2
    assert deliveries == {"dlv_old_pending", "dlv_new"}
    assert attempts == {"att_old_pending", "att_new"}
    assert events == {"evt_old_pending", "evt_new"}  # a pending delivery keeps its event


def test_postgresql_merges_sketches_in_any_form_like_python(scratch_url: str) -> None:
    rng = random.Random(4)
    a = [hll.observation(rng.randbytes(16)) for _ in range(2000)]
    b = [hll.observation(rng.randbytes(16)) for _ in range(50)]
    sparse_a = b"".join(o.to_bytes(3, "big") for o in a)
    sparse_b = b"".join(o.to_bytes(3, "big") for o in b)
    dense_a = hll.merge([sparse_a])
    expected = hll.merge([sparse_a, sparse_b])
    with psycopg.connect(scratch_url) as conn:
        for left, right in (
            (sparse_a, sparse_b),
            (sparse_b, sparse_a),
            (dense_a, sparse_b),
            (sparse_b, dense_a),
            (dense_a, hll.merge([sparse_b])),
        ):
            merged = conn.execute("SELECT hll_merge(%s, %s)", (left, right)).fetchone()[0]  # type: ignore[index]
            assert hll.merge([bytes(merged)]) == expected
        small = conn.execute("SELECT hll_merge(NULL, %s)", (sparse_b,)).fetchone()[0]  # type: ignore[index]
        assert bytes(small) == sparse_b  # small sketches stay sparse


def test_cached_past_days_never_hide_a_late_click(scratch_url: str) -> None:
    """Past days' merged sketch is cached per admin process; a click stored late for one
    of those days (or today) must still show in the next report."""
    rng = random.Random(8)
    visitors = [hashlib.blake2b(rng.randbytes(8), digest_size=16).digest() for _ in range(40)]
    now = datetime.now(UTC)
    past = [now - timedelta(days=3), now - timedelta(days=2)]

    def unique() -> int:
        async def run() -> int:
            async with (
                AsyncConnectionPool(scratch_url, min_size=1, max_size=1) as pool,
                pool.connection() as conn,
            ):
                stats = await click_stats(
                    conn, "lnk_sketch", start=None, end=None, after=None, limit=1
                )
                return stats.unique_visitors

        return asyncio.run(run())

    _store(scratch_url, [_click(n, visitors[n], past[n % 2]) for n in range(10)])
    assert unique() == 10
    assert unique() == 10  # from the cache this time: the same answer
    _store(scratch_url, [_click(10 + n, visitors[10 + n], past[0]) for n in range(5)])  # late
    assert unique() == 15
    _store(scratch_url, [_click(20 + n, visitors[20 + n], now) for n in range(3)])  # today
    assert unique() == 18
    _store(scratch_url, [_click(30, visitors[0], past[1])])  # a visitor seen before
    assert unique() == 18


def test_link_clicked_events_only_for_owners_whose_webhooks_want_them(scratch_url: str) -> None:
    # One batch over five links: owner A's two live links (A's live webhook wants
    # link.clicked), A's test link (no test webhook), B's live link (B's webhook wants only
    # link.created) and C's live link (no webhook). The subscription is looked up per owner
    # and environment: only A's live links' clicks become events, each with one delivery.
    owners = [create_account(scratch_url) for _ in range(3)]
    links = {
        "lnk_a_live": (owners[0].workspace_id, "live"),
        "lnk_a_live2": (owners[0].workspace_id, "live"),
        "lnk_a_test": (owners[0].workspace_id, "test"),
        "lnk_b_live": (owners[1].workspace_id, "live"),
        "lnk_c_live": (owners[2].workspace_id, "live"),
    }
    with psycopg.connect(scratch_url, autocommit=True) as conn:
        for link_id, (user_id, environment) in links.items():
            conn.execute(
                "INSERT INTO links (id, workspace_id, environment, short_code, long_url)"
                " VALUES (%s, %s, %s, %s, 'https://example.com/')",
                (link_id, user_id, environment, link_id[4:]),
            )
        for webhook_id, user_id, wanted in (
            ("wh_a", owners[0].workspace_id, "{link.clicked}"),
            ("wh_b", owners[1].workspace_id, "{link.created}"),
        ):
            conn.execute(
                "INSERT INTO webhooks (id, workspace_id, environment, endpoint, events, secret)"
                " VALUES (%s, %s, 'live', 'https://example.com/h', %s, '\\x00')",
                (webhook_id, user_id, wanted),
            )
    at = datetime(2026, 11, 20, 8, tzinfo=UTC)
    clicks = [
        msgspec.structs.replace(
            _click(n, bytes([n]) * 16, at + timedelta(seconds=n)), link_id=link_id
        )
        for n, link_id in enumerate(sorted(links) * 3)
    ]
    assert _store(scratch_url, clicks) == 15
    with psycopg.connect(scratch_url) as conn:
        events = conn.execute(
            "SELECT e.workspace_id, e.environment, e.data->>'linkId', count(d.id)"
            " FROM events e LEFT JOIN webhook_deliveries d ON d.event_seq = e.seq"
            " WHERE e.type = 'link.clicked' GROUP BY e.seq ORDER BY e.seq"
        ).fetchall()
        totals: dict[str, int] = dict(conn.execute("SELECT id, clicks FROM links").fetchall())
    assert (
        events
        == [
            (owners[0].workspace_id, "live", "lnk_a_live", 1),
            (owners[0].workspace_id, "live", "lnk_a_live2", 1),
        ]
        * 3
    )
    assert totals == dict.fromkeys(links, 3)
