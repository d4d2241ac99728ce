from typing import Literal

WebhookUpdateEventsItem = Literal[
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

WEBHOOK_UPDATE_EVENTS_ITEM_VALUES: set[WebhookUpdateEventsItem] = {
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


def check_webhook_update_events_item(value: str) -> WebhookUpdateEventsItem:
    if value in WEBHOOK_UPDATE_EVENTS_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOK_UPDATE_EVENTS_ITEM_VALUES!r}")
