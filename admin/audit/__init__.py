"""The audit log's face: ``record_audit`` in a change's transaction, and the request's
origin the front door sets for it.

Other domains import these from ``admin.audit``, never its modules (the import contracts
in pyproject.toml hold that).
"""

from admin.audit.context import current_origin, set_origin
from admin.audit.service import record_audit

__all__ = ["current_origin", "record_audit", "set_origin"]
