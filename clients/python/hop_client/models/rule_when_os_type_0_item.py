from typing import Literal

RuleWhenOsType0Item = Literal["android", "chromeos", "ios", "linux", "macos", "windows"]

RULE_WHEN_OS_TYPE_0_ITEM_VALUES: set[RuleWhenOsType0Item] = {
    "android",
    "chromeos",
    "ios",
    "linux",
    "macos",
    "windows",
}


def check_rule_when_os_type_0_item(value: str) -> RuleWhenOsType0Item:
    if value in RULE_WHEN_OS_TYPE_0_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RULE_WHEN_OS_TYPE_0_ITEM_VALUES!r}")
