from typing import Literal

SocialQrCreateType = Literal["social"]

SOCIAL_QR_CREATE_TYPE_VALUES: set[SocialQrCreateType] = {
    "social",
}


def check_social_qr_create_type(value: str) -> SocialQrCreateType:
    if value in SOCIAL_QR_CREATE_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SOCIAL_QR_CREATE_TYPE_VALUES!r}")
