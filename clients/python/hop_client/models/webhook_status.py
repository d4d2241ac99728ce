from typing import Literal

WebhookStatus = Literal["active", "paused"]

WEBHOOK_STATUS_VALUES: set[WebhookStatus] = {
    "active",
    "paused",
}


def check_webhook_status(value: str) -> WebhookStatus:
    if value in WEBHOOK_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOK_STATUS_VALUES!r}")
