from typing import Literal

LinkFilterBodyTagMatch = Literal["all", "any"]

LINK_FILTER_BODY_TAG_MATCH_VALUES: set[LinkFilterBodyTagMatch] = {
    "all",
    "any",
}


def check_link_filter_body_tag_match(value: str) -> LinkFilterBodyTagMatch:
    if value in LINK_FILTER_BODY_TAG_MATCH_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LINK_FILTER_BODY_TAG_MATCH_VALUES!r}")
