from typing import Literal

IntegrationStatus = Literal["active", "revoked"]

INTEGRATION_STATUS_VALUES: set[IntegrationStatus] = {
    "active",
    "revoked",
}


def check_integration_status(value: str) -> IntegrationStatus:
    if value in INTEGRATION_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {INTEGRATION_STATUS_VALUES!r}")
