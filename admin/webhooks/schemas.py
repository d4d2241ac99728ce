"""Wire formats of the webhooks API (docs/webhooks.md#api)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import UNSET, Meta, UnsetType

from admin.api.examples import example
from admin.api.fields import CreatedBy
from admin.patterns import whole
from admin.urls import MAX_URL_LENGTH
from common.events import EventType

MAX_EVENT_TYPES = 20
ALL_EVENTS = "*"
AUTO_SECRET = "auto"  # noqa: S105 - the request for a generated secret
EventName = Literal[EventType, "*"]  # the event types (docs/api.md#events), or "*" for all
Endpoint = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=MAX_URL_LENGTH,
        description="The receiving URL: https, on a public address.",
        extra_json_schema={"format": "uri"},
    ),
]
EventNames = Annotated[
    list[EventName],
    Meta(
        min_length=1,
        max_length=MAX_EVENT_TYPES,
        description='Event types to send (link.created, link.clicked, ...), or ["*"] for every '
        "type, present and future.",
    ),
]
SecretText = Annotated[
    str,
    Meta(
        pattern=whole(r"auto|[\x21-\x7e]{24,128}"),
        description='"auto" to have a whsec_ secret generated, or your own 24-128 visible '
        "ASCII characters.",
    ),
]


@example({"endpoint": "https://hooks.example.com/hop", "events": ["link.created", "link.clicked"]})
class WebhookCreate(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, rename="camel"):
    endpoint: Endpoint
    events: EventNames
    secret: SecretText = AUTO_SECRET


@example({"events": ["*"]})
class WebhookUpdate(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, rename="camel"):
    """Only the fields sent change."""

    endpoint: Endpoint | UnsetType = UNSET
    events: EventNames | UnsetType = UNSET


WEBHOOK_EXAMPLE = {
    "id": "wh_01JNQ8E9F0G1H2J3K4M5N6P7QR",
    "endpoint": "https://hooks.example.com/hop",
    "events": ["link.created", "link.clicked"],
    "status": "active",
    "pauseReason": None,
    "pausedAt": None,
    "failureStreak": 0,
    "previousSecretExpiresAt": None,
    "createdAt": "2026-03-01T09:30:00Z",
    "updatedAt": "2026-03-01T09:30:00Z",
    "createdBy": "key_01JNQ4Y2B7C9D3E5F6G8H0J1KM",
}


@example(WEBHOOK_EXAMPLE)
class Webhook(msgspec.Struct, kw_only=True, rename="camel"):
    id: str
    endpoint: str
    events: list[str]
    status: Literal["active", "paused"]
    pause_reason: Literal["failures", "gone"] | None
    paused_at: str | None
    failure_streak: int
    previous_secret_expires_at: str | None
    created_at: str
    updated_at: str
    created_by: CreatedBy = None


@example({**WEBHOOK_EXAMPLE, "secret": "whsec_5Jq9xT2mR7vL0pW3nK8sD4fH6gB1cZ"})
class WebhookCreated(Webhook, kw_only=True):
    """The new webhook with its signing secret, shown this once."""

    secret: str


@example({"data": [WEBHOOK_EXAMPLE], "nextCursor": None})
class WebhookPage(msgspec.Struct, kw_only=True, rename="camel"):
    data: list[Webhook]
    next_cursor: str | None


@example(
    {
        "id": "wh_01JNQ8E9F0G1H2J3K4M5N6P7QR",
        "secret": "whsec_8Lm2vQ5tY9wR3kN7pX1sF4hJ6dC0bG",
        "previousSecretExpiresAt": "2026-03-02T14:05:00Z",
    }
)
class SecretRotated(msgspec.Struct, kw_only=True, rename="camel"):
    """The new secret, shown this once; the previous one signs too until the time given."""

    id: str
    secret: str
    previous_secret_expires_at: str


@example(
    {
        "id": "dlv_01JNQ9F0G1H2J3K4M5N6P7Q8RS",
        "eventId": "evt_01JNQ9F0G1H2J3K4M5N6P7Q8RT",
        "eventType": "webhook.test",
        "state": "pending",
        "attempts": 0,
        "nextAttemptAt": "2026-03-01T09:30:00Z",
    }
)
class Delivery(msgspec.Struct, kw_only=True, rename="camel"):
    id: str
    event_id: str
    event_type: str
    state: Literal["pending", "succeeded", "failed"]
    attempts: int
    next_attempt_at: str | None


class Attempt(msgspec.Struct, kw_only=True, rename="camel"):
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
    attempted_at: str


@example(
    {
        "data": [
            {
                "id": "att_01JNQAG1H2J3K4M5N6P7Q8R9ST",
                "deliveryId": "dlv_01JNQ9F0G1H2J3K4M5N6P7Q8RS",
                "eventId": "evt_01JNQ9F0G1H2J3K4M5N6P7Q8RT",
                "eventType": "link.created",
                "attempt": 1,
                "statusCode": 200,
                "durationMs": 87,
                "responseBody": "ok",
                "error": None,
                "succeeded": True,
                "attemptedAt": "2026-03-01T09:30:00Z",
            }
        ],
        "nextCursor": None,
    }
)
class AttemptPage(msgspec.Struct, kw_only=True, rename="camel"):
    data: list[Attempt]
    next_cursor: str | None
