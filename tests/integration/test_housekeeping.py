from __future__ import annotations

import asyncio

import psycopg
from psycopg_pool import AsyncConnectionPool

from admin.db import Database
from admin.worker.housekeeping import purge_once
from tests.support.accounts import create_account


def test_expired_idempotency_keys_and_refresh_tokens_are_removed(database_url: str) -> None:
    account = create_account(database_url)
    with psycopg.connect(database_url) as conn:
        conn.execute(
            "INSERT INTO idempotency_keys"
            " (workspace_id, environment, key, request_hash, created_at)"
            " VALUES (%(u)s, 'live', 'old', '\\x00', now() - interval '2 days'),"
            "        (%(u)s, 'live', 'new', '\\x00', now())",
            {"u": account.workspace_id},
        )
        conn.execute(
            "INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, expires_at) VALUES"
            " ('rt_old', %(u)s, 'f', '\\x01', now() - interval '3 days'),"
            " ('rt_new', %(u)s, 'f', '\\x02', now() + interval '3 days')",
            {"u": account.user_id},
        )

    async def purge() -> dict[str, int]:
        async with AsyncConnectionPool(
            database_url, min_size=1, max_size=1, kwargs={"autocommit": True}
        ) as pool:
            return await purge_once(Database(pool), 86400)

    removed = asyncio.run(purge())
    assert removed["idempotency_keys"] >= 1
    assert removed["refresh_tokens"] >= 1
    with psycopg.connect(database_url) as conn:
        keys = conn.execute(
            "SELECT key FROM idempotency_keys WHERE workspace_id = %s", (account.workspace_id,)
        ).fetchall()
        tokens = conn.execute(
            "SELECT id FROM refresh_tokens WHERE user_id = %s", (account.user_id,)
        ).fetchall()
    assert keys == [("new",)]
    assert tokens == [("rt_new",)]
