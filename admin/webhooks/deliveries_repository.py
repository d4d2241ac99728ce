"""SQL for the delivery queue (deliveries.sql): lease due deliveries, record what
happened, drop finished ones past their retention. The dispatcher reaches it through
``admin/webhooks/deliveries.py``.

A claim leases deliveries (``lease_until``, ``lease_token``) in a short
transaction using ``FOR UPDATE SKIP LOCKED``, so any number of dispatchers
share the queue and no two hold the same delivery. A dispatcher that dies
mid-attempt leaves its lease to run out; the same attempt is then due again.
Outcomes are recorded in batches: attempt log rows, the delivery's next state,
the webhook's failure streak and, when it pauses, the owner's e-mail, all in
one transaction.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime, timedelta

import msgspec

from admin.db import Connection, fetch_all, load_queries, rows_as
from admin.mail import queue_mail
from admin.webhooks.notices import pause_notice
from admin.webhooks.retry import PAUSE_AFTER, streak_after

_SQL = load_queries(__file__, "deliveries.sql")


class Claimed(msgspec.Struct, kw_only=True):
    id: str
    webhook_id: str
    event_seq: int
    attempts: int  # completed before this one
    lease_token: uuid.UUID
    event_id: str
    event_type: str
    event_created_at: datetime
    event_data: str
    endpoint: str
    secret: bytes
    previous_secret: bytes | None
    previous_secret_expires_at: datetime | None

    @property
    def attempt(self) -> int:
        return self.attempts + 1


class Result(msgspec.Struct, kw_only=True):
    """One finished attempt and what it decides."""

    claimed: Claimed
    attempt_id: str
    attempted_at: datetime
    status_code: int | None
    duration_ms: int
    response_body: str | None
    error: str | None
    succeeded: bool
    state: str  # the delivery's next state: pending | succeeded | failed
    next_attempt_at: datetime | None
    gone: bool  # 410: pause the webhook now


class Refill(msgspec.Struct, frozen=True, kw_only=True):
    """Lease more work for the webhooks just recorded, in the same transaction."""

    limit: int
    per_webhook: int
    lease: timedelta


async def _lease(
    conn: Connection,
    webhook_ids: list[str],
    *,
    now: datetime,
    limit: int,
    per_webhook: int,
    lease: timedelta,
) -> list[Claimed]:
    """Step 2 of a claim; the caller holds the webhooks' row locks."""
    params = {
        "now": now,
        "limit": limit,
        "per_webhook": per_webhook,
        "webhook_ids": webhook_ids,
        "lease_until": now + lease,
    }
    claimed = await fetch_all(conn, _SQL["claim_deliveries"], params, Claimed)
    claimed.sort(key=lambda item: (item.webhook_id, item.event_seq))
    return claimed


async def claim(
    conn: Connection,
    *,
    now: datetime,
    limit: int,
    per_webhook: int,
    lease: timedelta,
) -> list[Claimed]:
    """Lease up to ``limit`` due deliveries, at most ``per_webhook`` in flight per webhook."""
    async with conn.pipeline(), conn.transaction():
        cursor = await conn.execute(_SQL["lock_ready_webhooks"], {"now": now, "limit": limit})
        webhook_ids = [str(row[0]) for row in await cursor.fetchall()]
        if not webhook_ids:
            return []
        return await _lease(
            conn, webhook_ids, now=now, limit=limit, per_webhook=per_webhook, lease=lease
        )


def _pause_reasons(
    locked: Sequence[tuple[str, str, int, str, str]], results: Sequence[Result]
) -> tuple[dict[str, tuple[int, str | None]], list[tuple[str, str, str, Result]]]:
    """New streak and pause reason per webhook, and the pauses that need an e-mail."""
    by_webhook: dict[str, list[Result]] = {}
    for result in results:
        by_webhook.setdefault(result.claimed.webhook_id, []).append(result)
    decisions: dict[str, tuple[int, str | None]] = {}
    notices: list[tuple[str, str, str, Result]] = []
    for webhook_id, status, streak, endpoint, email in locked:
        mine = sorted(by_webhook.get(webhook_id, []), key=lambda r: r.attempted_at)
        new_streak, reached = streak_after(streak, (r.succeeded for r in mine))
        gone = next((r for r in mine if r.gone), None)
        reason = None
        if status == "active":
            reason = "gone" if gone is not None else "failures" if reached else None
        decisions[webhook_id] = (new_streak, reason)
        if reason is not None:
            last = gone or next(r for r in reversed(mine) if not r.succeeded)
            notices.append((email, endpoint, reason, last))
    return decisions, notices


