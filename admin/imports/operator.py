"""Whom an operator's `hop import` acts as: the workspace's owner, so the job reads in
the workspace as if the owner had started it (its ``createdBy`` is the owner)."""

from __future__ import annotations

from typing import Literal

from admin.auth import Principal
from admin.db import Database
from admin.errors import NotFound
from admin.imports import repository as repo


async def owner_principal(
    db: Database, workspace_id: str, environment: Literal["live", "test"]
) -> Principal:
    """The workspace's (first) owner in ``environment``; a NotFound for no such workspace."""
    async with db.connection() as conn:
        owner = await repo.workspace_owner(conn, workspace_id)
    if owner is None:
        raise NotFound(f"No workspace with id {workspace_id!r} (or it has no owner).")
    return Principal(
        workspace_id=workspace_id,
        user_id=owner.user_id,
        role="owner",
        environment=environment,
        scopes=frozenset({"links:read", "links:write"}),
        plan=owner.plan,
        limit_per_minute=0,
        limit_per_month=0,
    )


async def job_principal(db: Database, job_id: str) -> Principal:
    """The owner of the workspace a job belongs to, in the job's environment."""
    async with db.connection() as conn:
        owner = await repo.import_owner(conn, job_id)
    if owner is None:
        raise NotFound(f"No import with id {job_id!r}.")
    environment: Literal["live", "test"] = "test" if owner.environment == "test" else "live"
    return await owner_principal(db, owner.workspace_id, environment)
