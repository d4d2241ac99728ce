"""Scope names ``<resource>:<read|write>`` (docs/api.md#authentication). Write implies read."""

from __future__ import annotations

from collections.abc import Iterable

RESOURCES = ("links", "analytics", "qr", "bio", "webhooks", "integrations", "account")
ALL_SCOPES: tuple[str, ...] = tuple(f"{r}:{a}" for r in RESOURCES for a in ("read", "write"))
READ_SCOPES: frozenset[str] = frozenset(s for s in ALL_SCOPES if s.endswith(":read"))


def for_account(scopes: Iterable[str], verified: bool) -> frozenset[str]:
    """What a credential may do: its scopes, read-only until the address is verified.

    An account made by sign-up proves nothing about its e-mail address until the
    verification link is followed; until then it may look but create nothing (no
    links that could carry spam, no API keys), whatever credential it uses.
    """
    held = frozenset(scopes)
    return held if verified else held & READ_SCOPES


def parse_scopes(text: str) -> tuple[str, ...]:
    """``"links:read,links:write"`` → de-duplicated tuple; ValueError names a bad one."""
    scopes = tuple(dict.fromkeys(item.strip() for item in text.split(",") if item.strip()))
    if not scopes:
        raise ValueError("at least one scope is required")
    unknown = [scope for scope in scopes if scope not in ALL_SCOPES]
    if unknown:
        raise ValueError(f"unknown scope {unknown[0]!r}; known: {', '.join(ALL_SCOPES)}")
    return scopes


def grants(held: Iterable[str], needed: str) -> bool:
    held = set(held)
    if needed in held:
        return True
    resource, _, action = needed.partition(":")
    return action == "read" and f"{resource}:write" in held
