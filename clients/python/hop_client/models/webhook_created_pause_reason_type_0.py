from typing import Literal

WebhookCreatedPauseReasonType0 = Literal["failures", "gone"]

WEBHOOK_CREATED_PAUSE_REASON_TYPE_0_VALUES: set[WebhookCreatedPauseReasonType0] = {
    "failures",
    "gone",
}


def check_webhook_created_pause_reason_type_0(value: str) -> WebhookCreatedPauseReasonType0:
    if value in WEBHOOK_CREATED_PAUSE_REASON_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOK_CREATED_PAUSE_REASON_TYPE_0_VALUES!r}")
