from typing import Literal

SsoUpdateDefaultRoleType0 = Literal["admin", "member", "viewer"]

SSO_UPDATE_DEFAULT_ROLE_TYPE_0_VALUES: set[SsoUpdateDefaultRoleType0] = {
    "admin",
    "member",
    "viewer",
}


def check_sso_update_default_role_type_0(value: str) -> SsoUpdateDefaultRoleType0:
    if value in SSO_UPDATE_DEFAULT_ROLE_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SSO_UPDATE_DEFAULT_ROLE_TYPE_0_VALUES!r}")
