from typing import Literal

LinkStatus = Literal["active", "blocked", "expired", "flagged"]

LINK_STATUS_VALUES: set[LinkStatus] = {
    "active",
    "blocked",
    "expired",
    "flagged",
}


def check_link_status(value: str) -> LinkStatus:
    if value in LINK_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LINK_STATUS_VALUES!r}")
