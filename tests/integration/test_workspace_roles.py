"""Every role against every route, derived from the app itself (issue 26).

The routes come from the Litestar app's handlers, so a new route is in the table the
moment it exists: one with no rule (neither a ``scope`` nor a ``role`` option, nor, on a
dashboard page, ``login``) and not listed in PUBLIC below fails the table with its method
and path. Every guarded API route is then called by each role, with a JWT acting in a
workspace shared by four people: a role the route's rule allows (its scope among the
role's, ROLE_SCOPES, and the role at least the route's minimum) is never answered 403;
any other is answered 403. Path parameters name nothing that exists and writes send
``{}``, so an allowed call answers 404, 422 or 400 and changes nothing.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from litestar.testing import TestClient

from admin.auth import grants
from admin.auth.roles import ROLE_SCOPES, ROLES, Role, at_least
from tests.support.accounts import create_account
from tests.support.inprocess import admin_litestar
from tests.support.stack import Stack
from tests.support.workspaces import add_member, bearer, login

# Routes anyone may call (each handler judges its caller itself, if it has one): signing
# in and up, health, the API's documents, public Bio pages, a domain's availability
# (the edge asks it), the stores' callbacks and webhooks (signed by the store), assets.
PUBLIC: frozenset[tuple[str, str]] = frozenset(
    {
        ("GET", "/health"),
        ("GET", "/health/ready"),
        ("GET", "/v1/openapi.json"),
        ("GET", "/v1/docs"),
        ("GET", "/v1/docs/{path:str}"),
        ("GET", "/v1/docs/openapi.json"),
        ("GET", "/v1/docs/assets/{name:str}"),
        ("POST", "/v1/auth/login"),
        ("POST", "/v1/auth/refresh"),
        ("POST", "/v1/auth/login/mfa"),
        ("GET", "/v1/domains/check"),
        ("GET", "/v1/bio/{username:str}"),
        ("GET", "/v1/integrations/shopify/callback"),
        ("POST", "/v1/integrations/shopify/webhooks"),
        ("POST", "/v1/integrations/woocommerce/callback"),
        ("GET", "/v1/integrations/woocommerce/return"),
        ("GET", "/login"),
        ("POST", "/login"),
        # Single sign-on: the address form and the provider's return (the state cookie
        # and the provider's ID token judge it).
        ("GET", "/login/sso"),
        ("GET", "/login/sso/callback"),
        ("GET", "/login/two-factor"),
        ("POST", "/login/two-factor"),
        ("GET", "/logout"),
        ("POST", "/logout"),
        ("GET", "/signup"),
        ("POST", "/signup"),
        ("GET", "/signup/sent"),
        ("GET", "/verify"),
        ("POST", "/verify"),
        ("GET", "/forgot"),
        ("POST", "/forgot"),
        ("GET", "/forgot/sent"),
        ("GET", "/reset"),
        ("POST", "/reset"),
        # Signing in with a passkey: its options (a challenge) and the assertion.
        ("POST", "/login/passkey/options"),
        ("POST", "/login/passkey/verify"),
        ("GET", "/static/{release:str}/{name:path}"),
        # Sign-in through a provider: its start and its callback (bound to the browser).
        ("GET", "/login/oidc"),
        ("GET", "/login/oidc/callback"),
        ("GET", "/login/github"),
        ("GET", "/login/github/callback"),
        # An invitation's e-mailed link: signed out it says to sign in first; the
        # accept itself (POST) needs a session.
        ("GET", "/invitations/accept"),
    }
)

# The operations docs/decisions.md reserves to a role whatever the scopes say (issue 26:
# admin-only: members and invitations, API key writes, domain writes, store installs and
# removals, webhook writes, the audit log; owner-only: deleting the workspace). Each
# route listed must be refused below its role; the ones of the endpoints still to come
# (workspaces, members, invitations, audit log) join when they exist.
DECIDED_MINIMUM: dict[tuple[str, str], Role] = {
    ("POST", "/v1/api-keys"): "admin",
    ("DELETE", "/v1/api-keys/{key_id:str}"): "admin",
    ("POST", "/v1/domains"): "admin",
    ("DELETE", "/v1/domains/{domain_id:str}"): "admin",
    ("POST", "/v1/domains/{domain_id:str}/verify"): "admin",
    ("POST", "/v1/webhooks"): "admin",
    ("PATCH", "/v1/webhooks/{webhook_id:str}"): "admin",
    ("DELETE", "/v1/webhooks/{webhook_id:str}"): "admin",
    ("POST", "/v1/webhooks/{webhook_id:str}/rotate-secret"): "admin",
    ("GET", "/v1/integrations/shopify/install"): "admin",
    ("GET", "/v1/integrations/woocommerce/install"): "admin",
    ("DELETE", "/v1/integrations/{integration_id:str}"): "admin",
}

_PARAMETER = re.compile(r"\{(\w+):\w+\}")


class Route:
    def __init__(self, method: str, path: str, opt: dict[str, Any]) -> None:
        self.method = method
        self.path = path
        self.scope: str | None = opt.get("scope")
        self.role: Role | None = opt.get("role")
        self.login = bool(opt.get("login"))

    def __repr__(self) -> str:
        return f"{self.method} {self.path}"

    @property
    def guarded(self) -> bool:
        return self.scope is not None or self.role is not None

    def allows(self, role: Role) -> bool:
        scoped = self.scope is None or grants(ROLE_SCOPES[role], self.scope)
        return scoped and at_least(role, self.role or "viewer")

    def minimum(self) -> Role | None:
        """The least role this route allows (None: no role may call it)."""
        allowed = [role for role in ROLES if self.allows(role)]
        return allowed[-1] if allowed else None

    def url(self) -> str:
        """The path with parameters that name nothing."""

        def absent(match: re.Match[str]) -> str:
            name = match[1]
            prefix = name.removesuffix("_id") if name.endswith("_id") else ""
            return f"{prefix}_doesnotexist" if prefix else "doesnotexist"

        return _PARAMETER.sub(absent, self.path)


@pytest.fixture(scope="module")
def routes(session_stack: Stack) -> list[Route]:
    """Every route of the admin, with each method its handlers answer."""
    found = []
    for route in admin_litestar(session_stack.env).routes:
        for handler in getattr(route, "route_handlers", ()):
            for method in sorted(getattr(handler, "http_methods", ()) or ()):
                if method in ("OPTIONS", "HEAD"):  # Litestar's own answers
                    continue
                found.append(Route(method, route.path, dict(handler.opt)))
    return found


def test_every_route_has_a_rule_or_is_public(routes: list[Route]) -> None:
    assert len(routes) > 100  # the app's routes were found
    unruled = [
        route
        for route in routes
        if not route.guarded
        and not (route.login and not route.path.startswith("/v1"))
        and (route.method, route.path) not in PUBLIC
    ]
    assert unruled == [], "routes with no scope or role rule and not PUBLIC"
    # PUBLIC names only routes that exist and that have no rule.
    present = {(route.method, route.path): route for route in routes}
    stale = sorted(entry for entry in PUBLIC if entry not in present or present[entry].guarded)
    assert stale == [], "PUBLIC entries that are no route, or a guarded one"


def test_the_decided_operations_are_reserved_to_their_role(routes: list[Route]) -> None:
    present = {(route.method, route.path): route for route in routes}
    missing = sorted(entry for entry in DECIDED_MINIMUM if entry not in present)
    assert missing == [], "decided routes the app no longer has"
    wrong = {
        f"{method} {path}": f"{present[method, path].minimum()} may call it, decided: {role}"
        for (method, path), role in DECIDED_MINIMUM.items()
        if present[method, path].minimum() != role
    }
    assert wrong == {}


@pytest.fixture(scope="module")
def tokens(admin_app: TestClient[Any], database_url: str) -> dict[Role, str]:
    """An access token per role, each acting in the owner's personal workspace."""
    owner = create_account(database_url)
    tokens: dict[Role, str] = {"owner": login(admin_app, owner, owner.workspace_id)}
    for role in ROLES[1:]:
        member = create_account(database_url)
        add_member(database_url, owner.workspace_id, member.user_id, role)
        tokens[role] = login(admin_app, member, owner.workspace_id)
    return tokens


def test_every_role_against_every_api_route(
    admin_app: TestClient[Any], routes: list[Route], tokens: dict[Role, str]
) -> None:
    guarded = [r for r in routes if r.guarded and r.path.startswith("/v1/")]
    assert guarded
    wrong: list[str] = []
    # A live stream (Server-Sent Events) a role may open never ends: a Last-Event-ID
    # that is none of ours makes it answer 422 after its guard, which every other route
    # ignores.
    headers = {"Last-Event-ID": "not-an-event-id"}
    for route in guarded:
        for role in ROLES:
            body: dict[str, Any] | None = {} if route.method in ("POST", "PUT", "PATCH") else None
            response = admin_app.request(
                route.method, route.url(), headers=bearer(tokens[role]) | headers, json=body
            )
            status = response.status_code
            allowed = route.allows(role)
            if allowed and status in (401, 403):
                wrong.append(f"{role} {route}: {status}, expected allowed ({response.text[:200]})")
            elif not allowed and status != 403:
                wrong.append(f"{role} {route}: {status}, expected 403")
            elif status >= 500:
                wrong.append(f"{role} {route}: {status} ({response.text[:200]})")
    assert wrong == []
