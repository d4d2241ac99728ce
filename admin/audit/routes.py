"""/v1/workspaces/:id/audit-log: a thin handler over AuditLog."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, get
from litestar.params import Parameter

from admin.api.operations import problems
from admin.audit.log import MAX_PAGE_SIZE, AuditLog
from admin.audit.schemas import AuditLogPage
from admin.auth import Principal

WorkspaceId = Annotated[str, Parameter(description="A workspace id (ws_…).", max_length=64)]


class AuditLogController(Controller):
    path = "/v1/workspaces"
    tags = ["workspaces"]

    @get(
        "/{workspace_id:str}/audit-log",
        opt={"scope": "account:read", "role": "admin"},
        responses=problems(401, 403, 404, 422),
        operation_id="listAuditLog",
        summary="List a workspace's audit log",
    )
    async def list_audit_log(
        self,
        workspace_id: WorkspaceId,
        principal: Principal,
        audit_log: AuditLog,
        limit: Annotated[int, Parameter(ge=1, le=MAX_PAGE_SIZE)] = 50,
        cursor: Annotated[str | None, Parameter(max_length=200)] = None,
    ) -> AuditLogPage:
        """What was done in the workspace, newest first: by whom (a person, an API key),
        on what, from where. Admins and owners; follow `nextCursor` for the next page.
        Entries are kept `HOP_AUDIT_RETENTION` days."""
        return await audit_log.list(principal, workspace_id, limit=limit, cursor=cursor)
