from typing import Literal

PhoneQrCreateType = Literal["phone"]

PHONE_QR_CREATE_TYPE_VALUES: set[PhoneQrCreateType] = {
    "phone",
}


def check_phone_qr_create_type(value: str) -> PhoneQrCreateType:
    if value in PHONE_QR_CREATE_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PHONE_QR_CREATE_TYPE_VALUES!r}")
