"""The workspaces domain's face: workspaces, their members and roles, invitations.

Other domains import these from ``admin.workspaces``, never its modules (the import
contracts in pyproject.toml hold that).
"""
