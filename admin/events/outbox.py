"""The transactional outbox: events are rows written with the change that caused them.

``record_event`` also fans the event out to the owner's webhooks in the same
transaction (``enqueue_event`` in ``0004_webhooks.sql``), so an event is
delivered if and only if the change that raised it committed.
"""

from __future__ import annotations

from typing import Any

from psycopg.types.json import Jsonb

from admin.auth.principal import Principal
from admin.db import Connection
from common.ids import new_id

_ENQUEUE = (
    "SELECT enqueue_event(%(id)s, %(user_id)s, %(environment)s, %(type)s, %(data)s, "
    "p_always => %(always)s)"
)


async def record_event(
    conn: Connection,
    principal: Principal,
    event_type: str,
    data: dict[str, Any],
    *,
    always: bool = True,
) -> str:
    """Write one event and its webhook deliveries in the caller's transaction.

    Returns the event's ``evt_`` id. With ``always=False`` (for high-volume types
    such as ``qr.scanned``) nothing is written unless a webhook subscribes.
    """
    event_id = new_id("evt")
    await conn.execute(
        _ENQUEUE,
        {
            "id": event_id,
            "user_id": principal.user_id,
            "environment": principal.environment,
            "type": event_type,
            "data": Jsonb(data),
            "always": always,
        },
    )
    return event_id
