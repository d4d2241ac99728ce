from typing import Literal

RuleWhenDeviceType0Item = Literal["desktop", "mobile", "tablet"]

RULE_WHEN_DEVICE_TYPE_0_ITEM_VALUES: set[RuleWhenDeviceType0Item] = {
    "desktop",
    "mobile",
    "tablet",
}


def check_rule_when_device_type_0_item(value: str) -> RuleWhenDeviceType0Item:
    if value in RULE_WHEN_DEVICE_TYPE_0_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RULE_WHEN_DEVICE_TYPE_0_ITEM_VALUES!r}")
