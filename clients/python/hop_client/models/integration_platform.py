from typing import Literal

IntegrationPlatform = Literal["shopify", "woocommerce"]

INTEGRATION_PLATFORM_VALUES: set[IntegrationPlatform] = {
    "shopify",
    "woocommerce",
}


def check_integration_platform(value: str) -> IntegrationPlatform:
    if value in INTEGRATION_PLATFORM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {INTEGRATION_PLATFORM_VALUES!r}")
