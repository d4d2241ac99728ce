"""The delivery queue on a real PostgreSQL: fan-out, claims, leases, the full retry
schedule under a fake clock, pause and resume, Retry-After, and the mailer."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

import psycopg
import pytest
from psycopg_pool import AsyncConnectionPool

from admin.db import Database
from admin.webhooks import deliveries_repository as queue
from admin.worker.dispatcher import Dispatcher, lease_for
from admin.worker.mail import Mailer, SmtpTransport
from common.ids import new_id
from hop.embedded import free_port
from tests.support.accounts import create_account
from tests.support.dispatch import FakeClock, dispatcher, emit, register, service
from tests.support.dispatch import principal_of as principal
from tests.support.receiver import Receiver, always
from tests.support.smtp import SmtpSink
from tests.support.stores import scratch_database

SPEC = (60.0, 300.0, 900.0, 3600.0, 21600.0, 86400.0)


@pytest.fixture(scope="module")
def db(postgres_url: str) -> Iterator[str]:
    # A database no worker process dispatches from: these tests drive the queue alone.
    with scratch_database(postgres_url) as url:
        yield url


@pytest.fixture(autouse=True)
def quiet_queue(db: str) -> None:
    """Each test sees only its own webhooks' work: earlier tests' webhooks are retired."""
    sql(db, "UPDATE webhooks SET deleted_at = now() WHERE deleted_at IS NULL RETURNING 1")


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    server = Receiver()
    yield server
    server.close()


def sql(url: str, query: str, *params: Any) -> list[tuple[Any, ...]]:
    with psycopg.connect(url) as conn:
        return conn.execute(query, params).fetchall()


def pool_for(url: str) -> AsyncConnectionPool:
    return AsyncConnectionPool(url, min_size=1, max_size=4, open=False)


def test_hop_id_matches_the_python_format(db: str) -> None:
    ids = [row[0] for row in sql(db, "SELECT hop_id('dlv') FROM generate_series(1, 50)")]
    assert all(re.fullmatch(r"dlv_[0-9a-hjkmnp-tv-z]{26}", i) for i in ids)
    assert len(set(ids)) == 50
    assert ids == sorted(ids) or ids[0][:14] <= ids[-1][:14]  # time prefix never goes back


def test_fan_out_follows_owner_environment_and_type(db: str) -> None:
    owner, other = create_account(db), create_account(db)

    async def scenario() -> None:
        async with pool_for(db) as pool:
            created = await register(pool, owner.user_id, "http://127.0.0.1:9/a", ["link.created"])
            everything = await register(pool, owner.user_id, "http://127.0.0.1:9/b", ["*"])
            deleted = await register(pool, owner.user_id, "http://127.0.0.1:9/c", ["*"])
            await service(pool).delete(principal(owner.user_id), deleted.id)
            await register(pool, other.user_id, "http://127.0.0.1:9/d", ["*"])
            await emit(pool, owner.user_id, "link.created")
            await emit(pool, owner.user_id, "link.deleted")
            rows = sql(
                db,
                "SELECT d.webhook_id, e.type FROM webhook_deliveries d"
                " JOIN events e ON e.seq = d.event_seq WHERE e.workspace_id = %s ORDER BY e.seq, 1",
                owner.workspace_id,
            )
            assert sorted(rows) == sorted(
                [
                    (created.id, "link.created"),
                    (everything.id, "link.created"),
                    (everything.id, "link.deleted"),
                ]
            )

    asyncio.run(scenario())


def test_enqueue_event_is_idempotent_and_can_skip_unwanted_events(db: str) -> None:
    owner = create_account(db)
    with psycopg.connect(db) as conn:
        conn.execute(
            "INSERT INTO webhooks (id, workspace_id, environment, endpoint, events, secret)"
            " VALUES ('wh_x' || %s, %s, 'live', 'http://127.0.0.1:9/', '{qr.scanned}', '')",
            (owner.user_id, owner.workspace_id),
        )
        call = "SELECT enqueue_event(%s, %s, 'live', %s, '{}', now(), %s)"
        assert conn.execute(
            call, ("evt_q1", owner.workspace_id, "qr.scanned", False)
        ).fetchone() == (1,)
        assert conn.execute(
            call, ("evt_q1", owner.workspace_id, "qr.scanned", False)
        ).fetchone() == (None,)
        assert conn.execute(
            call, ("evt_b1", owner.workspace_id, "bio.visited", False)
        ).fetchone() == (None,)
        assert conn.execute(
            call, ("evt_b2", owner.workspace_id, "bio.visited", True)
        ).fetchone() == (0,)
        stored = conn.execute(
            "SELECT id FROM events WHERE workspace_id = %s ORDER BY seq", (owner.workspace_id,)
        ).fetchall()
    assert stored == [("evt_q1",), ("evt_b2",)]


def test_concurrent_claims_share_the_queue_and_respect_the_per_webhook_bound(db: str) -> None:
    owner = create_account(db)

    async def scenario() -> None:
        async with pool_for(db) as first, pool_for(db) as second:
            hooks = [
                await register(first, owner.user_id, f"http://127.0.0.1:9/{n}", ["link.created"])
                for n in range(5)
            ]
            for n in range(10):
                await emit(first, owner.user_id, "link.created", n)
            clock = FakeClock()
            lease = lease_for(5)

            async def claim(pool: AsyncConnectionPool) -> list[queue.Claimed]:
                async with pool.connection() as conn:
                    return await queue.claim(
                        conn, now=clock(), limit=100, per_webhook=3, lease=lease
                    )

            results = await asyncio.gather(*(claim(p) for p in (first, second, first, second)))
            claimed = [item for batch in results for item in batch]
            assert len(claimed) == len({item.id for item in claimed}) == 15  # 5 webhooks, 3 each
            for hook in hooks:
                mine = sorted(item.event_seq for item in claimed if item.webhook_id == hook.id)
                seqs = sql(
                    db,
                    "SELECT event_seq FROM webhook_deliveries WHERE webhook_id = %s"
                    " ORDER BY event_seq LIMIT 3",
                    hook.id,
                )
                assert mine == [row[0] for row in seqs]  # the earliest three, in event order
            # Full: nothing more until a lease is released or runs out.
            assert await claim(first) == []
            clock.advance(lease.total_seconds() + 1)
            again = await claim(second)
            assert {item.id for item in again} == {item.id for item in claimed}
            assert all(item.attempt == 1 for item in again)  # the same attempt, retried

    asyncio.run(scenario())


def test_full_schedule_pause_after_six_and_resume(db: str, receiver: Receiver) -> None:
    owner = create_account(db)
    receiver.behaviour = always(500, body=b"down")

    async def scenario() -> None:
        async with pool_for(db) as pool:
            hook = await register(pool, owner.user_id, f"{receiver.url}/h", ["link.created"])
            await emit(pool, owner.user_id, "link.created")
            clock = FakeClock()
            async with dispatcher(pool, clock, schedule=SPEC) as run:
                await full_schedule(run, clock, pool, hook.id)

    async def full_schedule(
        run: Dispatcher, clock: FakeClock, pool: AsyncConnectionPool, hook_id: str
    ) -> None:
        hook = await service(pool).get(principal(owner.user_id), hook_id)
        for attempt, base in enumerate(SPEC, start=1):
            assert await run.run_once() == 1
            ((attempts, next_at),) = sql(
                db,
                "SELECT attempts, next_attempt_at FROM webhook_deliveries WHERE webhook_id = %s",
                hook.id,
            )
            assert attempts == attempt
            gap = (next_at - clock()).total_seconds()
            assert base * 0.9 - 1 <= gap <= base * 1.1, (attempt, gap)
            if attempt < 6:
                clock.now = next_at - timedelta(seconds=1)
                assert await run.run_once() == 0  # not due yet
            clock.now = next_at
        webhook = await service(pool).get(principal(owner.user_id), hook.id)
        assert (webhook.status, webhook.pause_reason, webhook.failure_streak) == (
            "paused",
            "failures",
            6,
        )
        assert await run.run_once() == 0  # due, but paused
        mails = sql(
            db, "SELECT recipient, subject FROM mail_outbox WHERE body LIKE %s", f"%{hook.id}%"
        )
        assert mails == [(owner.email, f"Hop: webhook {hook.id} is paused")]

        receiver.behaviour = always(200)
        resumed = await service(pool).resume(principal(owner.user_id), hook.id)
        assert (resumed.status, resumed.failure_streak) == ("active", 0)
        assert await run.run_once() == 1
        assert sql(
            db, "SELECT state, attempts FROM webhook_deliveries WHERE webhook_id = %s", hook.id
        ) == [("succeeded", 7)]
        log = await service(pool).attempts(
            principal(owner.user_id), hook.id, limit=50, cursor=None, event_id=None
        )
        assert [a.attempt for a in log.data] == [7, 6, 5, 4, 3, 2, 1]
        assert [a.status_code for a in log.data] == [200] + [500] * 6
        assert log.data[1].response_body == "down"
        assert log.data[1].error == "HTTP 500"

    asyncio.run(scenario())
    assert [request.attempt for request in receiver.requests] == [1, 2, 3, 4, 5, 6, 7]


@pytest.mark.parametrize(
    ("status", "retry_after", "expected"),
    [(429, "120", 120.0), (503, "1", 60.0), (429, "999999999", 86400.0)],
)
def test_retry_after_within_the_schedules_bounds(
    db: str, receiver: Receiver, status: int, retry_after: str, expected: float
) -> None:
    owner = create_account(db)
    receiver.behaviour = always(status, headers={"Retry-After": retry_after})

    async def scenario() -> float:
        async with pool_for(db) as pool:
            hook = await register(pool, owner.user_id, receiver.url, ["link.created"])
            await emit(pool, owner.user_id, "link.created")
            clock = FakeClock()
            async with dispatcher(pool, clock, schedule=SPEC) as run:
                assert await run.run_once() == 1
            ((next_at,),) = sql(
                db, "SELECT next_attempt_at FROM webhook_deliveries WHERE webhook_id = %s", hook.id
            )
            return float((next_at - clock()).total_seconds())

    assert asyncio.run(scenario()) == pytest.approx(expected, abs=1)


def test_gone_pauses_at_once_and_redeliver_requeues(db: str, receiver: Receiver) -> None:
    owner = create_account(db)
    receiver.behaviour = always(410)

    async def scenario() -> None:
        async with pool_for(db) as pool:
            hook = await register(pool, owner.user_id, receiver.url, ["link.created"])
            await emit(pool, owner.user_id, "link.created")
            clock = FakeClock()
            async with dispatcher(pool, clock, schedule=SPEC) as run:
                await gone_then_redeliver(run, clock, pool, hook.id)

    async def gone_then_redeliver(
        run: Dispatcher, clock: FakeClock, pool: AsyncConnectionPool, hook_id: str
    ) -> None:
        hook = await service(pool).get(principal(owner.user_id), hook_id)
        assert await run.run_once() == 1
        hooks = service(pool)
        webhook = await hooks.get(principal(owner.user_id), hook.id)
        assert (webhook.status, webhook.pause_reason) == ("paused", "gone")
        assert len(sql(db, "SELECT 1 FROM mail_outbox WHERE body LIKE %s", f"%{hook.id}%")) == 1
        receiver.behaviour = always(200)
        await hooks.resume(principal(owner.user_id), hook.id)
        clock.advance(5)  # the database's now(), which resume uses, is past the fake clock
        assert await run.run_once() == 1
        log = await hooks.attempts(
            principal(owner.user_id), hook.id, limit=10, cursor=None, event_id=None
        )
        delivery = await hooks.redeliver(principal(owner.user_id), hook.id, log.data[0].delivery_id)
        assert (delivery.state, delivery.attempts) == ("pending", 2)
        clock.advance(5)
        assert await run.run_once() == 1
        assert [r.attempt for r in receiver.requests] == [1, 2, 3]

    asyncio.run(scenario())


def test_mailer_sends_once_over_smtp_and_retries_when_the_server_is_down(db: str) -> None:
    sink = SmtpSink()
    sql(db, "DELETE FROM mail_outbox RETURNING 1")
    with psycopg.connect(db) as conn:
        conn.execute(
            "INSERT INTO mail_outbox (id, recipient, subject, body)"
            " VALUES ('mail_1', 'owner@example.com', 'Hello', 'Body text')"
        )

    async def scenario() -> tuple[int, int, int]:
        async with pool_for(db) as pool:
            down = Mailer(
                Database(pool),
                SmtpTransport(f"smtp://127.0.0.1:{free_port()}"),
                "hop@example.com",
                poll_interval=1,
            )
            failed = await down.send_due()
            up = Mailer(
                Database(pool),
                SmtpTransport(sink.url),
                "hop@example.com",
                poll_interval=1,
                clock=lambda: FakeClock().now + timedelta(hours=2),
            )
            sent = await up.send_due()
            return failed, sent, await up.send_due()

    try:
        assert asyncio.run(scenario()) == (0, 1, 0)
        (message,) = sink.wait_for(1)
    finally:
        sink.close()
    assert message["To"] == "owner@example.com"
    assert message["From"] == "hop@example.com"
    assert message["Subject"] == "Hello"
    ((attempts, error),) = sql(db, "SELECT attempts, last_error FROM mail_outbox")
    assert attempts == 2
    assert error  # the refused connection is on record


def _success(claimed: queue.Claimed, at: datetime, status: int = 200) -> queue.Result:
    return queue.Result(
        claimed=claimed,
        attempt_id=new_id("att"),
        attempted_at=at,
        status_code=status,
        duration_ms=3,
        response_body="ok",
        error=None,
        succeeded=True,
        state="succeeded",
        next_attempt_at=None,
        gone=False,
    )


def test_a_batch_of_successes_is_recorded_and_refilled_in_one_transaction(db: str) -> None:
    owner = create_account(db)

    async def scenario() -> None:
        async with pool_for(db) as pool:
            active = await register(pool, owner.user_id, "http://127.0.0.1:9/a", ["link.created"])
            paused = await register(pool, owner.user_id, "http://127.0.0.1:9/p", ["link.created"])
            for n in range(6):
                await emit(pool, owner.user_id, "link.created", n)
            clock, lease = FakeClock(), lease_for(5)
            async with pool.connection() as conn:
                first = await queue.claim(conn, now=clock(), limit=10, per_webhook=2, lease=lease)
            assert len(first) == 4  # two per webhook
            sql(db, "UPDATE webhooks SET failure_streak = 3 WHERE id = %s RETURNING 1", active.id)
            # Paused by another worker after this one leased: its outcomes are still
            # recorded, but no more of its deliveries are leased.
            sql(db, "UPDATE webhooks SET status = 'paused' WHERE id = %s RETURNING 1", paused.id)
            refill = queue.Refill(limit=10, per_webhook=2, lease=lease)
            done = [_success(item, clock()) for item in first]
            async with pool.connection() as conn:
                more = await queue.record(conn, done, clock(), refill)
            assert {item.webhook_id for item in more} == {active.id}
            seqs = sorted(item.event_seq for item in first if item.webhook_id == active.id)
            assert [item.event_seq for item in more] == [seqs[-1] + 1, seqs[-1] + 2]
            assert sql(db, "SELECT failure_streak FROM webhooks WHERE id = %s", active.id) == [(0,)]
            rows = sql(
                db,
                "SELECT state, attempts, lease_until IS NULL, delivered_at IS NOT NULL"
                " FROM webhook_deliveries WHERE id = ANY(%s)",
                [item.id for item in first],
            )
            assert rows == [("succeeded", 1, True, True)] * 4
            log = sql(
                db,
                "SELECT delivery_id, attempt, status_code, succeeded, error FROM webhook_attempts"
                " WHERE delivery_id = ANY(%s) ORDER BY delivery_id",
                [item.id for item in first],
            )
            assert log == sorted((item.id, 1, 200, True, None) for item in first)
            # The refill respected the bound: nothing more is due for the active webhook.
            async with pool.connection() as conn:
                assert (
                    await queue.claim(conn, now=clock(), limit=10, per_webhook=2, lease=lease) == []
                )

    asyncio.run(scenario())


def test_a_batch_of_successes_refused_in_the_middle_records_nothing(db: str) -> None:
    owner = create_account(db)

    async def scenario() -> None:
        async with pool_for(db) as pool:
            hook = await register(pool, owner.user_id, "http://127.0.0.1:9/a", ["link.created"])
            for n in range(4):
                await emit(pool, owner.user_id, "link.created", n)
            sql(db, "UPDATE webhooks SET failure_streak = 2 WHERE id = %s RETURNING 1", hook.id)
            clock, lease = FakeClock(), lease_for(5)
            async with pool.connection() as conn:
                first = await queue.claim(conn, now=clock(), limit=10, per_webhook=3, lease=lease)
            assert len(first) == 3
            # The second result cannot be stored (a status beyond smallint): PostgreSQL
            # refuses the statement after the streak reset ran in the same transaction.
            done = [
                _success(item, clock(), 70000 if n == 1 else 200) for n, item in enumerate(first)
            ]
            refill = queue.Refill(limit=10, per_webhook=4, lease=lease)
            async with pool.connection() as conn:
                with pytest.raises(psycopg.errors.NumericValueOutOfRange):
                    await queue.record(conn, done, clock(), refill)
            assert sql(db, "SELECT failure_streak FROM webhooks WHERE id = %s", hook.id) == [(2,)]
            rows = sql(
                db,
                "SELECT id, state, attempts, lease_token FROM webhook_deliveries"
                " WHERE webhook_id = %s ORDER BY event_seq",
                hook.id,
            )
            # Untouched: the three still leased with their tokens, the fourth not leased.
            assert rows == [(item.id, "pending", 0, item.lease_token) for item in first] + [
                (rows[3][0], "pending", 0, None)
            ]
            assert sql(
                db, "SELECT count(*) FROM webhook_attempts WHERE webhook_id = %s", hook.id
            ) == [(0,)]
            # The pool's connection is usable again, and the same batch, fixed, goes in.
            fixed = [_success(item, clock()) for item in first]
            async with pool.connection() as conn:
                more = await queue.record(conn, fixed, clock(), refill)
            assert [item.id for item in more] == [rows[3][0]]
            assert sql(db, "SELECT failure_streak FROM webhooks WHERE id = %s", hook.id) == [(0,)]

    asyncio.run(scenario())
