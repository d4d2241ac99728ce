from typing import Literal

WebhookPauseReasonType3Type1 = Literal["failures", "gone"]

WEBHOOK_PAUSE_REASON_TYPE_3_TYPE_1_VALUES: set[WebhookPauseReasonType3Type1] = {
    "failures",
    "gone",
}


def check_webhook_pause_reason_type_3_type_1(value: str) -> WebhookPauseReasonType3Type1:
    if value in WEBHOOK_PAUSE_REASON_TYPE_3_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOK_PAUSE_REASON_TYPE_3_TYPE_1_VALUES!r}")
