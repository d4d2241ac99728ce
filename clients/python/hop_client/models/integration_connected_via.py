from typing import Literal

IntegrationConnectedVia = Literal["oauth", "token"]

INTEGRATION_CONNECTED_VIA_VALUES: set[IntegrationConnectedVia] = {
    "oauth",
    "token",
}


def check_integration_connected_via(value: str) -> IntegrationConnectedVia:
    if value in INTEGRATION_CONNECTED_VIA_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {INTEGRATION_CONNECTED_VIA_VALUES!r}")
