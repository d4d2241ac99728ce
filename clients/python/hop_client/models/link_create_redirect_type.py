from typing import Literal

LinkCreateRedirectType = Literal[301, 302, 307, 308]

LINK_CREATE_REDIRECT_TYPE_VALUES: set[LinkCreateRedirectType] = {
    301,
    302,
    307,
    308,
}


def check_link_create_redirect_type(value: int) -> LinkCreateRedirectType:
    if value in LINK_CREATE_REDIRECT_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {LINK_CREATE_REDIRECT_TYPE_VALUES!r}")
