"""Every event type a webhook can receive (docs/api.md#events, docs/webhooks.md#events)
and the struct of its ``data``: the events layer's own payloads and the resources their
domains define. The webhooks domain delivers them all, so the catalogue is its; the
tests hold it to the documentation (tests/unit/test_event_payloads.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

import msgspec

from admin.events import (
    BioVisited,
    LinkBroken,
    LinkClicked,
    LinkDeleted,
    QrScanned,
    SecurityFlagged,
    WebhookTest,
)
from admin.links import Link, LinkUpdated
from admin.qr import QrCode

# Every type and its data (webhook.test too, though no webhook can subscribe to it).
PAYLOADS: Final[Mapping[str, type[msgspec.Struct]]] = {
    "link.created": Link,
    "link.updated": LinkUpdated,
    "link.deleted": LinkDeleted,
    "link.clicked": LinkClicked,
    "qr.created": QrCode,
    "qr.scanned": QrScanned,
    "bio.visited": BioVisited,
    "security.flagged": SecurityFlagged,
    "link.broken": LinkBroken,
    "webhook.test": WebhookTest,
}
