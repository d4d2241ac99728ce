from typing import Literal

BioSocialInNetwork = Literal[
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

BIO_SOCIAL_IN_NETWORK_VALUES: set[BioSocialInNetwork] = {
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


def check_bio_social_in_network(value: str) -> BioSocialInNetwork:
    if value in BIO_SOCIAL_IN_NETWORK_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {BIO_SOCIAL_IN_NETWORK_VALUES!r}")
