from typing import Literal

GenerateRequestChannelsType0Item = Literal["email", "instagram", "web", "x"]

GENERATE_REQUEST_CHANNELS_TYPE_0_ITEM_VALUES: set[GenerateRequestChannelsType0Item] = {
    "email",
    "instagram",
    "web",
    "x",
}


def check_generate_request_channels_type_0_item(value: str) -> GenerateRequestChannelsType0Item:
    if value in GENERATE_REQUEST_CHANNELS_TYPE_0_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {GENERATE_REQUEST_CHANNELS_TYPE_0_ITEM_VALUES!r}")
