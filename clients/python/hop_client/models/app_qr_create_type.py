from typing import Literal

AppQrCreateType = Literal["app"]

APP_QR_CREATE_TYPE_VALUES: set[AppQrCreateType] = {
    "app",
}


def check_app_qr_create_type(value: str) -> AppQrCreateType:
    if value in APP_QR_CREATE_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {APP_QR_CREATE_TYPE_VALUES!r}")
