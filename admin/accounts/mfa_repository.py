"""SQL for two-factor codes' account side: the person, their workspaces (mfa_queries.sql)."""

from __future__ import annotations

import msgspec

from admin.db import Connection, fetch_all, fetch_one, load_queries

_SQL = load_queries(__file__, "mfa_queries.sql")


class Person(msgspec.Struct, frozen=True):
    email: str
    has_password: bool


class _WorkspaceOf(msgspec.Struct, frozen=True):
    workspace_id: str


async def person(conn: Connection, user_id: str) -> Person | None:
    return await fetch_one(conn, _SQL["person"], {"user_id": user_id}, Person)


async def workspaces_of(conn: Connection, user_id: str) -> list[str]:
    rows = await fetch_all(conn, _SQL["workspaces_of"], {"user_id": user_id}, _WorkspaceOf)
    return [row.workspace_id for row in rows]
