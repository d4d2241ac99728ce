"""SQL of workspaces' single sign-on: connections, their domains, the people who sign in
through them (sso_queries.sql beside it)."""

from __future__ import annotations

from datetime import datetime

import msgspec

from admin.auth import Role
from admin.db import Connection, UniqueViolation, execute, fetch_all, fetch_one, load_queries
from admin.errors import Conflict, FieldError

_SQL = load_queries(__file__, "sso_queries.sql")


class ConnectionRow(msgspec.Struct, frozen=True):
    workspace_id: str
    issuer: str
    client_id: str
    client_secret: bytes
    require_sso: bool
    default_role: Role
    created_at: datetime
    updated_at: datetime


class DomainRow(msgspec.Struct, frozen=True):
    domain: str
    token: str
    verified_at: datetime | None
    checked_at: datetime | None


class NewConnection(msgspec.Struct, frozen=True, kw_only=True):
    workspace_id: str
    issuer: str
    client_id: str
    client_secret: bytes
    require_sso: bool
    default_role: Role


class UserRow(msgspec.Struct, frozen=True):
    id: str
    verified: bool
    credentials_version: int


class _UserId(msgspec.Struct, frozen=True):
    user_id: str


class _Id(msgspec.Struct, frozen=True):
    id: str


class _Value(msgspec.Struct, frozen=True):
    value: int


class _Flag(msgspec.Struct, frozen=True):
    value: bool


async def connection(conn: Connection, workspace_id: str) -> ConnectionRow | None:
    return await fetch_one(conn, _SQL["connection"], {"workspace_id": workspace_id}, ConnectionRow)


async def insert_connection(conn: Connection, new: NewConnection) -> ConnectionRow | None:
    """None: the workspace has a connection already."""
    params = msgspec.structs.asdict(new)
    return await fetch_one(conn, _SQL["insert_connection"], params, ConnectionRow)


async def replace_connection(conn: Connection, new: NewConnection) -> ConnectionRow:
    params = msgspec.structs.asdict(new)
    row = await fetch_one(conn, _SQL["replace_connection"], params, ConnectionRow)
    assert row is not None
    return row


async def update_connection(
    conn: Connection, workspace_id: str, require_sso: bool | None, default_role: Role | None
) -> ConnectionRow | None:
    params = {
        "workspace_id": workspace_id,
        "require_sso": require_sso,
        "default_role": default_role,
    }
    return await fetch_one(conn, _SQL["update_connection"], params, ConnectionRow)


async def delete_connection(conn: Connection, workspace_id: str) -> bool:
    params = {"workspace_id": workspace_id}
    return await fetch_one(conn, _SQL["delete_connection"], params, _Id) is not None


async def domains(conn: Connection, workspace_id: str) -> list[DomainRow]:
    return await fetch_all(conn, _SQL["domains"], {"workspace_id": workspace_id}, DomainRow)


async def add_domain(conn: Connection, workspace_id: str, domain: str, token: str) -> None:
    params = {"workspace_id": workspace_id, "domain": domain, "token": token}
    await execute(conn, _SQL["add_domain"], params)


async def drop_domains_except(conn: Connection, workspace_id: str, kept: list[str]) -> None:
    params = {"workspace_id": workspace_id, "domains": kept}
    await execute(conn, _SQL["drop_domains_except"], params)


async def domain(conn: Connection, workspace_id: str, name: str) -> DomainRow | None:
    params = {"workspace_id": workspace_id, "domain": name}
    return await fetch_one(conn, _SQL["domain"], params, DomainRow)


async def mark_domain_checked(
    conn: Connection, workspace_id: str, name: str, *, found: bool
) -> DomainRow | None:
    """Conflict when another workspace proved the domain first."""
    params = {"workspace_id": workspace_id, "domain": name, "found": found}
    try:
        return await fetch_one(conn, _SQL["mark_domain_checked"], params, DomainRow)
    except UniqueViolation:
        raise Conflict(
            f"Another workspace has proven {name!r} for its single sign-on.",
            [FieldError("domain", "proven by another workspace")],
        ) from None


async def connection_for_domain(conn: Connection, name: str) -> ConnectionRow | None:
    return await fetch_one(conn, _SQL["connection_for_domain"], {"domain": name}, ConnectionRow)


async def domain_verified_in(conn: Connection, workspace_id: str, name: str) -> bool:
    params = {"workspace_id": workspace_id, "domain": name}
    row = await fetch_one(conn, _SQL["domain_verified_in"], params, _Flag)
    return bool(row and row.value)


async def identity_user(conn: Connection, provider: str, subject: str) -> str | None:
    params = {"provider": provider, "subject": subject}
    row = await fetch_one(conn, _SQL["identity_user"], params, _UserId)
    return row.user_id if row else None


async def user_by_email(conn: Connection, email: str) -> UserRow | None:
    return await fetch_one(conn, _SQL["user_by_email"], {"email": email}, UserRow)


async def insert_identity(
    conn: Connection, *, identity_id: str, user_id: str, provider: str, subject: str, email: str
) -> None:
    params = {
        "id": identity_id,
        "user_id": user_id,
        "provider": provider,
        "subject": subject,
        "email": email,
    }
    await execute(conn, _SQL["insert_identity"], params)


async def insert_user(conn: Connection, user_id: str, email: str) -> None:
    await execute(conn, _SQL["insert_user"], {"id": user_id, "email": email})


async def take_back_unconfirmed(conn: Connection, user_id: str) -> bool:
    """True when the account was unconfirmed and is now taken back (see the SQL)."""
    return await execute(conn, _SQL["take_back_unconfirmed"], {"user_id": user_id}) > 0


async def credentials_version(conn: Connection, user_id: str) -> int:
    row = await fetch_one(conn, _SQL["credentials_version"], {"user_id": user_id}, _Value)
    assert row is not None
    return row.value


async def join_workspace(conn: Connection, workspace_id: str, user_id: str, role: Role) -> bool:
    """True when the person joined now (False: a member already)."""
    params = {"workspace_id": workspace_id, "user_id": user_id, "role": role}
    return await fetch_one(conn, _SQL["join_workspace"], params, _UserId) is not None


async def workspaces_of(conn: Connection, user_id: str) -> list[str]:
    rows = await fetch_all(conn, _SQL["workspaces_of"], {"user_id": user_id}, _Id)
    return [row.id for row in rows]
