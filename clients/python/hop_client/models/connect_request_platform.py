from typing import Literal

ConnectRequestPlatform = Literal["shopify", "woocommerce"]

CONNECT_REQUEST_PLATFORM_VALUES: set[ConnectRequestPlatform] = {
    "shopify",
    "woocommerce",
}


def check_connect_request_platform(value: str) -> ConnectRequestPlatform:
    if value in CONNECT_REQUEST_PLATFORM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CONNECT_REQUEST_PLATFORM_VALUES!r}")
