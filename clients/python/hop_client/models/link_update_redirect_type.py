from typing import Literal

LinkUpdateRedirectType = Literal[301, 302, 307, 308]

LINK_UPDATE_REDIRECT_TYPE_VALUES: set[LinkUpdateRedirectType] = {
    301,
    302,
    307,
    308,
}


def check_link_update_redirect_type(value: int) -> LinkUpdateRedirectType:
    if value in LINK_UPDATE_REDIRECT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LINK_UPDATE_REDIRECT_TYPE_VALUES!r}")
