"""The event envelope and the event types (docs/api.md#events)."""

from __future__ import annotations

from typing import Any, Final, Literal, get_args

import msgspec

EventType = Literal[
    "link.created",
    "link.updated",
    "link.deleted",
    "link.clicked",
    "qr.created",
    "qr.scanned",
    "bio.visited",
    "security.flagged",
    "link.broken",
]
EVENT_TYPES: Final = get_args(EventType)


class EventEnvelope(msgspec.Struct, frozen=True, kw_only=True):
    id: str  # evt_…
    type: str
    createdAt: str  # noqa: N815 - the wire field name; ISO 8601 UTC with milliseconds
    data: dict[str, Any]


envelope_encoder = msgspec.json.Encoder()
envelope_decoder = msgspec.json.Decoder(EventEnvelope)


WEBHOOK_TEST_EVENT = "webhook.test"  # sent by POST /v1/webhooks/:id/test; not subscribable


class WireEnvelope(msgspec.Struct, frozen=True, kw_only=True):
    """The envelope as the dispatcher sends it: ``data`` is the stored JSON, re-encoded."""

    id: str
    type: str
    createdAt: str  # noqa: N815 - the wire field name
    data: msgspec.Raw


def encode_envelope(event_id: str, event_type: str, created_at: str, data_json: bytes) -> bytes:
    """Serialize an envelope once; ``data_json`` is the event's data as JSON text."""
    # Decoding and re-encoding compacts PostgreSQL's jsonb text ("a": 1) and
    # proves the stored data is valid JSON before it is signed.
    data = msgspec.Raw(envelope_encoder.encode(msgspec.json.decode(data_json)))
    return envelope_encoder.encode(
        WireEnvelope(id=event_id, type=event_type, createdAt=created_at, data=data)
    )
