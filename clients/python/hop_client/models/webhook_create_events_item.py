from typing import Literal

WebhookCreateEventsItem = Literal[
    "*",
    "bio.visited",
    "link.broken",
    "link.clicked",
    "link.created",
    "link.deleted",
    "link.updated",
    "qr.created",
    "qr.scanned",
    "security.flagged",
]

WEBHOOK_CREATE_EVENTS_ITEM_VALUES: set[WebhookCreateEventsItem] = {
    "*",
    "bio.visited",
    "link.broken",
    "link.clicked",
    "link.created",
    "link.deleted",
    "link.updated",
    "qr.created",
    "qr.scanned",
    "security.flagged",
}


def check_webhook_create_events_item(value: str) -> WebhookCreateEventsItem:
    if value in WEBHOOK_CREATE_EVENTS_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOK_CREATE_EVENTS_ITEM_VALUES!r}")
