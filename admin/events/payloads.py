"""The ``data`` of each event type: one struct per type, the contract docs/api.md#events
and docs/webhooks.md#events describe (tests/unit/test_event_payloads.py holds the
three to each other).

Events written from Python carry one of these (``Event.data``); the click events are
written by SQL (``jsonb_build_object`` in admin/analytics/ingest.sql, admin/qr/scans.sql,
admin/bio/visits.sql) and decode as theirs (tests/integration/test_event_payloads.py).
The types whose data is a resource carry the resource itself, defined by its owner:
``Link`` for ``link.created`` and ``LinkUpdated`` (admin/links/events.py), ``QrCode``
for ``qr.created``; the events layer stays below the domains that write events.
Every type and its struct: ``PAYLOADS`` (admin/webhooks/catalogue.py).

Field order is free: the data is stored as jsonb, whose text form (what a delivery
sends) orders keys itself.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from common.safety import Source, Verdict

# admin/analytics/enrich.py: a bot's visit is a bot whatever its device.
ClickDevice = Literal["mobile", "tablet", "desktop", "bot", "other"]


class _Payload(
    msgspec.Struct, frozen=True, kw_only=True, rename="camel", forbid_unknown_fields=True
):
    """A type's own data (not a resource): every field present, null where it says so;
    decoding refuses a field the contract does not name."""


class LinkDeleted(_Payload, frozen=True, kw_only=True):
    id: str
    short_code: str
    long_url: str
    deleted_at: str
    domain: str | None  # null: the default short host


class _Visit(_Payload, frozen=True, kw_only=True):
    """A visit's: country (ISO 3166-1 alpha-2) and referrer are null when unknown or
    direct."""

    country: str | None
    device: ClickDevice
    os: str


class LinkClicked(_Visit, frozen=True, kw_only=True):
    link_id: str
    short_code: str
    long_url: str
    referrer: str | None


class QrScanned(_Visit, frozen=True, kw_only=True):
    qr_id: str
    link_id: str
    short_code: str


class BioVisited(_Visit, frozen=True, kw_only=True):
    username: str
    referrer: str | None


class SecurityFlagged(_Payload, frozen=True, kw_only=True):
    link_id: str
    short_code: str
    long_url: str
    verdict: Verdict
    reasons: list[str]
    source: Source | None
    flagged_at: str


class LinkBroken(_Payload, frozen=True, kw_only=True):
    """A link's destination stopped answering (admin/links/health.py): ``url`` is the
    destination found broken (the link's own, a rule's or a variant's); ``httpStatus``
    null when no HTTP answer came (no such host, refused, TLS failed); ``reason`` a
    stable code (docs/api.md#link-health)."""

    link_id: str
    short_code: str
    long_url: str
    url: str
    http_status: int | None
    reason: str
    checked_at: str


class WebhookTest(_Payload, frozen=True, kw_only=True):
    webhook_id: str
    message: str
