from typing import Literal

MecardQrCreateType = Literal["mecard"]

MECARD_QR_CREATE_TYPE_VALUES: set[MecardQrCreateType] = {
    "mecard",
}


def check_mecard_qr_create_type(value: str) -> MecardQrCreateType:
    if value in MECARD_QR_CREATE_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MECARD_QR_CREATE_TYPE_VALUES!r}")
