from typing import Literal

ApiKeyEnvironment = Literal["live", "test"]

API_KEY_ENVIRONMENT_VALUES: set[ApiKeyEnvironment] = {
    "live",
    "test",
}


def check_api_key_environment(value: str) -> ApiKeyEnvironment:
    if value in API_KEY_ENVIRONMENT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {API_KEY_ENVIRONMENT_VALUES!r}")
