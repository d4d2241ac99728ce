from typing import Literal

QrStyleEclType0 = Literal["H", "L", "M", "Q"]

QR_STYLE_ECL_TYPE_0_VALUES: set[QrStyleEclType0] = {
    "H",
    "L",
    "M",
    "Q",
}


def check_qr_style_ecl_type_0(value: str) -> QrStyleEclType0:
    if value in QR_STYLE_ECL_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {QR_STYLE_ECL_TYPE_0_VALUES!r}")
