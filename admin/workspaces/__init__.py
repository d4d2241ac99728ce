"""The workspaces domain's face: workspaces, their members and roles, invitations.

Other domains import these from ``admin.workspaces``, never its modules (the import
contracts in pyproject.toml hold that).
"""

from admin.workspaces.service import (
    Cleared,
    SoleOwner,
    WorkspaceService,
    delete_account_rows,
    forget_cleared,
)

__all__ = ["Cleared", "SoleOwner", "WorkspaceService", "delete_account_rows", "forget_cleared"]
