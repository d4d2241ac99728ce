"""Invitations to a workspace (docs/api.md#invitations).

- An admin or owner of a workspace invites an address with a role (only an owner may
  invite an owner). The e-mail carries a link to the dashboard,
  ``/invitations/accept?token=…``: 256 random bits, stored as their SHA-256 only,
  valid seven days (``INVITATION_TTL``) and once.
- Accepting (``POST /v1/invitations/accept`` or the dashboard) takes a person signed in
  (a JWT or a session, never an API key) whose confirmed address is the invited one.
  Single use without a race: the accept spends the invitation with one
  ``UPDATE … WHERE accepted_at IS NULL … RETURNING``, so of two concurrent accepts one
  wins and the other finds it used (410).
- Every change is audited in its own transaction (``member.invited``,
  ``invitation.resent``, ``invitation.revoked``, ``member.joined``), and a new member is
  announced on the auth-change channel after the commit, so every admin process knows
  them on the very next request.
"""

from __future__ import annotations

import secrets
from urllib.parse import quote

import msgspec
from redis.asyncio import Redis

from admin.audit import record_audit
from admin.auth import Principal, announce_auth_change, token_hash
from admin.db import Connection, Database
from admin.errors import Conflict, FieldError, Forbidden, Gone, NotFound, validation
from admin.mail import Mail, queue_mail
from admin.workspaces import invitation_repository as repo
from admin.workspaces.invitation_schemas import (
    Invitation,
    InvitationAccepted,
    InvitationCreate,
    InvitationList,
)
from common.ids import new_id
from common.timefmt import iso_utc

INVITATION_TTL = 7 * 86_400  # seven days
INVITATION_PREFIX = "inv_"


def _check_email(email: str) -> list[FieldError]:
    """The rule sign-up applies (admin/accounts/rules.py), repeated: accounts sits above
    this domain."""
    local, at, domain = email.partition("@")
    if (
        not (local and at and "." in domain)
        or any(c.isspace() or c in '<>,;"' for c in email)
        or "@" in domain
    ):
        return [FieldError("email", "must be an e-mail address")]
    return []


def invitation_mail(
    base_url: str, workspace_name: str | None, role: str, token: str
) -> tuple[str, str]:
    link = f"{base_url}/invitations/accept?token={quote(token)}"
    name = workspace_name or "a workspace"
    return (
        f"Hop: you are invited to {name}",
        f"You are invited to join the Hop workspace {name!r} as {role}.\n\n"
        "Open this link to accept (it works once, for 7 days; sign up first with this\n"
        f"address if you have no Hop account):\n{link}\n\n"
        "If you do not know this workspace, ignore this e-mail: nothing happens without\n"
        "the link.\n",
    )


def _resource(row: repo.InvitationRow) -> Invitation:
    return Invitation(
        id=row.id,
        email=row.email,
        role=row.role,  # type: ignore[arg-type]  # the column's CHECK holds it to the roles
        invited_by=row.invited_by,
        created_at=iso_utc(row.created_at),
        expires_at=iso_utc(row.expires_at),
    )


def _in_workspace(principal: Principal, workspace_id: str) -> None:
    """The caller acts in ``workspace_id``, or it is none of theirs to see (404)."""
    if principal.workspace_id != workspace_id:
        raise NotFound(f"No workspace with id {workspace_id!r}.")


def _may_grant(principal: Principal, role: str) -> None:
    if role == "owner" and principal.role != "owner":
        raise Forbidden("Only an owner may invite an owner or change an owner's invitation.")


class InvitationPreview(msgspec.Struct, frozen=True, kw_only=True):
    """What the dashboard's accept page shows before the button (the e-mail said as much)."""

    workspace_name: str
    email: str
    role: str
    expires_at: str


