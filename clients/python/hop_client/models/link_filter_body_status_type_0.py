from typing import Literal

LinkFilterBodyStatusType0 = Literal["active", "blocked", "expired", "flagged"]

LINK_FILTER_BODY_STATUS_TYPE_0_VALUES: set[LinkFilterBodyStatusType0] = {
    "active",
    "blocked",
    "expired",
    "flagged",
}


def check_link_filter_body_status_type_0(value: str) -> LinkFilterBodyStatusType0:
    if value in LINK_FILTER_BODY_STATUS_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LINK_FILTER_BODY_STATUS_TYPE_0_VALUES!r}")
