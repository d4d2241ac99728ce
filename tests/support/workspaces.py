"""Shared workspaces for tests, made the way the service will make them until its
endpoints exist (issue 26): members added and removed in SQL, the change announced to
the admin processes as the service announces it (``announce_auth_change``), and
sign-ins acting in a workspace through the real ``POST /v1/auth/login``."""

from __future__ import annotations

import asyncio

import httpx
import psycopg

from admin.auth import announce_auth_change, new_api_key, token_hash
from admin.auth.roles import Role
from common.ids import new_id
from common.redis_store import connect
from tests.support.accounts import PASSWORD, Account


def announce(redis_url: str, what: str) -> None:
    """What the service does after committing a change of membership or role: every
    admin process forgets the credentials it resolved (this one at once)."""

    async def publish() -> bool:
        redis = connect(redis_url, socket_timeout=5, socket_connect_timeout=5)
        try:
            return await announce_auth_change(redis, what)
        finally:
            await redis.aclose()

    assert asyncio.run(publish()), "Redis refused the announcement"


def add_member(database_url: str, workspace_id: str, user_id: str, role: Role) -> None:
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute(
            "INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (%s, %s, %s)",
            (workspace_id, user_id, role),
        )


def change_role(
    database_url: str, redis_url: str, workspace_id: str, user_id: str, role: Role
) -> None:
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute(
            "UPDATE workspace_members SET role = %s WHERE workspace_id = %s AND user_id = %s",
            (role, workspace_id, user_id),
        )
    announce(redis_url, f"member.role_changed:{workspace_id}:{user_id}")


def remove_member(database_url: str, redis_url: str, workspace_id: str, user_id: str) -> None:
    """As the service removes a member: the keys they made in the workspace keep the role
    they held (``maker_role``), in the transaction that removes them; then the
    announcement."""
    with psycopg.connect(database_url) as conn, conn.transaction():
        conn.execute(
            "UPDATE api_keys k SET maker_role = m.role FROM workspace_members m"
            " WHERE m.workspace_id = k.workspace_id AND m.user_id = k.created_by"
            " AND k.workspace_id = %s AND k.created_by = %s",
            (workspace_id, user_id),
        )
        conn.execute(
            "DELETE FROM workspace_members WHERE workspace_id = %s AND user_id = %s",
            (workspace_id, user_id),
        )
    announce(redis_url, f"member.removed:{workspace_id}:{user_id}")


def make_key(database_url: str, workspace_id: str, maker: Account, scopes: tuple[str, ...]) -> str:
    """A live API key of ``workspace_id`` made by ``maker`` (as POST /v1/api-keys stores
    one); its secret."""
    key, prefix = new_api_key("live")
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute(
            "INSERT INTO api_keys (id, workspace_id, created_by, environment, prefix, key_hash,"
            " scopes, name) VALUES (%s, %s, %s, 'live', %s, %s, %s, 'made in a team')",
            (new_id("key"), workspace_id, maker.user_id, prefix, token_hash(key), list(scopes)),
        )
    return key


def login(api: httpx.Client, account: Account, workspace_id: str | None) -> str:
    """An access token of ``account`` acting in ``workspace_id`` (personal when None)."""
    body = {"email": account.email, "password": PASSWORD}
    if workspace_id is not None:
        body["workspaceId"] = workspace_id
    response = api.post("/v1/auth/login", json=body)
    assert response.status_code == 200, response.text
    return str(response.json()["accessToken"])


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
