"""SQL of workspaces and their members (queries.sql beside it)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

import msgspec

from admin.auth import Role
from admin.db import Connection, UniqueViolation, execute, fetch_all, fetch_one, load_queries
from admin.errors import Conflict, FieldError

_SQL = load_queries(__file__)


class WorkspaceRow(msgspec.Struct, frozen=True):
    id: str
    name: str
    slug: str
    plan: str
    personal_of: str | None
    created_at: datetime
    require_mfa: bool = False
    honor_dnt: bool = False  # docs/privacy.md
    link_health: bool = True  # docs/api.md#link-health


class MembershipRow(msgspec.Struct, frozen=True):
    id: str
    name: str
    slug: str
    plan: str
    personal_of: str | None
    created_at: datetime
    role: Role
    require_mfa: bool = False
    honor_dnt: bool = False  # docs/privacy.md
    link_health: bool = True  # docs/api.md#link-health


class MemberRow(msgspec.Struct, frozen=True):
    user_id: str
    email: str
    role: Role
    joined_at: datetime


class LockedMember(msgspec.Struct, frozen=True):
    user_id: str
    role: Role


class CachePlace(msgspec.Struct, frozen=True):
    kind: Literal["link", "bio"]
    environment: str
    name: str
    domain: str


class Hostname(msgspec.Struct, frozen=True):
    hostname: str


class Named(msgspec.Struct, frozen=True):
    id: str
    name: str
    slug: str


class _Id(msgspec.Struct, frozen=True):
    id: str


class _Flag(msgspec.Struct, frozen=True):
    value: bool


class _Prefix(msgspec.Struct, frozen=True):
    prefix: str


def _slug_taken(slug: str) -> Conflict:
    return Conflict(
        f"The slug {slug!r} is taken by another workspace.", [FieldError("slug", "already taken")]
    )


async def insert_workspace(
    conn: Connection, workspace_id: str, name: str, slug: str
) -> WorkspaceRow:
    """Conflict when the slug is taken."""
    try:
        row = await fetch_one(
            conn,
            _SQL["insert_workspace"],
            {"id": workspace_id, "name": name, "slug": slug},
            WorkspaceRow,
        )
    except UniqueViolation:
        raise _slug_taken(slug) from None
    assert row is not None
    return row


async def insert_member(conn: Connection, workspace_id: str, user_id: str, role: Role) -> None:
    await execute(
        conn,
        _SQL["insert_member"],
        {"workspace_id": workspace_id, "user_id": user_id, "role": role},
    )


async def slug_taken(conn: Connection, slug: str) -> bool:
    row = await fetch_one(conn, _SQL["slug_taken"], {"slug": slug}, _Flag)
    return bool(row and row.value)


async def workspaces_of_user(conn: Connection, user_id: str) -> list[MembershipRow]:
    return await fetch_all(conn, _SQL["workspaces_of_user"], {"user_id": user_id}, MembershipRow)


async def workspace(conn: Connection, workspace_id: str) -> WorkspaceRow | None:
    return await fetch_one(conn, _SQL["workspace"], {"id": workspace_id}, WorkspaceRow)


async def lock_workspace(conn: Connection, workspace_id: str) -> WorkspaceRow | None:
    return await fetch_one(conn, _SQL["lock_workspace"], {"id": workspace_id}, WorkspaceRow)


async def update_workspace(
    conn: Connection,
    workspace_id: str,
    name: str | None,
    slug: str | None,
    *,
    require_mfa: bool | None = None,
    honor_dnt: bool | None = None,
    link_health: bool | None = None,
) -> WorkspaceRow | None:
    try:
        return await fetch_one(
            conn,
            _SQL["update_workspace"],
            {
                "id": workspace_id,
                "name": name,
                "slug": slug,
                "require_mfa": require_mfa,
                "honor_dnt": honor_dnt,
                "link_health": link_health,
            },
            WorkspaceRow,
        )
    except UniqueViolation:
        raise _slug_taken(slug or "") from None


async def free_codes(conn: Connection, workspace_id: str) -> list[CachePlace]:
    """Free the workspace's codes and Bio names; the cache entries they had."""
    places = await fetch_all(conn, _SQL["free_codes"], {"id": workspace_id}, CachePlace)
    await execute(conn, _SQL["free_bio_names"], {"id": workspace_id})
    return places


async def verified_hostnames(conn: Connection, workspace_id: str) -> list[str]:
    rows = await fetch_all(conn, _SQL["verified_hostnames"], {"id": workspace_id}, Hostname)
    return [row.hostname for row in rows]


async def delete_workspace(conn: Connection, workspace_id: str) -> None:
    await execute(conn, _SQL["delete_workspace"], {"id": workspace_id})


async def members(conn: Connection, workspace_id: str) -> list[MemberRow]:
    return await fetch_all(conn, _SQL["members"], {"workspace_id": workspace_id}, MemberRow)


async def lock_members(conn: Connection, workspace_id: str, user_ids: list[str]) -> dict[str, Role]:
    """The owners and the named members, locked until the transaction ends: user → role."""
    rows = await fetch_all(
        conn,
        _SQL["lock_members"],
        {"workspace_id": workspace_id, "user_ids": user_ids},
        LockedMember,
    )
    return {row.user_id: row.role for row in rows}


async def set_role(conn: Connection, workspace_id: str, user_id: str, role: Role) -> None:
    params = {"workspace_id": workspace_id, "user_id": user_id, "role": role}
    await execute(conn, _SQL["set_role"], params)


async def remove_member(conn: Connection, workspace_id: str, user_id: str) -> None:
    await execute(conn, _SQL["remove_member"], {"workspace_id": workspace_id, "user_id": user_id})


async def keep_maker_role(conn: Connection, workspace_id: str, user_id: str, role: Role) -> None:
    params = {"workspace_id": workspace_id, "user_id": user_id, "role": role}
    await execute(conn, _SQL["keep_maker_role"], params)


async def revoke_keys_of_maker(conn: Connection, workspace_id: str, user_id: str) -> list[str]:
    rows = await fetch_all(
        conn,
        _SQL["revoke_keys_of_maker"],
        {"workspace_id": workspace_id, "user_id": user_id},
        _Prefix,
    )
    return [row.prefix for row in rows]


async def sole_owned(conn: Connection, user_id: str) -> list[Named]:
    return await fetch_all(conn, _SQL["sole_owned"], {"user_id": user_id}, Named)


async def keep_maker_roles_of_user(conn: Connection, user_id: str) -> None:
    await execute(conn, _SQL["keep_maker_roles_of_user"], {"user_id": user_id})


async def personal_workspace(conn: Connection, user_id: str) -> str | None:
    row = await fetch_one(conn, _SQL["personal_workspace"], {"user_id": user_id}, _Id)
    return row.id if row else None


async def lock_user(conn: Connection, user_id: str) -> bool:
    return await fetch_one(conn, _SQL["lock_user"], {"user_id": user_id}, _Id) is not None


async def delete_user(conn: Connection, user_id: str) -> None:
    await execute(conn, _SQL["delete_user"], {"user_id": user_id})


async def lock_owners_beside(conn: Connection, user_id: str) -> None:
    """Lock the owner rows of every workspace the user owns (see queries.sql)."""
    await fetch_all(conn, _SQL["lock_owners_beside"], {"user_id": user_id}, LockedMember)
