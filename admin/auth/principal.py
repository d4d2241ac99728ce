"""Who is calling: resolved once per request by the gate, read by guards and handlers."""

from __future__ import annotations

from typing import Literal

import msgspec

Environment = Literal["live", "test"]


class Principal(msgspec.Struct, frozen=True, kw_only=True):
    user_id: str
    environment: Environment  # live keys and JWTs see live data; test keys sandbox data
    scopes: frozenset[str]
    plan: str
    limit_per_minute: int
    limit_per_month: int
    key_id: str | None = None  # None for a JWT or a dashboard session
    # False until the owner verifies the e-mail address: scopes are then read-only
    # (admin/auth/scopes.py, ``for_account``).
    verified: bool = True
