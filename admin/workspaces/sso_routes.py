"""/v1/workspaces/:id/sso: a workspace's single sign-on, thin handlers over SsoService."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, Response, delete, get, patch, post, put
from litestar.params import Parameter

from admin.api.body import JsonBody
from admin.api.operations import problems
from admin.auth import Principal
from admin.domains import HOSTNAME_PATTERN
from admin.workspaces.sso import SsoService
from admin.workspaces.sso_schemas import Sso, SsoCreate, SsoUpdate

WorkspaceId = Annotated[str, Parameter(description="A workspace id (ws_…).", max_length=64)]
DomainPath = Annotated[
    str,
    Parameter(
        description="One of the connection's e-mail domains.",
        min_length=1,
        max_length=238,
        pattern=HOSTNAME_PATTERN,
    ),
]
# Any role may reach the routes; the service asks for `admin` in the workspace the path
# names (docs/api.md#single-sign-on), as the other /v1/workspaces/:id routes do.
_RULE = {"scope": "account:read"}


class SsoController(Controller):
    path = "/v1/workspaces/{workspace_id:str}/sso"
    tags = ["workspaces"]  # noqa: RUF012 - Litestar reads it as a class attribute

    @post(
        "/",
        dto=JsonBody[SsoCreate],
        return_dto=None,
        status_code=201,
        opt=_RULE,
        responses=problems(400, 401, 403, 404, 409, 422),
        operation_id="createWorkspaceSso",
        summary="Connect the workspace's identity provider",
    )
    async def create_sso(
        self, workspace_id: WorkspaceId, data: SsoCreate, principal: Principal, sso: SsoService
    ) -> Response[Sso]:
        """Role `admin` or higher. The issuer's discovery document is fetched now (422
        when it fails); the client secret is sealed and never returned. Publish each
        domain's TXT record, then verify it: only verified domains sign in. 409 when the
        workspace has a connection already."""
        saved, _ = await sso.save(principal, workspace_id, data, replace=False)
        return Response(
            saved, status_code=201, headers={"Location": f"/v1/workspaces/{workspace_id}/sso"}
        )

    @put(
        "/",
        dto=JsonBody[SsoCreate],
        return_dto=None,
        opt=_RULE,
        responses=problems(400, 401, 403, 404, 422),
        operation_id="putWorkspaceSso",
        summary="Replace the workspace's identity provider connection",
    )
    async def replace_sso(
        self, workspace_id: WorkspaceId, data: SsoCreate, principal: Principal, sso: SsoService
    ) -> Response[Sso]:
        """As POST, replacing any connection (201 when there was none). Domains still
        listed keep their proof; the others go."""
        saved, created = await sso.save(principal, workspace_id, data, replace=True)
        return Response(saved, status_code=201 if created else 200)

    @get(
        "/",
        opt=_RULE,
        responses=problems(401, 403, 404),
        operation_id="getWorkspaceSso",
        summary="Get the workspace's single sign-on",
    )
    async def get_sso(
        self, workspace_id: WorkspaceId, principal: Principal, sso: SsoService
    ) -> Sso:
        """Role `admin` or higher: the connection and its domains (never the secret)."""
        return await sso.get(principal, workspace_id)

    @patch(
        "/",
        dto=JsonBody[SsoUpdate],
        return_dto=None,
        opt=_RULE,
        responses=problems(400, 401, 403, 404, 422),
        operation_id="updateWorkspaceSso",
        summary="Change require-SSO, the default role, or add domains",
    )
    async def update_sso(
        self, workspace_id: WorkspaceId, data: SsoUpdate, principal: Principal, sso: SsoService
    ) -> Sso:
        """Role `admin` or higher."""
        return await sso.update(principal, workspace_id, data)

    @delete(
        "/",
        opt=_RULE,
        responses=problems(401, 403, 404),
        operation_id="deleteWorkspaceSso",
        summary="Remove the workspace's single sign-on",
    )
    async def delete_sso(
        self, workspace_id: WorkspaceId, principal: Principal, sso: SsoService
    ) -> None:
        """Role `admin` or higher: the connection and its domains go; password sign-in
        is open again to their people."""
        await sso.delete(principal, workspace_id)

    @post(
        "/domains/{email_domain:str}/verify",
        status_code=200,
        opt=_RULE,
        responses=problems(401, 403, 404, 409, 422),
        operation_id="verifyWorkspaceSsoDomain",
        summary="Verify an SSO domain's TXT record",
    )
    async def verify_domain(
        self,
        workspace_id: WorkspaceId,
        email_domain: DomainPath,
        principal: Principal,
        sso: SsoService,
    ) -> Sso:
        """Look up the TXT record now: 200 with the domain verified, 422 while the record
        is not there, 409 if another workspace proved the domain first, 503 if DNS does
        not answer."""
        return await sso.verify_domain(principal, workspace_id, email_domain)
