from typing import Literal

AccountAnalyticsInterval = Literal["day", "hour", "week"]

ACCOUNT_ANALYTICS_INTERVAL_VALUES: set[AccountAnalyticsInterval] = {
    "day",
    "hour",
    "week",
}


def check_account_analytics_interval(value: str) -> AccountAnalyticsInterval:
    if value in ACCOUNT_ANALYTICS_INTERVAL_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ACCOUNT_ANALYTICS_INTERVAL_VALUES!r}")
