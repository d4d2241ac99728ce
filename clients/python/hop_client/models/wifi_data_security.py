from typing import Literal

WifiDataSecurity = Literal["nopass", "WEP", "WPA"]

WIFI_DATA_SECURITY_VALUES: set[WifiDataSecurity] = {
    "nopass",
    "WEP",
    "WPA",
}


def check_wifi_data_security(value: str) -> WifiDataSecurity:
    if value in WIFI_DATA_SECURITY_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WIFI_DATA_SECURITY_VALUES!r}")
