"""PostgreSQL access for the admin: the pool, transactions, named queries.

This is the boundary where driver errors stop: a lost or unreachable database
becomes ``ServiceUnavailable`` (503) here, and repositories translate the
constraint violations they expect into domain errors.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import msgspec
import psycopg
from psycopg.types.json import set_json_dumps, set_json_loads
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from admin.errors import ServiceUnavailable

_QUERY_NAME = re.compile(r"^-- name: ([a-z_]+)\s*$", re.MULTILINE)
# The connection is gone: lost, unreachable, or ended by the server (the export
# pool's idle-in-transaction time-out raises the last, which is no OperationalError).
_LOST = (psycopg.OperationalError, psycopg.errors.IdleInTransactionSessionTimeout, PoolTimeout)


def load_queries(module_file: str, file_name: str = "queries.sql") -> dict[str, str]:
    """Named queries from a ``.sql`` file beside ``module_file``.

    Each query starts with a ``-- name: query_name`` line, as in procrastinate.
    """
    text = (Path(module_file).parent / file_name).read_text()
    parts = _QUERY_NAME.split(text)[1:]
    return {name: sql.strip() for name, sql in zip(parts[::2], parts[1::2], strict=True)}


class Database:
    """The admin's pool. Connections are in autocommit mode: a single statement is
    its own transaction (one round trip), and ``transaction()`` brackets several."""

    def __init__(self, pool: AsyncConnectionPool) -> None:
        self.pool = pool

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[psycopg.AsyncConnection]:
        """A pooled connection inside one transaction: commit on success, else rollback."""
        try:
            async with self.pool.connection() as conn, conn.transaction():
                yield conn
        except _LOST as exc:
            raise ServiceUnavailable("The database is unavailable; retry shortly.") from exc

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[psycopg.AsyncConnection]:
        """A pooled connection in autocommit mode: for one statement (or reads)."""
        try:
            async with self.pool.connection() as conn:
                yield conn
        except _LOST as exc:
            raise ServiceUnavailable("The database is unavailable; retry shortly.") from exc


# jsonb values are encoded and decoded with msgspec (several times faster than the
# standard library, which psycopg uses by default).
set_json_dumps(msgspec.json.encode)
set_json_loads(msgspec.json.decode)


EXPORT_APPLICATION_NAME = "hop-export"  # how the export's sessions show in pg_stat_activity


def create_export_pool(
    url: str, size: int, *, statement_timeout: float, idle_in_transaction_timeout: float
) -> AsyncConnectionPool:
    """The exports' own connections, so a slow export never waits on (or starves) the
    main pool. Their sessions carry time-outs: a query may run ``statement_timeout``
    seconds, and PostgreSQL ends a transaction left idle longer than
    ``idle_in_transaction_timeout`` (the connection is then replaced). ``min_size`` 0:
    exports are rare, and no connection is held for them in between."""

    async def configure(conn: psycopg.AsyncConnection) -> None:
        await conn.execute(
            "SELECT set_config('statement_timeout', %s, false),"
            " set_config('idle_in_transaction_session_timeout', %s, false)",
            (_milliseconds(statement_timeout), _milliseconds(idle_in_transaction_timeout)),
        )

    return AsyncConnectionPool(
        url,
        min_size=0,
        max_size=size,
        open=False,
        timeout=5.0,
        kwargs={"autocommit": True, "application_name": EXPORT_APPLICATION_NAME},
        configure=configure,
        name="hop-export",
    )


def _milliseconds(seconds: float) -> str:
    return f"{max(1, round(seconds * 1000))}ms"


def create_pool(url: str, size: int) -> AsyncConnectionPool:
    return AsyncConnectionPool(
        url,
        min_size=min(2, size),
        max_size=size,
        open=False,
        timeout=5.0,
        kwargs={"autocommit": True},
        name="hop-admin",
    )
