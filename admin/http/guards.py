"""Route protection: ``opt={"scope": "links:write"}`` on a handler demands a caller holding
it, and ``opt={"role": "admin"}`` a caller whose role in the workspace it acts in is at
least that one (docs/api.md#roles)."""

from __future__ import annotations

from typing import Any

from litestar.connection import ASGIConnection
from litestar.handlers.base import BaseRouteHandler

from admin.auth import Principal, WorkspaceRequiresMfa, at_least, grants
from admin.errors import AddressUnconfirmed, Forbidden, Unauthorized
from admin.http.gate import auth_error_of, principal_of


async def require_scope(
    connection: ASGIConnection[Any, Any, Any, Any], handler: BaseRouteHandler
) -> None:
    # Async on purpose: Litestar runs synchronous guards in a worker thread.
    needed = handler.opt.get("scope")
    if needed is None:
        return
    principal = principal_of(connection.scope)
    if principal is None:
        raise auth_error_of(connection.scope) or Unauthorized("Authentication is required.")
    if not grants(principal.scopes, needed):
        if not principal.verified:
            raise AddressUnconfirmed(
                "Verify your e-mail address first (follow the link we sent): until then "
                "the account can look but not change anything."
            )
        raise Forbidden(f"This operation needs the scope {needed!r}.")
    check_mfa(principal, handler)
    role = handler.opt.get("role")
    if role is not None and not at_least(principal.role, role):
        raise Forbidden(
            f"This operation needs the role {role!r} (or a higher one) in the workspace; "
            f"yours is {principal.role!r}."
        )


def check_mfa(principal: Principal, handler: BaseRouteHandler) -> None:
    """A person acting in a workspace that requires a second factor they lack may only
    enrol one (routes with ``opt={"mfa_enrolment": True}``); API keys are never held."""
    if (
        principal.mfa_required_by is not None
        and principal.key_id is None
        and not handler.opt.get("mfa_enrolment")
    ):
        raise WorkspaceRequiresMfa(principal.mfa_required_by)


def provide_principal(request: Any) -> Principal:
    principal = principal_of(request.scope)
    if principal is None:  # only reachable on a route without a scope guard
        raise auth_error_of(request.scope) or Unauthorized("Authentication is required.")
    return principal
