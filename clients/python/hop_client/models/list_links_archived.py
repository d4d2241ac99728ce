from typing import Literal

ListLinksArchived = Literal["all", "false", "true"]

LIST_LINKS_ARCHIVED_VALUES: set[ListLinksArchived] = {
    "all",
    "false",
    "true",
}


def check_list_links_archived(value: str) -> ListLinksArchived:
    if value in LIST_LINKS_ARCHIVED_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_LINKS_ARCHIVED_VALUES!r}")
