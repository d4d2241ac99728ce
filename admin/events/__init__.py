"""The outbox's face: an event to record in the change's transaction, and the
payloads of the types whose data is their own.

Other domains import these from ``admin.events``, never its modules (the import contracts
in pyproject.toml hold that).
"""

from admin.events.payloads import (
    BioVisited,
    LinkBroken,
    LinkClicked,
    LinkDeleted,
    QrScanned,
    SecurityFlagged,
    WebhookTest,
)
from admin.events.repository import Event, event_data, record_event, record_owner_event

__all__ = [
    "BioVisited",
    "Event",
    "LinkBroken",
    "LinkClicked",
    "LinkDeleted",
    "QrScanned",
    "SecurityFlagged",
    "WebhookTest",
    "event_data",
    "record_event",
    "record_owner_event",
]
