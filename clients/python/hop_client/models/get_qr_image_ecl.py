from typing import Literal

GetQrImageEcl = Literal["H", "L", "M", "Q"]

GET_QR_IMAGE_ECL_VALUES: set[GetQrImageEcl] = {
    "H",
    "L",
    "M",
    "Q",
}


def check_get_qr_image_ecl(value: str) -> GetQrImageEcl:
    if value in GET_QR_IMAGE_ECL_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GET_QR_IMAGE_ECL_VALUES!r}")
