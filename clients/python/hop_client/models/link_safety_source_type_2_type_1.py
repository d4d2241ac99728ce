from typing import Literal

LinkSafetySourceType2Type1 = Literal["feed", "heuristic", "operator", "spam_wave"]

LINK_SAFETY_SOURCE_TYPE_2_TYPE_1_VALUES: set[LinkSafetySourceType2Type1] = {
    "feed",
    "heuristic",
    "operator",
    "spam_wave",
}


def check_link_safety_source_type_2_type_1(value: str) -> LinkSafetySourceType2Type1:
    if value in LINK_SAFETY_SOURCE_TYPE_2_TYPE_1_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LINK_SAFETY_SOURCE_TYPE_2_TYPE_1_VALUES!r}")
