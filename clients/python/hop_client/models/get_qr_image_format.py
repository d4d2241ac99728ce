from typing import Literal

GetQrImageFormat = Literal["pdf", "png", "svg"]

GET_QR_IMAGE_FORMAT_VALUES: set[GetQrImageFormat] = {
    "pdf",
    "png",
    "svg",
}


def check_get_qr_image_format(value: str) -> GetQrImageFormat:
    if value in GET_QR_IMAGE_FORMAT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GET_QR_IMAGE_FORMAT_VALUES!r}")
