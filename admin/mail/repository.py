"""SQL for the mail outbox (queries.sql beside it)."""

from __future__ import annotations

from datetime import datetime

import msgspec

from admin.db import Connection, fetch_one, load_queries
from common.ids import new_id

_SQL = load_queries(__file__)


class Mail(msgspec.Struct, frozen=True):
    """One e-mail to queue."""

    recipient: str
    subject: str
    body: str


class DueMail(msgspec.Struct, kw_only=True):
    """A queued e-mail whose time has come, claimed by a mailer."""

    id: str
    recipient: str
    subject: str
    body: str
    attempts: int


async def queue_mail(conn: Connection, mail: Mail) -> None:
    """Into the outbox, in the caller's transaction."""
    params = {"id": new_id("mail"), **msgspec.structs.asdict(mail)}
    await conn.execute(_SQL["queue_mail"], params)


async def claim_due(conn: Connection, now: datetime) -> DueMail | None:
    """The next due e-mail, locked for the caller's transaction (None: nothing due)."""
    return await fetch_one(conn, _SQL["claim_due"], {"now": now}, DueMail)


async def mark_sent(conn: Connection, mail_id: str, now: datetime) -> None:
    await conn.execute(_SQL["mark_sent"], {"id": mail_id, "now": now})


async def mark_failed(conn: Connection, mail_id: str, next_at: datetime, error: str) -> None:
    await conn.execute(_SQL["mark_failed"], {"id": mail_id, "next": next_at, "error": error})
