from typing import Literal

WorkspaceRole = Literal["admin", "member", "owner", "viewer"]

WORKSPACE_ROLE_VALUES: set[WorkspaceRole] = {
    "admin",
    "member",
    "owner",
    "viewer",
}


def check_workspace_role(value: str) -> WorkspaceRole:
    if value in WORKSPACE_ROLE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WORKSPACE_ROLE_VALUES!r}")
