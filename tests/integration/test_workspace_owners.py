"""A workspace always keeps an owner, even when two owners demote each other at the same
moment (admin/workspaces/service.py locks the owners' rows): exactly one change wins,
the other is refused with 409 or 403, and one owner remains."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import cast

import psycopg
from redis.asyncio import Redis

from admin.auth import AuthService, Principal
from admin.db import Database, create_pool
from admin.errors import Conflict, Forbidden
from admin.workspaces import WorkspaceService
from common.ids import new_id
from tests.support.accounts import create_account
from tests.support.waiting import wait_until_async


def _owner_in(workspace_id: str, user_id: str) -> Principal:
    return Principal(
        workspace_id=workspace_id,
        user_id=user_id,
        role="owner",
        environment="live",
        scopes=frozenset({"account:read", "account:write"}),
        plan="pro",
        limit_per_minute=100,
        limit_per_month=100,
    )


def _workspace_of_two_owners(database_url: str, first: str, second: str) -> str:
    workspace_id = new_id("ws")
    with psycopg.connect(database_url) as conn:
        conn.execute(
            "INSERT INTO workspaces (id, name, slug, plan) VALUES (%s, 'Two', %s, 'pro')",
            (workspace_id, workspace_id.lower().replace("_", "-")),
        )
        for user_id in (first, second):
            conn.execute(
                "INSERT INTO workspace_members (workspace_id, user_id, role) "
                "VALUES (%s, %s, 'owner')",
                (workspace_id, user_id),
            )
    return workspace_id


def test_two_owners_demoting_each_other_at_once_leave_one_owner(
    database_url: str, redis_url: str
) -> None:
    a, b = create_account(database_url).user_id, create_account(database_url).user_id
    ws = _workspace_of_two_owners(database_url, a, b)

    async def scenario() -> Sequence[object]:
        redis = Redis.from_url(redis_url)
        async with create_pool(database_url, 4) as pool:
            # Both principals act in the workspace itself: no membership lookup needed.
            service = WorkspaceService(Database(pool), redis, cast(AuthService, None))
            # Hold the members' rows so that both changes are waiting on them together
            # when they are let go: a real race, not one change after the other.
            holder = await psycopg.AsyncConnection.connect(database_url)
            async with holder, holder.transaction():
                await holder.execute(
                    "SELECT 1 FROM workspace_members WHERE workspace_id = %s FOR UPDATE",
                    (ws,),
                )
                changes = [
                    asyncio.create_task(service.change_role(_owner_in(ws, a), ws, b, "admin")),
                    asyncio.create_task(service.change_role(_owner_in(ws, b), ws, a, "admin")),
                ]

                async def both_waiting() -> bool:
                    async with await psycopg.AsyncConnection.connect(database_url) as conn:
                        cursor = await conn.execute(
                            "SELECT count(*) FROM pg_stat_activity "
                            "WHERE datname = current_database() AND wait_event_type = 'Lock'"
                            "  AND query LIKE '%%workspace_members%%FOR UPDATE%%'"
                        )
                        row = await cursor.fetchone()
                        return row is not None and row[0] >= 2

                await wait_until_async(both_waiting, message="the changes never met")
            results = await asyncio.gather(*changes, return_exceptions=True)
        await redis.aclose()
        return results

    results = asyncio.run(scenario())
    refused = [r for r in results if isinstance(r, Conflict | Forbidden)]
    assert len(refused) == 1, results
    assert len([r for r in results if not isinstance(r, BaseException)]) == 1, results
    with psycopg.connect(database_url) as conn:
        roles = conn.execute(
            "SELECT role, count(*) FROM workspace_members WHERE workspace_id = %s GROUP BY role",
            (ws,),
        ).fetchall()
        audited = conn.execute(
            "SELECT count(*) FROM audit_log WHERE workspace_id = %s "
            "AND action = 'member.role_changed'",
            (ws,),
        ).fetchone()
    assert sorted(roles) == [("admin", 1), ("owner", 1)]
    assert audited == (1,)
