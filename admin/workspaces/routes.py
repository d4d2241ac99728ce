"""/v1/workspaces and their members: thin handlers over WorkspaceService."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, Response, delete, get, patch, post
from litestar.params import Parameter

from admin.api.body import JsonBody
from admin.api.operations import problems
from admin.auth import Principal
from admin.workspaces.schemas import (
    Member,
    MemberList,
    MemberUpdate,
    Workspace,
    WorkspaceCreate,
    WorkspaceDelete,
    WorkspaceList,
    WorkspaceUpdate,
)
from admin.workspaces.service import WorkspaceService

WorkspaceId = Annotated[str, Parameter(description="A workspace id (ws_…).", max_length=64)]
UserId = Annotated[str, Parameter(description="A member's user id (usr_…).", max_length=64)]
# Every role may read; what else each may do is checked against the caller's role in
# the workspace named by the path (docs/api.md#workspaces).
_READ = {"scope": "account:read"}


class WorkspaceController(Controller):
    path = "/v1/workspaces"
    tags = ["workspaces"]

    @post(
        "/",
        dto=JsonBody[WorkspaceCreate],
        return_dto=None,
        status_code=201,
        opt=_READ,
        responses=problems(400, 401, 403, 409, 422),
        operation_id="createWorkspace",
        summary="Create a workspace",
    )
    async def create_workspace(
        self, data: WorkspaceCreate, principal: Principal, workspaces: WorkspaceService
    ) -> Response[Workspace]:
        """A new workspace on the free plan; the caller (a person signed in, not an API
        key) is its owner. The slug is made from the name when absent."""
        created = await workspaces.create(principal, data)
        return Response(
            created, status_code=201, headers={"Location": f"/v1/workspaces/{created.id}"}
        )

    @get(
        "/",
        opt=_READ,
        responses=problems(401, 403),
        operation_id="listWorkspaces",
        summary="List your workspaces",
    )
    async def list_workspaces(
        self, principal: Principal, workspaces: WorkspaceService
    ) -> WorkspaceList:
        """The caller's workspaces with their role in each, the personal one first; with
        an API key, the key's own workspace only."""
        return await workspaces.list(principal)

    @get(
        "/{workspace_id:str}",
        opt=_READ,
        responses=problems(401, 403, 404),
        operation_id="getWorkspace",
        summary="Get a workspace",
    )
    async def get_workspace(
        self, workspace_id: WorkspaceId, principal: Principal, workspaces: WorkspaceService
    ) -> Workspace:
        """One of the caller's workspaces, with the caller's role in it."""
        return await workspaces.get(principal, workspace_id)

    @patch(
        "/{workspace_id:str}",
        dto=JsonBody[WorkspaceUpdate],
        return_dto=None,
        opt=_READ,
        responses=problems(400, 401, 403, 404, 409, 422),
        operation_id="updateWorkspace",
        summary="Rename a workspace",
    )
    async def update_workspace(
        self,
        workspace_id: WorkspaceId,
        data: WorkspaceUpdate,
        principal: Principal,
        workspaces: WorkspaceService,
    ) -> Workspace:
        """Change the name or the slug (role `admin` or higher), or require two-factor
        sign-in of every member with `requireMfa` (role `owner`): a member without TOTP or
        a passkey then gets 403 `mfa-required` (naming the workspace) from every request
        with an access token acting in it but enrolment, and the dashboard sends them to
        enrol first. API keys are not held to it."""
        return await workspaces.update(principal, workspace_id, data)

    @delete(
        "/{workspace_id:str}",
        dto=JsonBody[WorkspaceDelete],
        return_dto=None,
        opt=_READ,
        responses=problems(400, 401, 403, 404, 409, 422),
        operation_id="deleteWorkspace",
        summary="Delete a workspace and everything it owns",
    )
    async def delete_workspace(
        self,
        workspace_id: WorkspaceId,
        data: WorkspaceDelete,
        principal: Principal,
        workspaces: WorkspaceService,
    ) -> None:
        """Owner only, with `{"confirm": "<slug>"}`: deletes its links (they stop
        redirecting at once), QR codes, Bio page, webhooks, domains, stores, keys and
        analytics. A personal workspace goes only with its account (409)."""
        await workspaces.delete(principal, workspace_id, data.confirm)

    @get(
        "/{workspace_id:str}/members",
        opt=_READ,
        responses=problems(401, 403, 404),
        operation_id="listWorkspaceMembers",
        summary="List a workspace's members",
    )
    async def list_members(
        self, workspace_id: WorkspaceId, principal: Principal, workspaces: WorkspaceService
    ) -> MemberList:
        """Every member with their role, in the order they joined."""
        return await workspaces.members(principal, workspace_id)

    @patch(
        "/{workspace_id:str}/members/{user_id:str}",
        dto=JsonBody[MemberUpdate],
        return_dto=None,
        opt=_READ,
        responses=problems(400, 401, 403, 404, 409, 422),
        operation_id="updateWorkspaceMember",
        summary="Change a member's role",
    )
    async def update_member(
        self,
        workspace_id: WorkspaceId,
        user_id: UserId,
        data: MemberUpdate,
        principal: Principal,
        workspaces: WorkspaceService,
    ) -> Member:
        """Role `admin` or higher; only an owner grants or takes the `owner` role. Taking
        it from the last owner is 409. In force from the member's next request."""
        return await workspaces.change_role(principal, workspace_id, user_id, data.role)

    @delete(
        "/{workspace_id:str}/members/{user_id:str}",
        opt=_READ,
        responses=problems(401, 403, 404, 409),
        operation_id="deleteWorkspaceMember",
        summary="Remove a member, or leave",
    )
    async def remove_member(
        self,
        workspace_id: WorkspaceId,
        user_id: UserId,
        principal: Principal,
        workspaces: WorkspaceService,
        revoke_keys: Annotated[
            bool,
            Parameter(
                query="revokeKeys",
                description="Also revoke the API keys the member made in the workspace "
                "(otherwise they keep working, capped at the role the member held).",
            ),
        ] = False,
    ) -> None:
        """Role `admin` or higher (an owner only by an owner), or the member themself
        (leaving). Removing the last owner is 409. Refused from the member's next
        request on, whatever the credential."""
        await workspaces.remove_member(principal, workspace_id, user_id, revoke_keys=revoke_keys)
