from typing import Literal

WifiQrCreateType = Literal["wifi"]

WIFI_QR_CREATE_TYPE_VALUES: set[WifiQrCreateType] = {
    "wifi",
}


def check_wifi_qr_create_type(value: str) -> WifiQrCreateType:
    if value in WIFI_QR_CREATE_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WIFI_QR_CREATE_TYPE_VALUES!r}")
