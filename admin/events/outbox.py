"""The transactional outbox: events are rows written with the change that caused them."""

from __future__ import annotations

from typing import Any

import psycopg
from psycopg.types.json import Jsonb

from admin.auth.principal import Principal
from common.ids import new_id

_INSERT = (
    "INSERT INTO events (id, user_id, environment, type, data) "
    "VALUES (%(id)s, %(user_id)s, %(environment)s, %(type)s, %(data)s)"
)


async def record_event(
    conn: psycopg.AsyncConnection, principal: Principal, event_type: str, data: dict[str, Any]
) -> str:
    """Write one event in the caller's transaction; return its ``evt_`` id."""
    event_id = new_id("evt")
    await conn.execute(
        _INSERT,
        {
            "id": event_id,
            "user_id": principal.user_id,
            "environment": principal.environment,
            "type": event_type,
            "data": Jsonb(data),
        },
    )
    return event_id
