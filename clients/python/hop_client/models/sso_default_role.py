from typing import Literal

SsoDefaultRole = Literal["admin", "member", "viewer"]

SSO_DEFAULT_ROLE_VALUES: set[SsoDefaultRole] = {
    "admin",
    "member",
    "viewer",
}


def check_sso_default_role(value: str) -> SsoDefaultRole:
    if value in SSO_DEFAULT_ROLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SSO_DEFAULT_ROLE_VALUES!r}")
