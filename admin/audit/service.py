"""Writing the audit log: one entry per change, in the change's own transaction, so an
entry exists exactly when its change does (docs/api.md#audit-log)."""

from __future__ import annotations

from admin.audit import repository as repo
from admin.audit.context import current_origin
from admin.auth import Principal
from admin.db import Connection
from common.ids import new_id


async def record_audit(
    conn: Connection,
    principal: Principal | None,
    action: str,
    target: str | None,
    *,
    workspace_id: str | None = None,
) -> None:
    """Record ``action`` (``member.invited``, ``api_key.created``, …) on ``target`` (an id)
    in the principal's workspace (or ``workspace_id``), by the principal (None: an
    operator's command or the service itself), with the request's address and agent."""
    workspace = workspace_id or (principal.workspace_id if principal else None)
    if workspace is None:
        raise ValueError("an audit entry needs a workspace")
    origin = current_origin()
    await repo.insert_entry(
        conn,
        repo.NewEntry(
            id=new_id("aud"),
            workspace_id=workspace,
            actor_user_id=principal.user_id if principal else None,
            actor_key_id=principal.key_id if principal else None,
            action=action,
            target=target,
            ip=origin.ip,
            user_agent=origin.user_agent,
        ),
    )
