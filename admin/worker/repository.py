"""The worker's own SQL besides the delivery queue: housekeeping purges and the owner
e-mail outbox (queries.sql beside it)."""

from __future__ import annotations

from datetime import datetime

import msgspec

from admin.db import Connection, fetch_one, load_queries

_SQL = load_queries(__file__)


async def purge_expired(conn: Connection, idempotency_ttl: int) -> dict[str, int]:
    """Delete expired idempotency keys, refresh tokens and e-mailed account tokens; how
    many of each went."""
    removed = {}
    for name in ("idempotency_keys", "refresh_tokens", "account_tokens"):
        cursor = await conn.execute(_SQL[f"purge_{name}"], {"ttl": idempotency_ttl})
        removed[name] = cursor.rowcount
    return removed


async def ensure_click_partitions(conn: Connection) -> int:
    """Create this month's clicks partition and the next two if missing; how many were made."""
    cursor = await conn.execute(_SQL["ensure_click_partitions"])
    row = await cursor.fetchone()
    return int(row[0]) if row else 0


async def drop_click_partitions(conn: Connection, keep_days: int) -> list[str]:
    """Drop the monthly clicks partitions wholly older than ``keep_days``; their names."""
    cursor = await conn.execute(_SQL["drop_click_partitions"], {"days": keep_days})
    return [str(row[0]) for row in await cursor.fetchall()]


async def purge_old(conn: Connection, name: str, keep_days: int) -> int:
    """One bounded batch of ``purge_deliveries`` or ``purge_events``; rows removed."""
    cursor = await conn.execute(_SQL[f"purge_{name}"], {"days": keep_days})
    return cursor.rowcount


class Mail(msgspec.Struct, kw_only=True):
    id: str
    recipient: str
    subject: str
    body: str
    attempts: int


async def claim_mail(conn: Connection, now: datetime) -> Mail | None:
    """The next due e-mail, locked for the caller's transaction (None: nothing due)."""
    return await fetch_one(conn, _SQL["claim_mail"], {"now": now}, Mail)


async def mail_sent(conn: Connection, mail_id: str, now: datetime) -> None:
    await conn.execute(_SQL["mail_sent"], {"id": mail_id, "now": now})


async def mail_failed(conn: Connection, mail_id: str, next_at: datetime, error: str) -> None:
    await conn.execute(_SQL["mail_failed"], {"id": mail_id, "next": next_at, "error": error})
