from typing import Literal

LinkHealthStatus = Literal["broken", "ok", "unknown"]

LINK_HEALTH_STATUS_VALUES: set[LinkHealthStatus] = {
    "broken",
    "ok",
    "unknown",
}


def check_link_health_status(value: str) -> LinkHealthStatus:
    if value in LINK_HEALTH_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LINK_HEALTH_STATUS_VALUES!r}")
