"""Scope names ``<resource>:<read|write>`` (docs/api.md#authentication). Write implies read."""

from __future__ import annotations

from collections.abc import Iterable

RESOURCES = ("links", "analytics", "qr", "bio", "webhooks", "integrations", "account")
ALL_SCOPES: tuple[str, ...] = tuple(f"{r}:{a}" for r in RESOURCES for a in ("read", "write"))


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
