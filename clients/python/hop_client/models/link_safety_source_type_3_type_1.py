from typing import Literal

LinkSafetySourceType3Type1 = Literal["feed", "heuristic", "operator", "spam_wave"]

LINK_SAFETY_SOURCE_TYPE_3_TYPE_1_VALUES: set[LinkSafetySourceType3Type1] = {
    "feed",
    "heuristic",
    "operator",
    "spam_wave",
}


def check_link_safety_source_type_3_type_1(value: str) -> LinkSafetySourceType3Type1:
    if value in LINK_SAFETY_SOURCE_TYPE_3_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LINK_SAFETY_SOURCE_TYPE_3_TYPE_1_VALUES!r}")
