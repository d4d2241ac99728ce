"""A connection that reached a read-only server (a standby: a URL or address that leads to
one after a failover) answers writes with DatabaseUnavailable (a 503 to retry, not a
500), and the pool drops it, so once the primary is there again the next write goes
through on a new connection. The database here is made read-only for new sessions
(``default_transaction_read_only``), which refuses writes with the same error a hot
standby gives (ReadOnlySqlTransaction)."""

from __future__ import annotations

import asyncio

import psycopg
import pytest

from admin.db import Database, DatabaseUnavailable, create_pool, execute
from tests.support.stores import scratch_database


def _set_read_only(database_url: str, read_only: bool) -> None:
    name = database_url.rsplit("/", 1)[1]
    # A session of its own that may write whatever the database's default says.
    writable = "-c default_transaction_read_only=off"
    with psycopg.connect(database_url, autocommit=True, options=writable) as conn:
        if read_only:
            conn.execute(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on')
        else:
            conn.execute(f'ALTER DATABASE "{name}" RESET default_transaction_read_only')


async def _backend(db: Database) -> int:
    async with db.connection() as conn:
        return conn.info.backend_pid


async def _exercise(database_url: str) -> None:
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute("CREATE TABLE marks (n int)")
    _set_read_only(database_url, True)
    # One connection: without the drop, the pool would lend the same one again.
    async with create_pool(database_url, 1) as pool:
        db = Database(pool)
        on_standby = await _backend(db)
        with pytest.raises(DatabaseUnavailable) as raised:
            async with db.connection() as conn:
                await execute(conn, "INSERT INTO marks VALUES (1)")
        assert isinstance(raised.value.__cause__, psycopg.errors.ReadOnlySqlTransaction)

        _set_read_only(database_url, False)  # the primary is found again
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO marks VALUES (2)")
            assert conn.info.backend_pid != on_standby

        _set_read_only(database_url, True)
        await pool.drain()  # every connection now opened read-only again
        with pytest.raises(DatabaseUnavailable):  # a write straight on the connection too
            async with db.transaction() as conn:
                await conn.execute("INSERT INTO marks VALUES (3)")
        _set_read_only(database_url, False)
        async with db.connection() as conn:
            await execute(conn, "INSERT INTO marks VALUES (4)")
    with psycopg.connect(database_url) as conn:
        assert conn.execute("SELECT array_agg(n ORDER BY n) FROM marks").fetchone() == ([2, 4],)


def test_writes_on_a_read_only_server_are_unavailable_and_the_connection_replaced(
    postgres_url: str,
) -> None:
    with scratch_database(postgres_url, migrated=False) as database_url:
        asyncio.run(_exercise(database_url))
