from typing import Literal

ListLinksTagMatch = Literal["all", "any"]

LIST_LINKS_TAG_MATCH_VALUES: set[ListLinksTagMatch] = {
    "all",
    "any",
}


def check_list_links_tag_match(value: str) -> ListLinksTagMatch:
    if value in LIST_LINKS_TAG_MATCH_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LIST_LINKS_TAG_MATCH_VALUES!r}")
