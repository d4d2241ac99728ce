from typing import Literal

MePlan = Literal["business", "free", "pro"]

ME_PLAN_VALUES: set[MePlan] = {
    "business",
    "free",
    "pro",
}


def check_me_plan(value: str) -> MePlan:
    if value in ME_PLAN_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ME_PLAN_VALUES!r}")
