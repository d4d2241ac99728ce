"""Who is calling: resolved once per request by the gate, read by guards and handlers."""

from __future__ import annotations

from typing import Literal

import msgspec

from admin.auth.roles import Role

Environment = Literal["live", "test"]


class Principal(msgspec.Struct, frozen=True, kw_only=True):
    # The workspace the request acts in: the owner of every resource it touches.
    workspace_id: str
    # The person: who signed in, or the API key's maker (None once they left Hop).
    user_id: str | None
    # The member's role now (a key: its maker's); scopes are already cut down to it.
    role: Role
    environment: Environment  # live keys and JWTs see live data; test keys sandbox data
    scopes: frozenset[str]
    plan: str
    limit_per_minute: int
    limit_per_month: int
    key_id: str | None = None  # None for a JWT or a dashboard session
    # False until the owner verifies the e-mail address: scopes are then read-only
    # (admin/auth/scopes.py, ``for_account``).
    verified: bool = True
    # A person (session or access token) acting in a workspace that requires a second
    # factor while they hold none: that workspace's id. Only enrolment is open to them
    # (admin/http/guards.py); an API key is never held to it.
    mfa_required_by: str | None = None

    @property
    def actor_id(self) -> str | None:
        """Who a resource made now says made it (``createdBy``): the API key when the
        request used one, else the person (a session or an access token)."""
        return self.key_id or self.user_id
