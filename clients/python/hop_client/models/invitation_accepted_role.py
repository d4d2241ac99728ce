from typing import Literal

InvitationAcceptedRole = Literal["admin", "member", "owner", "viewer"]

INVITATION_ACCEPTED_ROLE_VALUES: set[InvitationAcceptedRole] = {
    "admin",
    "member",
    "owner",
    "viewer",
}


def check_invitation_accepted_role(value: str) -> InvitationAcceptedRole:
    if value in INVITATION_ACCEPTED_ROLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {INVITATION_ACCEPTED_ROLE_VALUES!r}")
