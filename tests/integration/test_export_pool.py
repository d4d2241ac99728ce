"""The export pool's sessions carry their own time-outs; PostgreSQL enforces them."""

from __future__ import annotations

import asyncio

import psycopg
import pytest
from psycopg_pool import AsyncConnectionPool

from admin.db import EXPORT_APPLICATION_NAME, create_export_pool
from tests.support.waiting import wait_until_async


def _pid_gone(database_url: str, pid: int) -> bool:
    with psycopg.connect(database_url) as conn:
        return (
            conn.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", (pid,)).fetchone() is None
        )


async def _sit_idle_in_a_transaction(conn: psycopg.AsyncConnection, database_url: str) -> None:
    async with conn.transaction():
        await conn.execute("SELECT 1")
        pid = conn.info.backend_pid
        await wait_until_async(
            lambda: asyncio.to_thread(_pid_gone, database_url, pid),
            every=0.1,
            message="the idle transaction was not ended",
        )
        await conn.execute("SELECT 1")


async def _idle_until_ended(pool: AsyncConnectionPool, database_url: str) -> int:
    async with pool.connection() as conn:
        with pytest.raises(psycopg.errors.IdleInTransactionSessionTimeout):
            await _sit_idle_in_a_transaction(conn, database_url)
        return conn.info.backend_pid


async def _exercise(database_url: str) -> None:
    pool = create_export_pool(
        database_url, 1, statement_timeout=0.3, idle_in_transaction_timeout=0.5
    )
    async with pool:
        async with pool.connection() as conn:
            settings = await (
                await conn.execute(
                    "SELECT current_setting('statement_timeout'),"
                    " current_setting('idle_in_transaction_session_timeout'),"
                    " current_setting('application_name')"
                )
            ).fetchone()
            assert settings == ("300ms", "500ms", EXPORT_APPLICATION_NAME)
            with pytest.raises(psycopg.errors.QueryCanceled):
                await conn.execute("SELECT pg_sleep(10)")

        # A transaction left idle (a client that stopped reading) is ended by the server,
        # and the pool replaces the connection it finds broken.
        pid = await _idle_until_ended(pool, database_url)
        async with pool.connection() as conn:
            assert conn.info.backend_pid != pid
            assert await (await conn.execute("SELECT 1")).fetchone() == (1,)


def test_export_sessions_time_out(database_url: str) -> None:
    asyncio.run(_exercise(database_url))
