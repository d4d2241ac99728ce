from typing import Literal

ListLinksSort = Literal["-clicks", "-created", "clicks", "created"]

LIST_LINKS_SORT_VALUES: set[ListLinksSort] = {
    "-clicks",
    "-created",
    "clicks",
    "created",
}


def check_list_links_sort(value: str) -> ListLinksSort:
    if value in LIST_LINKS_SORT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_LINKS_SORT_VALUES!r}")
