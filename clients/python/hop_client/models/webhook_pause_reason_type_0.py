from typing import Literal

WebhookPauseReasonType0 = Literal["failures", "gone"]

WEBHOOK_PAUSE_REASON_TYPE_0_VALUES: set[WebhookPauseReasonType0] = {
    "failures",
    "gone",
}


def check_webhook_pause_reason_type_0(value: str) -> WebhookPauseReasonType0:
    if value in WEBHOOK_PAUSE_REASON_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOK_PAUSE_REASON_TYPE_0_VALUES!r}")
