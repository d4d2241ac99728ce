from typing import Literal

WebhookCreatedStatus = Literal["active", "paused"]

WEBHOOK_CREATED_STATUS_VALUES: set[WebhookCreatedStatus] = {
    "active",
    "paused",
}


def check_webhook_created_status(value: str) -> WebhookCreatedStatus:
    if value in WEBHOOK_CREATED_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOK_CREATED_STATUS_VALUES!r}")
