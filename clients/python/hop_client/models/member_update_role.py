from typing import Literal

MemberUpdateRole = Literal["admin", "member", "owner", "viewer"]

MEMBER_UPDATE_ROLE_VALUES: set[MemberUpdateRole] = {
    "admin",
    "member",
    "owner",
    "viewer",
}


def check_member_update_role(value: str) -> MemberUpdateRole:
    if value in MEMBER_UPDATE_ROLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {MEMBER_UPDATE_ROLE_VALUES!r}")
