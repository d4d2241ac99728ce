from typing import Literal

WebhookCreatedPauseReasonType2Type1 = Literal["failures", "gone"]

WEBHOOK_CREATED_PAUSE_REASON_TYPE_2_TYPE_1_VALUES: set[WebhookCreatedPauseReasonType2Type1] = {
    "failures",
    "gone",
}


def check_webhook_created_pause_reason_type_2_type_1(value: str) -> WebhookCreatedPauseReasonType2Type1:
    if value in WEBHOOK_CREATED_PAUSE_REASON_TYPE_2_TYPE_1_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {WEBHOOK_CREATED_PAUSE_REASON_TYPE_2_TYPE_1_VALUES!r}"
    )
