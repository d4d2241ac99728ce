"""The transactional outbox: events are rows written with the change that caused them.

One way to write an event: the repository that makes a change writes its event, in
the same transaction (and, where the change is one statement, in that statement).
Services describe the event (``Event``) and hand it to their repository; they never
write one themselves. Why: an event must be delivered if and only if its change
committed (the outbox's whole point), and keeping both in the repository's hands makes
that a property of the data layer rather than of every caller. Where the change is a
single statement the event rides in it (``link.created`` in insert_link, the
worker's set-based ``link.clicked``, ``qr.scanned``, ``bio.visited``): one round trip
on the hot paths, and the statement hands ``enqueue_events`` the events of the rows it
wrote (none: nothing). Otherwise ``record_event`` below runs in the change's
transaction, right after it, through ``enqueue_event``, a batch of one.

Either way the one enqueue is ``enqueue_events`` (0016_enqueue_events.sql): it writes
the events and fans each out to the owner's webhooks subscribed to its type, the only
fan-out there is. Each event's ``data`` is its type's struct (payloads.py).
"""

from __future__ import annotations

from typing import Any

import msgspec

from admin.auth import Principal
from admin.db import Connection, jsonb
from common.ids import new_id

_ENQUEUE = (
    "SELECT enqueue_event(%(id)s, %(workspace_id)s, %(environment)s, %(type)s, %(data)s, "
    "p_always => %(always)s)"
)


class Event(msgspec.Struct, frozen=True):
    """One event to write: its type and its ``data``, the type's struct in payloads.py
    (docs/api.md#events)."""

    type: str
    data: msgspec.Struct
    # False for high-volume types: nothing is written unless a webhook subscribes.
    always: bool = True


def event_data(event: Event) -> Any:
    """The event's data as a jsonb parameter, for statements that write it themselves."""
    return jsonb(event.data)


async def record_event(conn: Connection, principal: Principal, event: Event) -> str:
    """Write one event and its webhook deliveries in the caller's transaction; its id."""
    return await record_owner_event(conn, principal.workspace_id, principal.environment, event)


async def record_owner_event(
    conn: Connection, workspace_id: str, environment: str, event: Event
) -> str:
    """``record_event`` for a change no request made (the worker's, an operator's): the
    owner is named rather than calling."""
    event_id = new_id("evt")
    await conn.execute(
        _ENQUEUE,
        {
            "id": event_id,
            "workspace_id": workspace_id,
            "environment": environment,
            "type": event.type,
            "data": event_data(event),
            "always": event.always,
        },
    )
    return event_id
