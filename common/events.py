"""The event envelope of spec §2 and the event types of spec §6."""

from __future__ import annotations

from typing import Any, Final

import msgspec

EVENT_TYPES: Final = (
    "link.created",
    "link.updated",
    "link.deleted",
    "link.clicked",
    "qr.created",
    "qr.scanned",
    "bio.visited",
    "security.flagged",
)


class EventEnvelope(msgspec.Struct, frozen=True, kw_only=True):
    id: str  # evt_…
    type: str
    createdAt: str  # noqa: N815 - spec field name; ISO 8601 UTC with milliseconds
    data: dict[str, Any]


envelope_encoder = msgspec.json.Encoder()
envelope_decoder = msgspec.json.Decoder(EventEnvelope)
