"""SQL of invitations (invitation_queries.sql beside it): typed in and out."""

from __future__ import annotations

from datetime import datetime

import msgspec

from admin.db import Connection, execute, fetch_all, fetch_one, load_queries

_SQL = load_queries(__file__, "invitation_queries.sql")


class InvitationRow(msgspec.Struct, kw_only=True):
    id: str
    email: str
    role: str
    invited_by: str | None
    created_at: datetime
    expires_at: datetime
    workspace_name: str | None


class NewInvitation(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    workspace_id: str
    email: str
    role: str
    token_hash: bytes
    invited_by: str | None
    ttl: int


class TokenRow(msgspec.Struct, kw_only=True):
    id: str
    workspace_id: str
    email: str
    role: str


class PendingRow(msgspec.Struct, kw_only=True):
    workspace_name: str
    email: str
    role: str
    expires_at: datetime


class Invitee(msgspec.Struct, kw_only=True):
    email: str
    confirmed: bool


class Spent(msgspec.Struct, kw_only=True):
    workspace_id: str
    role: str


class _Member(msgspec.Struct):
    member: bool


async def insert_invitation(conn: Connection, new: NewInvitation) -> InvitationRow:
    row = await fetch_one(
        conn, _SQL["insert_invitation"], msgspec.structs.asdict(new), InvitationRow
    )
    assert row is not None  # INSERT … RETURNING
    return row


async def is_member_by_email(conn: Connection, workspace_id: str, email: str) -> bool:
    params = {"workspace_id": workspace_id, "email": email}
    row = await fetch_one(conn, _SQL["is_member_by_email"], params, _Member)
    return row is not None and row.member


async def pending_invitations(conn: Connection, workspace_id: str) -> list[InvitationRow]:
    params = {"workspace_id": workspace_id}
    return await fetch_all(conn, _SQL["pending_invitations"], params, InvitationRow)


async def pending_invitation_for_update(
    conn: Connection, workspace_id: str, invitation_id: str
) -> InvitationRow | None:
    params = {"workspace_id": workspace_id, "id": invitation_id}
    return await fetch_one(conn, _SQL["pending_invitation_for_update"], params, InvitationRow)


async def revoke_invitation(conn: Connection, invitation_id: str) -> None:
    await execute(conn, _SQL["revoke_invitation"], {"id": invitation_id})


async def renew_invitation(
    conn: Connection, invitation_id: str, token_hash: bytes, ttl: int
) -> InvitationRow:
    params = {"id": invitation_id, "token_hash": token_hash, "ttl": ttl}
    row = await fetch_one(conn, _SQL["renew_invitation"], params, InvitationRow)
    assert row is not None  # locked by pending_invitation_for_update in this transaction
    return row


async def invitation_by_token(conn: Connection, token_hash: bytes) -> TokenRow | None:
    return await fetch_one(conn, _SQL["invitation_by_token"], {"token_hash": token_hash}, TokenRow)


async def pending_by_token(conn: Connection, token_hash: bytes) -> PendingRow | None:
    return await fetch_one(conn, _SQL["pending_by_token"], {"token_hash": token_hash}, PendingRow)


async def invitee(conn: Connection, user_id: str) -> Invitee | None:
    return await fetch_one(conn, _SQL["invitee"], {"user_id": user_id}, Invitee)


async def spend_invitation(conn: Connection, invitation_id: str) -> Spent | None:
    return await fetch_one(conn, _SQL["spend_invitation"], {"id": invitation_id}, Spent)


async def add_member(conn: Connection, workspace_id: str, user_id: str, role: str) -> bool:
    """False: already a member."""
    params = {"workspace_id": workspace_id, "user_id": user_id, "role": role}
    return await execute(conn, _SQL["add_member"], params) == 1


async def purge_old_invitations(conn: Connection) -> int:
    return await execute(conn, _SQL["purge_old_invitations"])
