"""The webhooks domain's face: what other domains may do to an account's webhooks.

Other domains import these from ``admin.webhooks``, never its modules (the import contracts
in pyproject.toml hold that).
"""

from admin.webhooks.repository import delete_workspace_webhooks

__all__ = [
    "delete_workspace_webhooks",
]
