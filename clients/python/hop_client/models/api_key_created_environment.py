from typing import Literal

ApiKeyCreatedEnvironment = Literal["live", "test"]

API_KEY_CREATED_ENVIRONMENT_VALUES: set[ApiKeyCreatedEnvironment] = {
    "live",
    "test",
}


def check_api_key_created_environment(value: str) -> ApiKeyCreatedEnvironment:
    if value in API_KEY_CREATED_ENVIRONMENT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {API_KEY_CREATED_ENVIRONMENT_VALUES!r}")
