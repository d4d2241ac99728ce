from typing import Literal

GetQrImageEclType3Type1 = Literal["H", "L", "M", "Q"]

GET_QR_IMAGE_ECL_TYPE_3_TYPE_1_VALUES: set[GetQrImageEclType3Type1] = {
    "H",
    "L",
    "M",
    "Q",
}


def check_get_qr_image_ecl_type_3_type_1(value: str) -> GetQrImageEclType3Type1:
    if value in GET_QR_IMAGE_ECL_TYPE_3_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GET_QR_IMAGE_ECL_TYPE_3_TYPE_1_VALUES!r}")
