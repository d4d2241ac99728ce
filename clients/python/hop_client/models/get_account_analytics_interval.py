from typing import Literal

GetAccountAnalyticsInterval = Literal["day", "hour", "week"]

GET_ACCOUNT_ANALYTICS_INTERVAL_VALUES: set[GetAccountAnalyticsInterval] = {
    "day",
    "hour",
    "week",
}


def check_get_account_analytics_interval(value: str) -> GetAccountAnalyticsInterval:
    if value in GET_ACCOUNT_ANALYTICS_INTERVAL_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GET_ACCOUNT_ANALYTICS_INTERVAL_VALUES!r}")
