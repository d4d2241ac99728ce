"""SQL for the webhooks API (queries.sql); the worker's delivery queue is
deliveries_repository.py. Typed in and out; the test event is written in
the statement that queues its one delivery (admin/events/repository.py)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, TypeVar

import msgspec

from admin.auth import Principal
from admin.db import Connection, fetch_all, fetch_one, load_queries
from admin.events import Event, event_data
from common.ids import new_id

_SQL = load_queries(__file__)
R = TypeVar("R")


class WebhookRow(msgspec.Struct, kw_only=True):
    id: str
    endpoint: str
    events: list[str]
    status: str
    pause_reason: str | None
    paused_at: datetime | None
    failure_streak: int
    previous_secret_expires_at: datetime | None
    created_at: datetime
    updated_at: datetime
    created_by: str | None  # an API key's id or a user's; None: made before workspaces


class DeliveryRow(msgspec.Struct, kw_only=True):
    id: str
    event_id: str
    event_type: str
    state: str
    attempts: int
    next_attempt_at: datetime | None


class AttemptRow(msgspec.Struct, kw_only=True):
    id: str
    delivery_id: str
    event_id: str
    event_type: str
    attempt: int
    status_code: int | None
    duration_ms: int
    response_body: str | None
    error: str | None
    succeeded: bool
    attempted_at: datetime


class NewWebhook(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    endpoint: str
    events: list[str]
    secret: bytes  # sealed (admin/secretbox.py)


def _owner(principal: Principal) -> dict[str, Any]:
    return {"workspace_id": principal.workspace_id, "environment": principal.environment}


async def _one(conn: Connection, row: type[R], query: str, params: dict[str, Any]) -> R | None:
    return await fetch_one(conn, _SQL[query], params, row)


async def _all(conn: Connection, row: type[R], query: str, params: dict[str, Any]) -> list[R]:
    return await fetch_all(conn, _SQL[query], params, row)


async def count_webhooks(conn: Connection, principal: Principal) -> int:
    cursor = await conn.execute(_SQL["count_webhooks"], _owner(principal))
    row = await cursor.fetchone()
    return int(row[0]) if row else 0


async def insert_webhook(conn: Connection, principal: Principal, hook: NewWebhook) -> WebhookRow:
    params = {
        **msgspec.structs.asdict(hook),
        **_owner(principal),
        "created_by": principal.actor_id,
    }
    row = await _one(conn, WebhookRow, "insert_webhook", params)
    assert row is not None
    return row


async def get_webhook(conn: Connection, principal: Principal, webhook_id: str) -> WebhookRow | None:
    return await _one(conn, WebhookRow, "webhook_by_id", {"id": webhook_id, **_owner(principal)})


async def list_webhooks(
    conn: Connection, principal: Principal, *, before: str | None, limit: int
) -> list[WebhookRow]:
    params = {"before": before, "limit": limit, **_owner(principal)}
    return await _all(conn, WebhookRow, "list_webhooks", params)


async def update_webhook(
    conn: Connection,
    principal: Principal,
    webhook_id: str,
    *,
    endpoint: str | None,
    events: list[str] | None,
) -> WebhookRow | None:
    params = {"id": webhook_id, "endpoint": endpoint, "events": events, **_owner(principal)}
    return await _one(conn, WebhookRow, "update_webhook", params)


async def delete_webhook(conn: Connection, principal: Principal, webhook_id: str) -> bool:
    cursor = await conn.execute(_SQL["delete_webhook"], {"id": webhook_id, **_owner(principal)})
    return await cursor.fetchone() is not None


async def delete_workspace_webhooks(conn: Connection, workspace_id: str) -> None:
    """Delete every webhook of the workspace, live and sandbox: nothing more is sent."""
    await conn.execute(_SQL["delete_workspace_webhooks"], {"workspace_id": workspace_id})


async def resume_webhook(
    conn: Connection, principal: Principal, webhook_id: str
) -> WebhookRow | None:
    row = await _one(conn, WebhookRow, "resume_webhook", {"id": webhook_id, **_owner(principal)})
    if row is not None:
        await conn.execute(_SQL["make_backlog_due"], {"id": webhook_id})
        await conn.execute(_SQL["wake_dispatchers"])
    return row


async def rotate_secret(
    conn: Connection, principal: Principal, webhook_id: str, sealed: bytes
) -> datetime | None:
    params = {"id": webhook_id, "secret": sealed, **_owner(principal)}
    cursor = await conn.execute(_SQL["rotate_secret"], params)
    row = await cursor.fetchone()
    return row[0] if row else None


async def enqueue_test_event(
    conn: Connection, principal: Principal, webhook_id: str, event: Event
) -> DeliveryRow:
    """Write ``event`` for this webhook alone (no subscription can ask for it) and its
    one delivery, in one statement."""
    params = {
        "webhook_id": webhook_id,
        "event_id": new_id("evt"),
        "event_type": event.type,
        "data": event_data(event),
    }
    row = await _one(conn, DeliveryRow, "enqueue_test_event", {**params, **_owner(principal)})
    assert row is not None
    return row


async def redeliver(conn: Connection, webhook_id: str, delivery_id: str) -> DeliveryRow | None:
    params = {"webhook_id": webhook_id, "delivery_id": delivery_id}
    row = await _one(conn, DeliveryRow, "redeliver", params)
    if row is not None:
        await conn.execute(_SQL["wake_dispatchers"])
    return row


async def delivery_exists(conn: Connection, webhook_id: str, delivery_id: str) -> bool:
    params = {"webhook_id": webhook_id, "delivery_id": delivery_id}
    cursor = await conn.execute(_SQL["delivery_exists"], params)
    return await cursor.fetchone() is not None


async def list_attempts(
    conn: Connection,
    webhook_id: str,
    *,
    before: str | None,
    event_id: str | None,
    limit: int,
) -> list[AttemptRow]:
    params = {"webhook_id": webhook_id, "before": before, "event_id": event_id, "limit": limit}
    return await _all(conn, AttemptRow, "list_attempts", params)