async def record(
    conn: Connection,
    results: Sequence[Result],
    now: datetime,
    refill: Refill | None = None,
) -> list[Claimed]:
    """Write a batch of outcomes in one transaction; with ``refill``, lease the next
    deliveries of the same (still active) webhooks in it too, saving a claim."""
    if not results:
        return []
    if all(r.succeeded for r in results):
        return await _record_successes(conn, results, now, refill)
    # Pipelined: the lock and the first two writes go in one round trip, the
    # streaks, e-mails and commit in a second.
    async with conn.pipeline(), conn.transaction():
        ids = sorted({r.claimed.webhook_id for r in results})
        cursor = await conn.execute(_SQL["lock_webhooks_for_outcomes"], {"ids": ids})
        await _write_outcomes(conn, results)
        locked = [
            (str(a), str(b), int(c), str(d), str(e)) for a, b, c, d, e in await cursor.fetchall()
        ]
        decisions = await _update_streaks(conn, locked, results, now)
        active = [
            webhook_id
            for webhook_id, status, *_ in locked
            if status == "active" and decisions[webhook_id][1] is None
        ]
        if refill is None or refill.limit <= 0 or not active:
            return []
        # The row locks taken above make this statement's in-flight counts exact.
        return await _lease(
            conn,
            active,
            now=now,
            limit=refill.limit,
            per_webhook=refill.per_webhook,
            lease=refill.lease,
        )


async def _record_successes(
    conn: Connection, results: Sequence[Result], now: datetime, refill: Refill | None
) -> list[Claimed]:
    """``record`` when every attempt succeeded, in one round trip.

    Nothing here needs an answer before the commit: every webhook's streak becomes
    0 and none can pause (so no e-mail), and the refill's statement picks the
    still-active webhooks itself. So the whole transaction (lock, writes, lease,
    commit) is sent at once and read back once, where the general path waits for
    the locked rows first. The lease is still its own statement after the lock,
    so its in-flight counts are read in a snapshot taken with the locks held.
    """
    ids = sorted({r.claimed.webhook_id for r in results})
    leased = None
    async with conn.pipeline(), conn.transaction():
        await conn.execute(_SQL["reset_streaks"], {"ids": ids})
        await conn.execute(
            _SQL["record_successes"],
            {
                "ids": [r.claimed.id for r in results],
                "tokens": [r.claimed.lease_token for r in results],
                "attempt_ids": [r.attempt_id for r in results],
                "webhook_ids": [r.claimed.webhook_id for r in results],
                "attempts": [r.claimed.attempt for r in results],
                "status_codes": [r.status_code for r in results],
                "durations": [r.duration_ms for r in results],
                "bodies": [r.response_body for r in results],
                "attempted_at": [r.attempted_at for r in results],
            },
        )
        if refill is not None and refill.limit > 0:
            leased = conn.cursor(row_factory=rows_as(Claimed))
            await leased.execute(
                _SQL["claim_deliveries_of_active"],
                {
                    "now": now,
                    "limit": refill.limit,
                    "per_webhook": refill.per_webhook,
                    "webhook_ids": ids,
                    "lease_until": now + refill.lease,
                },
            )
    if leased is None:
        return []
    claimed = await leased.fetchall()
    claimed.sort(key=lambda item: (item.webhook_id, item.event_seq))
    return claimed


async def _write_outcomes(conn: Connection, results: Sequence[Result]) -> None:
    """Each delivery's next state, and one attempt log row per result."""
    await conn.execute(
        _SQL["record_outcomes"],
        {
            "ids": [r.claimed.id for r in results],
            "tokens": [r.claimed.lease_token for r in results],
            "states": [r.state for r in results],
            "next_attempt_at": [r.next_attempt_at for r in results],
            "attempted_at": [r.attempted_at for r in results],
        },
    )
    await conn.execute(
        _SQL["insert_attempts"],
        {
            "id": [r.attempt_id for r in results],
            "delivery_id": [r.claimed.id for r in results],
            "webhook_id": [r.claimed.webhook_id for r in results],
            "attempt": [r.claimed.attempt for r in results],
            "status_code": [r.status_code for r in results],
            "duration_ms": [r.duration_ms for r in results],
            "response_body": [r.response_body for r in results],
            "error": [r.error for r in results],
            "succeeded": [r.succeeded for r in results],
            "attempted_at": [r.attempted_at for r in results],
        },
    )


async def _update_streaks(
    conn: Connection,
    locked: Sequence[tuple[str, str, int, str, str]],
    results: Sequence[Result],
    now: datetime,
) -> dict[str, tuple[int, str | None]]:
    """The webhooks' failure streaks, pausing those that reached the limit (or got a
    410) and queueing their owners' e-mails; the (streak, pause reason) decided."""
    decisions, notices = _pause_reasons(locked, results)
    await conn.execute(
        _SQL["update_streaks"],
        {
            "now": now,
            "ids": list(decisions),
            "streaks": [streak for streak, _ in decisions.values()],
            "reasons": [reason for _, reason in decisions.values()],
        },
    )
    for email, endpoint, reason, last in notices:
        notice = pause_notice(
            email,
            webhook_id=last.claimed.webhook_id,
            endpoint=endpoint,
            reason=reason,
            failures=PAUSE_AFTER,
            last_error=last.error or "",
        )
        await queue_mail(conn, notice)
    return decisions


async def purge_finished(conn: Connection, keep_days: int) -> int:
    """One bounded batch of finished deliveries older than ``keep_days``; rows removed."""
    cursor = await conn.execute(_SQL["purge_finished"], {"days": keep_days})
    return cursor.rowcount
