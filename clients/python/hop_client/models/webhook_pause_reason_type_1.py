from typing import Literal

WebhookPauseReasonType1 = Literal["failures", "gone"]

WEBHOOK_PAUSE_REASON_TYPE_1_VALUES: set[WebhookPauseReasonType1] = {
    "failures",
    "gone",
}


def check_webhook_pause_reason_type_1(value: str) -> WebhookPauseReasonType1:
    if value in WEBHOOK_PAUSE_REASON_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOK_PAUSE_REASON_TYPE_1_VALUES!r}")
