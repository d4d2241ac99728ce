"""/v1/workspaces/:id/invitations and /v1/invitations/accept: thin handlers over
InvitationService (docs/api.md#invitations)."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, Response, delete, get, post
from litestar.params import Parameter

from admin.api.body import JsonBody
from admin.api.operations import problems
from admin.auth import Principal
from admin.workspaces.invitation_schemas import (
    Invitation,
    InvitationAccept,
    InvitationAccepted,
    InvitationCreate,
    InvitationList,
)
from admin.workspaces.invitations import InvitationService

WorkspaceId = Annotated[str, Parameter(description="A workspace id (ws_…).", max_length=64)]
InvitationId = Annotated[str, Parameter(description="An invitation id (inv_…).", max_length=64)]
_ITEM = "/{workspace_id:str}/invitations/{invitation_id:str}"
# Managing invitations is an admin's (docs/api.md#roles); the scope is every admin's.
_MANAGE = {"scope": "account:write", "role": "admin"}


class InvitationController(Controller):
    path = "/v1/workspaces"
    tags = ["workspaces"]

    @post(
        "/{workspace_id:str}/invitations",
        dto=JsonBody[InvitationCreate],
        return_dto=None,
        status_code=201,
        opt=_MANAGE,
        responses=problems(400, 401, 403, 404, 409, 422),
        operation_id="createInvitation",
        summary="Invite someone to a workspace",
    )
    async def invite(
        self,
        workspace_id: WorkspaceId,
        data: InvitationCreate,
        principal: Principal,
        invitations: InvitationService,
    ) -> Response[Invitation]:
        """E-mail `email` a link that makes them a member with `role` (admins and owners;
        only an owner invites an owner). The link works once, for seven days, for the
        person whose confirmed address is `email`."""
        created = await invitations.invite(principal, workspace_id, data)
        return Response(
            created,
            status_code=201,
            headers={"Location": f"/v1/workspaces/{workspace_id}/invitations/{created.id}"},
        )

    @get(
        "/{workspace_id:str}/invitations",
        opt={"scope": "account:read", "role": "admin"},
        responses=problems(401, 403, 404),
        operation_id="listInvitations",
        summary="List pending invitations",
    )
    async def list_invitations(
        self, workspace_id: WorkspaceId, principal: Principal, invitations: InvitationService
    ) -> InvitationList:
        """The invitations neither accepted, revoked nor expired, newest first."""
        return await invitations.list(principal, workspace_id)

    @delete(
        _ITEM,
        opt=_MANAGE,
        responses=problems(401, 403, 404),
        operation_id="revokeInvitation",
        summary="Revoke an invitation",
    )
    async def revoke(
        self,
        workspace_id: WorkspaceId,
        invitation_id: InvitationId,
        principal: Principal,
        invitations: InvitationService,
    ) -> None:
        """Its link stops working at once (410)."""
        await invitations.revoke(principal, workspace_id, invitation_id)

    @post(
        _ITEM + "/resend",
        status_code=200,
        opt=_MANAGE,
        responses=problems(401, 403, 404),
        operation_id="resendInvitation",
        summary="Send an invitation again",
    )
    async def resend(
        self,
        workspace_id: WorkspaceId,
        invitation_id: InvitationId,
        principal: Principal,
        invitations: InvitationService,
    ) -> Invitation:
        """A new e-mail with a new link, valid seven days from now; the earlier link
        stops working."""
        return await invitations.resend(principal, workspace_id, invitation_id)


class InvitationAcceptController(Controller):
    path = "/v1/invitations"
    tags = ["workspaces"]

    @post(
        "/accept",
        dto=JsonBody[InvitationAccept],
        return_dto=None,
        status_code=200,
        # Every role holds it: the caller's role where they act now does not matter.
        opt={"scope": "account:read"},
        responses=problems(400, 401, 403, 409, 410, 422),
        operation_id="acceptInvitation",
        summary="Accept an invitation",
    )
    async def accept(
        self, data: InvitationAccept, principal: Principal, invitations: InvitationService
    ) -> InvitationAccepted:
        """Join the workspace the invitation names, with its role: signed in as the
        person invited (an access token, not an API key: 403), whose confirmed address is
        the invited one (403). Used, revoked or expired: 410; already a member: 409."""
        return await invitations.accept(principal, data.token)
