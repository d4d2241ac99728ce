from typing import Literal

SocialDataNetwork = Literal[
    "facebook",
    "github",
    "instagram",
    "linkedin",
    "pinterest",
    "snapchat",
    "telegram",
    "threads",
    "tiktok",
    "twitch",
    "x",
    "youtube",
]

SOCIAL_DATA_NETWORK_VALUES: set[SocialDataNetwork] = {
    "facebook",
    "github",
    "instagram",
    "linkedin",
    "pinterest",
    "snapchat",
    "telegram",
    "threads",
    "tiktok",
    "twitch",
    "x",
    "youtube",
}


def check_social_data_network(value: str) -> SocialDataNetwork:
    if value in SOCIAL_DATA_NETWORK_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SOCIAL_DATA_NETWORK_VALUES!r}")
