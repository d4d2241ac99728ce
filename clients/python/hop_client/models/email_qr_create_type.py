from typing import Literal

EmailQrCreateType = Literal["email"]

EMAIL_QR_CREATE_TYPE_VALUES: set[EmailQrCreateType] = {
    "email",
}


def check_email_qr_create_type(value: str) -> EmailQrCreateType:
    if value in EMAIL_QR_CREATE_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {EMAIL_QR_CREATE_TYPE_VALUES!r}")
