from typing import Literal

LinkQrCreateType = Literal["link"]

LINK_QR_CREATE_TYPE_VALUES: set[LinkQrCreateType] = {
    "link",
}


def check_link_qr_create_type(value: str) -> LinkQrCreateType:
    if value in LINK_QR_CREATE_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LINK_QR_CREATE_TYPE_VALUES!r}")
