from typing import Literal

VcardQrCreateType = Literal["vcard"]

VCARD_QR_CREATE_TYPE_VALUES: set[VcardQrCreateType] = {
    "vcard",
}


def check_vcard_qr_create_type(value: str) -> VcardQrCreateType:
    if value in VCARD_QR_CREATE_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {VCARD_QR_CREATE_TYPE_VALUES!r}")
