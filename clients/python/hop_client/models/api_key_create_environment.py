from typing import Literal

ApiKeyCreateEnvironment = Literal["live", "test"]

API_KEY_CREATE_ENVIRONMENT_VALUES: set[ApiKeyCreateEnvironment] = {
    "live",
    "test",
}


def check_api_key_create_environment(value: str) -> ApiKeyCreateEnvironment:
    if value in API_KEY_CREATE_ENVIRONMENT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {API_KEY_CREATE_ENVIRONMENT_VALUES!r}")
