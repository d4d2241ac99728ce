from typing import Literal

LinkSafetySourceType0 = Literal["feed", "heuristic", "operator", "spam_wave"]

LINK_SAFETY_SOURCE_TYPE_0_VALUES: set[LinkSafetySourceType0] = {
    "feed",
    "heuristic",
    "operator",
    "spam_wave",
}


def check_link_safety_source_type_0(value: str) -> LinkSafetySourceType0:
    if value in LINK_SAFETY_SOURCE_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LINK_SAFETY_SOURCE_TYPE_0_VALUES!r}")
