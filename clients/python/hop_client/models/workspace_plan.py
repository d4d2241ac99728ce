from typing import Literal

WorkspacePlan = Literal["business", "free", "pro"]

WORKSPACE_PLAN_VALUES: set[WorkspacePlan] = {
    "business",
    "free",
    "pro",
}


def check_workspace_plan(value: str) -> WorkspacePlan:
    if value in WORKSPACE_PLAN_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WORKSPACE_PLAN_VALUES!r}")
