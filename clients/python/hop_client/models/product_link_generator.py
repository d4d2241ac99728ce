from typing import Literal

ProductLinkGenerator = Literal["ai", "template"]

PRODUCT_LINK_GENERATOR_VALUES: set[ProductLinkGenerator] = {
    "ai",
    "template",
}


def check_product_link_generator(value: str) -> ProductLinkGenerator:
    if value in PRODUCT_LINK_GENERATOR_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PRODUCT_LINK_GENERATOR_VALUES!r}")
