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
