"""PostgreSQL access for the admin: the pool, transactions, named queries.

This is the boundary where driver errors stop: a lost or unreachable database
becomes ``ServiceUnavailable`` (503) here, and repositories translate the
constraint violations they expect into domain errors.

The one way to the database: a service takes a ``Connection`` from ``Database``
(``connection()`` for one statement, ``transaction()`` for several) and hands it to
its domain's ``repository.py``, which runs the named SQL beside it, takes and returns
typed structs, wraps JSON and translates driver errors. Only this package and the
repositories import psycopg (tests/unit/test_layers.py holds that rule); the names
below are what the layers above need: the connection type to annotate with, and the
errors a background loop retries on.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeAlias, TypeVar

import msgspec
import psycopg
from psycopg import sql
from psycopg.rows import class_row
from psycopg.types.json import set_json_dumps, set_json_loads
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from admin.errors import ServiceUnavailable

Connection: TypeAlias = psycopg.AsyncConnection[Any]
Pool: TypeAlias = AsyncConnectionPool
# A store error a background loop waits out and retries (the database is down,
# restarting or out of pooled connections); anything else is a bug or bad data.
TRANSIENT_ERRORS: tuple[type[Exception], ...] = (psycopg.OperationalError, PoolTimeout)
# Every error the driver raises (a loop that must survive anything the database says).
DatabaseError = psycopg.Error
# A statement that lost a deadlock: the same work, tried again, goes through.
Deadlock = psycopg.errors.DeadlockDetected
# Data PostgreSQL refuses for good (a value out of range, a broken constraint).
RejectedData: tuple[type[Exception], ...] = (psycopg.DataError, psycopg.IntegrityError)
R = TypeVar("R")

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
    async def transaction(self) -> AsyncIterator[Connection]:
        """A pooled connection inside one transaction: commit on success, else rollback."""
        try:
            async with self.pool.connection() as conn, conn.transaction():
                yield conn
        except _LOST as exc:
            raise ServiceUnavailable("The database is unavailable; retry shortly.") from exc

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[Connection]:
        """A pooled connection in autocommit mode: for one statement (or reads)."""
        try:
            async with self.pool.connection() as conn:
                yield conn
        except _LOST as exc:
            raise ServiceUnavailable("The database is unavailable; retry shortly.") from exc


async def fetch_one(conn: Connection, sql: str, params: Any, row: type[R]) -> R | None:
    """The first row of ``sql`` as a ``row`` struct (None without one)."""
    async with conn.cursor(row_factory=class_row(row)) as cursor:
        await cursor.execute(sql, params)
        return await cursor.fetchone()


async def fetch_all(conn: Connection, sql: str, params: Any, row: type[R]) -> list[R]:
    """Every row of ``sql`` as ``row`` structs."""
    async with conn.cursor(row_factory=class_row(row)) as cursor:
        await cursor.execute(sql, params)
        return await cursor.fetchall()


async def notifications(url: str, channel: str) -> AsyncIterator[None]:
    """One item per NOTIFY on ``channel``, on a connection of its own (LISTEN cannot
    share a pooled one). Raises ``DatabaseError`` when the connection is lost."""
    conn = await psycopg.AsyncConnection.connect(url, autocommit=True)
    async with conn:
        await conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(channel)))
        async for _ in conn.notifies():
            yield None


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

    async def configure(conn: Connection) -> None:
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


def create_worker_pool(url: str, click_batches: int) -> AsyncConnectionPool:
    """The worker's connections: one per click batch in flight (``click_batches``: every
    shard's consumer's), and eight for the rest (deliveries, safety, housekeeping)."""
    return AsyncConnectionPool(
        url, min_size=1, max_size=8 + click_batches, open=False, name="hop-worker"
    )


async def connect(url: str) -> Connection:
    """A connection of its own, outside any pool (the CLI's one-off commands)."""
    return await psycopg.AsyncConnection.connect(url)


def ensure_database(server_url: str, name: str) -> str:
    """Create database ``name`` on the server if missing; return its URL."""
    with psycopg.connect(server_url, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{name}"')
    return server_url.rsplit("/", 1)[0] + f"/{name}"
