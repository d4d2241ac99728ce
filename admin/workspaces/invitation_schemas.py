"""Wire formats of invitations (docs/api.md#invitations)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from admin.api.examples import example

MAX_EMAIL_LENGTH = 254
RoleName = Literal["owner", "admin", "member", "viewer"]
Email = Annotated[
    str,
    Meta(min_length=3, max_length=MAX_EMAIL_LENGTH, description="The invited person's address."),
]
Token = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=200,
        description="The token of the invitation's link (`/invitations/accept?token=…`).",
    ),
]


@example({"email": "ada@example.com", "role": "member"})
class InvitationCreate(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    email: Email
    role: RoleName


INVITATION_EXAMPLE = {
    "id": "inv_01JNQ8E9F0G1H2J3K4M5N6P7QR",
    "email": "ada@example.com",
    "role": "member",
    "invitedBy": "usr_01JNQDK4M5N6P7Q8R9S0T1U2VW",
    "createdAt": "2026-03-01T09:30:00Z",
    "expiresAt": "2026-03-08T09:30:00Z",
}


@example(INVITATION_EXAMPLE)
class Invitation(msgspec.Struct, kw_only=True, rename="camel"):
    """A pending invitation; its token is only in the e-mail."""

    id: str
    email: str
    role: RoleName
    invited_by: str | None
    created_at: str
    expires_at: str


@example({"data": [INVITATION_EXAMPLE]})
class InvitationList(msgspec.Struct, kw_only=True):
    data: list[Invitation]


@example({"token": "Jq9xT2mR7vL0pW3nK8sD4fH6gB1cZ5Jq9xT2mR7vL0p"})
class InvitationAccept(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    token: Token


@example({"workspaceId": "ws_01JNQDK4M5N6P7Q8R9S0T1U2VW", "role": "member"})
class InvitationAccepted(msgspec.Struct, kw_only=True, rename="camel"):
    """The membership the invitation gave: sign in to the workspace (`workspaceId` of
    POST /v1/auth/login or /refresh) to act in it."""

    workspace_id: str
    role: RoleName
