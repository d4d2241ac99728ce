from typing import Literal

ListLinksStatus = Literal["active", "blocked", "expired", "flagged"]

LIST_LINKS_STATUS_VALUES: set[ListLinksStatus] = {
    "active",
    "blocked",
    "expired",
    "flagged",
}


def check_list_links_status(value: str) -> ListLinksStatus:
    if value in LIST_LINKS_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_LINKS_STATUS_VALUES!r}")
