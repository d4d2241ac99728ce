"""Workspace roles (docs/api.md#roles): each a fixed set of scopes, each holding
everything the one below it holds, plus the operations reserved to a role whatever the
scopes say (a route's ``role`` option: managing members, domains and stores, deleting
the workspace).

A credential's scopes are always cut down to its role's: a JWT or a session to the
member's current role, an API key to its maker's (docs/decisions.md#workspaces).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from admin.auth.scopes import ALL_SCOPES, READ_SCOPES

Role = Literal["owner", "admin", "member", "viewer"]
ROLES: tuple[Role, ...] = ("owner", "admin", "member", "viewer")  # most powerful first

_MEMBER_WRITES = frozenset({"links:write", "qr:write", "bio:write", "integrations:write"})
ROLE_SCOPES: dict[Role, frozenset[str]] = {
    "owner": frozenset(ALL_SCOPES),
    "admin": frozenset(ALL_SCOPES),
    "member": READ_SCOPES | _MEMBER_WRITES,
    "viewer": READ_SCOPES,
}


def rank(role: Role) -> int:
    """Higher is more powerful."""
    return len(ROLES) - ROLES.index(role)


def at_least(role: Role, needed: Role) -> bool:
    return rank(role) >= rank(needed)


def capped(scopes: Iterable[str], role: Role) -> frozenset[str]:
    """The scopes a credential holds as far as its role allows. Write implies read, so a
    write scope the role does not allow still leaves its read (a key with
    ``links:write`` whose maker is now a viewer reads links)."""
    held = frozenset(scopes)
    implied = {scope.replace(":write", ":read") for scope in held if scope.endswith(":write")}
    return (held | implied) & ROLE_SCOPES[role]
