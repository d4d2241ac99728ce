from typing import Literal

SmsQrCreateType = Literal["sms"]

SMS_QR_CREATE_TYPE_VALUES: set[SmsQrCreateType] = {
    "sms",
}


def check_sms_qr_create_type(value: str) -> SmsQrCreateType:
    if value in SMS_QR_CREATE_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SMS_QR_CREATE_TYPE_VALUES!r}")
