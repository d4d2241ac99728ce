from typing import Literal

SsoCreateDefaultRole = Literal["admin", "member", "viewer"]

SSO_CREATE_DEFAULT_ROLE_VALUES: set[SsoCreateDefaultRole] = {
    "admin",
    "member",
    "viewer",
}


def check_sso_create_default_role(value: str) -> SsoCreateDefaultRole:
    if value in SSO_CREATE_DEFAULT_ROLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SSO_CREATE_DEFAULT_ROLE_VALUES!r}")