class InvitationService:
    def __init__(self, db: Database, redis: Redis, base_url: str) -> None:
        self.db = db
        self.redis = redis
        self.base_url = base_url

    async def invite(
        self, principal: Principal, workspace_id: str, data: InvitationCreate
    ) -> Invitation:
        _in_workspace(principal, workspace_id)
        email = data.email.strip()
        if errors := _check_email(email):
            raise validation(errors)
        _may_grant(principal, data.role)
        token = secrets.token_urlsafe(32)
        async with self.db.transaction() as conn:
            if await repo.is_member_by_email(conn, workspace_id, email):
                raise Conflict(f"{email!r} is already a member of the workspace.")
            row = await repo.insert_invitation(
                conn,
                repo.NewInvitation(
                    id=new_id("inv"),
                    workspace_id=workspace_id,
                    email=email,
                    role=data.role,
                    token_hash=token_hash(token),
                    invited_by=principal.user_id,
                    ttl=INVITATION_TTL,
                ),
            )
            await self._mail(conn, email, row.workspace_name, data.role, token)
            await record_audit(conn, principal, "member.invited", row.id)
        return _resource(row)

    async def list(self, principal: Principal, workspace_id: str) -> InvitationList:
        """The pending invitations, newest first (never a token)."""
        _in_workspace(principal, workspace_id)
        async with self.db.connection() as conn:
            rows = await repo.pending_invitations(conn, workspace_id)
        return InvitationList(data=[_resource(row) for row in rows])

    async def revoke(self, principal: Principal, workspace_id: str, invitation_id: str) -> None:
        _in_workspace(principal, workspace_id)
        async with self.db.transaction() as conn:
            row = await self._pending(conn, principal, workspace_id, invitation_id)
            await repo.revoke_invitation(conn, row.id)
            await record_audit(conn, principal, "invitation.revoked", row.id)

    async def resend(
        self, principal: Principal, workspace_id: str, invitation_id: str
    ) -> Invitation:
        """A new e-mail with a new token and seven more days; the old link stops working."""
        _in_workspace(principal, workspace_id)
        token = secrets.token_urlsafe(32)
        async with self.db.transaction() as conn:
            pending = await self._pending(conn, principal, workspace_id, invitation_id)
            row = await repo.renew_invitation(conn, pending.id, token_hash(token), INVITATION_TTL)
            await self._mail(conn, row.email, pending.workspace_name, row.role, token)
            await record_audit(conn, principal, "invitation.resent", row.id)
        return _resource(row)

    async def accept(self, principal: Principal, token: str) -> InvitationAccepted:
        """Make the signed-in person a member with the invitation's role."""
        if principal.key_id is not None or principal.user_id is None:
            raise Forbidden(
                "An invitation is accepted by the person invited, signed in (an access "
                "token or the dashboard), not with an API key."
            )
        user_id = principal.user_id
        async with self.db.transaction() as conn:
            invitation = await repo.invitation_by_token(conn, token_hash(token))
            if invitation is None:
                raise Gone("This invitation is invalid, used, revoked or expired.")
            invitee = await repo.invitee(conn, user_id)
            if invitee is None or not invitee.confirmed:
                raise Forbidden(
                    "Confirm your e-mail address first: an invitation is accepted by the "
                    "confirmed owner of the invited address."
                )
            if invitee.email.lower() != invitation.email.lower():
                raise Forbidden("This invitation was sent to another e-mail address.")
            spent = await repo.spend_invitation(conn, invitation.id)
            if spent is None:
                raise Gone("This invitation was already used, revoked or has expired.")
            if not await repo.add_member(conn, spent.workspace_id, user_id, spent.role):
                raise Conflict("You are already a member of this workspace.")
            await record_audit(
                conn, principal, "member.joined", user_id, workspace_id=spent.workspace_id
            )
        await announce_auth_change(self.redis, f"member:{spent.workspace_id}:{user_id}")
        return InvitationAccepted(
            workspace_id=spent.workspace_id,
            role=spent.role,  # type: ignore[arg-type]  # the column's CHECK holds it
        )

    async def preview(self, token: str) -> InvitationPreview:
        """The usable invitation ``token`` opens, for the page that asks to accept it
        (spends nothing); used, revoked or expired: 410, as the accept would say."""
        if not token or len(token) > 200:
            raise Gone("This invitation is invalid, used, revoked or expired.")
        async with self.db.connection() as conn:
            row = await repo.pending_by_token(conn, token_hash(token))
        if row is None:
            raise Gone("This invitation is invalid, used, revoked or expired.")
        return InvitationPreview(
            workspace_name=row.workspace_name,
            email=row.email,
            role=row.role,
            expires_at=iso_utc(row.expires_at),
        )

    @staticmethod
    async def _pending(
        conn: Connection, principal: Principal, workspace_id: str, invitation_id: str
    ) -> repo.InvitationRow:
        if not invitation_id.startswith(INVITATION_PREFIX):
            raise NotFound(f"No pending invitation with id {invitation_id!r}.")
        row = await repo.pending_invitation_for_update(conn, workspace_id, invitation_id)
        if row is None:
            raise NotFound(f"No pending invitation with id {invitation_id!r}.")
        _may_grant(principal, row.role)
        return row

    async def _mail(
        self, conn: Connection, email: str, workspace_name: str | None, role: str, token: str
    ) -> None:
        subject, body = invitation_mail(self.base_url, workspace_name, role, token)
        await queue_mail(conn, Mail(email, subject, body))


async def purge_old_invitations(db: Database) -> int:
    """Delete invitations unusable for 30 days (housekeeping); how many went."""
    async with db.connection() as conn:
        return await repo.purge_old_invitations(conn)
