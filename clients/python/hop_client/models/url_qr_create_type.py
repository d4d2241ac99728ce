from typing import Literal

UrlQrCreateType = Literal["url"]

URL_QR_CREATE_TYPE_VALUES: set[UrlQrCreateType] = {
    "url",
}


def check_url_qr_create_type(value: str) -> UrlQrCreateType:
    if value in URL_QR_CREATE_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {URL_QR_CREATE_TYPE_VALUES!r}")
