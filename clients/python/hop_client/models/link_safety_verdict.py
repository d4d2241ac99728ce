from typing import Literal

LinkSafetyVerdict = Literal["block", "ok", "warn"]

LINK_SAFETY_VERDICT_VALUES: set[LinkSafetyVerdict] = {
    "block",
    "ok",
    "warn",
}


def check_link_safety_verdict(value: str) -> LinkSafetyVerdict:
    if value in LINK_SAFETY_VERDICT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LINK_SAFETY_VERDICT_VALUES!r}")
