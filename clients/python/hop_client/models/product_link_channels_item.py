from typing import Literal

ProductLinkChannelsItem = Literal["email", "instagram", "web", "x"]

PRODUCT_LINK_CHANNELS_ITEM_VALUES: set[ProductLinkChannelsItem] = {
    "email",
    "instagram",
    "web",
    "x",
}


def check_product_link_channels_item(value: str) -> ProductLinkChannelsItem:
    if value in PRODUCT_LINK_CHANNELS_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {PRODUCT_LINK_CHANNELS_ITEM_VALUES!r}")
