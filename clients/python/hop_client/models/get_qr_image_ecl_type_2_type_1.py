from typing import Literal

GetQrImageEclType2Type1 = Literal["H", "L", "M", "Q"]

GET_QR_IMAGE_ECL_TYPE_2_TYPE_1_VALUES: set[GetQrImageEclType2Type1] = {
    "H",
    "L",
    "M",
    "Q",
}


def check_get_qr_image_ecl_type_2_type_1(value: str) -> GetQrImageEclType2Type1:
    if value in GET_QR_IMAGE_ECL_TYPE_2_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GET_QR_IMAGE_ECL_TYPE_2_TYPE_1_VALUES!r}")
