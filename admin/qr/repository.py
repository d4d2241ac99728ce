"""SQL for QR codes; the expected constraint violation becomes a domain error.

Typed in and out (``NewQr`` in, ``QrRow`` out); ``qr.created`` is written here, in the
creating transaction (admin/events/repository.py). ``qr.scanned`` is written by the
worker's set-based ``record_scans`` (scans.sql) in the statement that stores the scans.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

import msgspec

from admin.auth import Principal
from admin.db import (
    Connection,
    UniqueViolation,
    fetch_all,
    fetch_one,
    jsonb,
    load_queries,
    savepoint,
)
from admin.errors import Conflict, FieldError
from admin.events import Event, record_event

_SQL = load_queries(__file__)
_ONE_CODE_PER_LINK = "qr_codes_link_key"


class QrRow(msgspec.Struct, kw_only=True):
    id: str
    environment: str
    type: str
    title: str | None
    data: dict[str, Any]
    dynamic: bool
    link_id: str | None
    payload: str | None
    short_code: str | None
    domain: str  # the encoded link's custom domain; "" for the default short host
    created_at: datetime
    updated_at: datetime
    created_by: str | None  # an API key's id or a user's; None: made before workspaces
    style: dict[str, Any]  # admin/qr/style.py; {} for codes saved before styles


class NewQr(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    type: str
    title: str | None
    data: dict[str, Any]
    dynamic: bool
    link_id: str | None
    payload: str | None
    style: dict[str, Any] = msgspec.field(default_factory=dict)


_SCANS = load_queries(__file__, "scans.sql")


def _owner(principal: Principal) -> dict[str, Any]:
    return {"workspace_id": principal.workspace_id, "environment": principal.environment}


async def insert_qr(
    conn: Connection, principal: Principal, qr: NewQr, describe: Callable[[QrRow], Event]
) -> QrRow:
    """Insert the code and the event ``describe`` makes of its row; Conflict when the
    link already has a code."""
    params = {
        **msgspec.structs.asdict(qr),
        "data": jsonb(qr.data),
        "style": jsonb(qr.style),
        **_owner(principal),
        "created_by": principal.actor_id,
    }
    try:
        async with savepoint(conn):  # the caller's transaction survives a conflict
            await conn.execute(_SQL["insert_qr"], params)
    except UniqueViolation as exc:
        if exc.constraint == _ONE_CODE_PER_LINK:
            raise Conflict(
                "This link already has a QR code.",
                [FieldError("data.linkId", "already has a QR code")],
            ) from None
        raise
    row = await get_qr(conn, principal, qr.id)
    assert row is not None  # inserted just now, in this transaction
    await record_event(conn, principal, describe(row))
    return row


async def get_qr(
    conn: Connection, principal: Principal, qr_id: str, *, for_update: bool = False
) -> QrRow | None:
    query = "qr_by_id_for_update" if for_update else "qr_by_id"
    return await fetch_one(conn, _SQL[query], {"id": qr_id, **_owner(principal)}, QrRow)


async def list_qr(
    conn: Connection, principal: Principal, *, before: str | None, limit: int
) -> list[QrRow]:
    params = {**_owner(principal), "before": before, "limit": limit}
    return await fetch_all(conn, _SQL["list_qr"], params, QrRow)


async def update_qr(
    conn: Connection, qr_id: str, title: str | None, data: dict[str, Any], style: dict[str, Any]
) -> None:
    params = {"id": qr_id, "title": title, "data": jsonb(data), "style": jsonb(style)}
    await conn.execute(_SQL["update_qr"], params)


async def delete_qr(conn: Connection, qr_id: str) -> None:
    await conn.execute(_SQL["delete_qr"], {"id": qr_id})


async def record_scans(
    conn: Connection, event_ids: Sequence[str], first_at: datetime, last_at: datetime
) -> None:
    """Count the scans of dynamic codes among these click events (clicked between
    ``first_at`` and ``last_at``, which keeps the lookup to the clicks partitions of
    those months) and write their ``qr.scanned`` events (for subscribed webhooks
    only), in one statement."""
    await conn.execute(
        _SCANS["record_scans"],
        {"event_ids": list(event_ids), "first_at": first_at, "last_at": last_at},
    )
