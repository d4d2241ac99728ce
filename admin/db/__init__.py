"""PostgreSQL access for the admin and the worker: the pool, transactions, named
queries, and the boundary where the driver stops.

The one way to the database: a service (or a worker loop) takes a ``Connection`` from
``Database`` (``connection()`` for one statement, ``transaction()`` for several) and
hands it to its domain's ``repository.py``, which runs the named SQL beside it, takes
and returns typed structs (``fetch_one``, ``fetch_all``, ``batches``; ``jsonb`` for a
JSON parameter) and translates the constraint violations it expects into domain errors.

Nothing above this package imports psycopg (an import contract in pyproject.toml holds
that rule).
The driver's errors become Hop's own here (``admin/db/errors.py``): everything raised
inside ``Database.connection()`` or ``transaction()`` leaves it translated (a lost
database is ``DatabaseUnavailable``, a 503), and a repository that must tell one
error from another before its transaction ends runs the statement through
``fetch_one``, ``fetch_all``, ``execute`` or ``savepoint``, which translate too.
``Connection`` is the type to annotate with.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeAlias, TypeVar

import msgspec
import psycopg
from psycopg import sql
from psycopg.rows import AsyncRowFactory, class_row, dict_row, tuple_row
from psycopg.types.json import Jsonb, set_json_dumps, set_json_loads
from psycopg_pool import AsyncConnectionPool

from admin.db.errors import (
    DRIVER_ERRORS,
    DatabaseError,
    DatabaseUnavailable,
    Deadlock,
    RejectedData,
    UniqueViolation,
    on_read_only_server,
    translate,
)

__all__ = [
    "EXPORT_APPLICATION_NAME",
    "Connection",
    "Database",
    "DatabaseError",
    "DatabaseUnavailable",
    "Deadlock",
    "RejectedData",
    "UniqueViolation",
    "batches",
    "create_export_pool",
    "create_pool",
    "create_worker_pool",
    "ensure_database",
    "execute",
    "execute_each",
    "fetch_all",
    "fetch_dict",
    "fetch_one",
    "jsonb",
    "load_queries",
    "notifications",
    "rows_as",
    "savepoint",
]

Connection: TypeAlias = psycopg.AsyncConnection[Any]
R = TypeVar("R")

_QUERY_NAME = re.compile(r"^-- name: ([a-z_]+)\s*$", re.MULTILINE)


def load_queries(module_file: str, file_name: str = "queries.sql") -> dict[str, str]:
    """Named queries from a ``.sql`` file beside ``module_file``.

    Each query starts with a ``-- name: query_name`` line, as in procrastinate.
    """
    text = (Path(module_file).parent / file_name).read_text()
    parts = _QUERY_NAME.split(text)[1:]
    return {name: sql.strip() for name, sql in zip(parts[::2], parts[1::2], strict=True)}


class Database:
    """A pool of connections in autocommit mode (the admin's, the worker's, the
    exports'): a single statement is its own transaction (one round trip), and
    ``transaction()`` brackets several. Whatever the driver raises inside either
    leaves it as Hop's error (``admin/db/errors.py``)."""

    def __init__(self, pool: AsyncConnectionPool) -> None:
        self.pool = pool

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        """A pooled connection inside one transaction: commit on success, else rollback."""
        try:
            async with self.pool.connection() as conn:
                try:
                    async with conn.transaction():
                        yield conn
                except Exception as exc:
                    await _drop_if_on_standby(conn, exc)
                    raise
        except DRIVER_ERRORS as exc:
            raise translate(exc) from exc

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[Connection]:
        """A pooled connection in autocommit mode: for one statement (or reads)."""
        try:
            async with self.pool.connection() as conn:
                try:
                    yield conn
                except Exception as exc:
                    await _drop_if_on_standby(conn, exc)
                    raise
        except DRIVER_ERRORS as exc:
            raise translate(exc) from exc

    async def ping(self) -> None:
        """Answer once the database does (readiness); DatabaseUnavailable when it cannot."""
        async with self.connection() as conn:
            await conn.execute("SELECT 1")


async def _drop_if_on_standby(conn: Connection, exc: BaseException) -> None:
    """Close ``conn`` if its write was refused as on a read-only standby: the pool then
    replaces it instead of lending it again (every write on it would fail the same way),
    and the new connection finds the primary. A lost connection needs nothing: the pool
    discards one it finds broken."""
    if on_read_only_server(exc):
        await conn.close()


@asynccontextmanager
async def savepoint(conn: Connection) -> AsyncIterator[None]:
    """A savepoint in the caller's transaction (or a transaction of its own): a
    statement inside that fails leaves the caller's work intact, and its error leaves
    as Hop's (``UniqueViolation`` for a duplicate) for the repository to translate."""
    try:
        async with conn.transaction():
            yield
    except DRIVER_ERRORS as exc:
        raise translate(exc) from exc


async def execute(conn: Connection, sql: str, params: Any = None) -> int:
    """Run ``sql``; how many rows it touched. Errors leave as Hop's."""
    try:
        cursor = await conn.execute(sql, params)
    except DRIVER_ERRORS as exc:
        raise translate(exc) from exc
    return cursor.rowcount


async def execute_each(conn: Connection, sql: str, params: Sequence[Any]) -> list[Any]:
    """Run ``sql`` once per parameter set, pipelined (one round trip for the lot, not
    one each); the first row of each run, or None where it returned none. For a batch
    whose every statement must say how it went (an import's links, each claiming its
    code). Errors leave as Hop's."""
    if not params:
        return []
    firsts: list[Any] = []
    try:
        async with conn.cursor() as cursor:
            await cursor.executemany(sql, params, returning=True)
            while True:
                firsts.append(await cursor.fetchone())
                if not cursor.nextset():
                    break
    except DRIVER_ERRORS as exc:
        raise translate(exc) from exc
    return firsts


async def fetch_one(conn: Connection, sql: str, params: Any, row: type[R]) -> R | None:
    """The first row of ``sql`` as a ``row`` struct (None without one)."""
    try:
        async with conn.cursor(row_factory=class_row(row)) as cursor:
            await cursor.execute(sql, params)
            return await cursor.fetchone()
    except DRIVER_ERRORS as exc:
        raise translate(exc) from exc


async def fetch_all(conn: Connection, sql: str, params: Any, row: type[R]) -> list[R]:
    """Every row of ``sql`` as ``row`` structs."""
    try:
        async with conn.cursor(row_factory=class_row(row)) as cursor:
            await cursor.execute(sql, params)
            return await cursor.fetchall()
    except DRIVER_ERRORS as exc:
        raise translate(exc) from exc


async def fetch_dict(conn: Connection, sql: str, params: Any) -> dict[str, Any] | None:
    """The first row of ``sql`` as a dict by column name (None without one): for a row
    that ``msgspec.convert`` turns into nested structs."""
    try:
        async with conn.cursor(row_factory=dict_row) as cursor:
            await cursor.execute(sql, params)
            return await cursor.fetchone()
    except DRIVER_ERRORS as exc:
        raise translate(exc) from exc


def rows_as(row: type[R]) -> AsyncRowFactory[R]:
    """A row factory making ``row`` structs, for a cursor a repository drives itself
    (``conn.cursor(row_factory=rows_as(Row))``, as in a pipeline)."""
    return class_row(row)


async def batches(
    conn: Connection, name: str, sql: str, *, size: int, row: type[R] | None = None
) -> AsyncIterator[list[Any]]:
    """Every row of ``sql`` in lists of ``size``, from a server-side cursor called
    ``name`` (declared without hold: the caller's connection must be in one
    transaction, ``Database.transaction()``, for the whole walk): as ``row`` structs, or
    as tuples without one."""
    factory: AsyncRowFactory[Any] = tuple_row if row is None else class_row(row)
    async with conn.cursor(name=name, row_factory=factory) as rows:
        await rows.execute(sql)
        while batch := await rows.fetchmany(size):
            yield batch


def jsonb(value: Any) -> Any:
    """``value`` as a jsonb parameter (encoded with msgspec, see below)."""
    return Jsonb(value)


async def notifications(url: str, channel: str) -> AsyncIterator[None]:
    """One item per NOTIFY on ``channel``, on a connection of its own (LISTEN cannot
    share a pooled one). Raises ``DatabaseUnavailable`` when the connection is lost
    (and ``DatabaseError`` for anything else the database says)."""
    try:
        conn = await psycopg.AsyncConnection.connect(url, autocommit=True)
        async with conn:
            await conn.execute(sql.SQL("LISTEN {}").format(sql.Identifier(channel)))
            async for _ in conn.notifies():
                yield None
    except DRIVER_ERRORS as exc:
        raise translate(exc) from exc


# jsonb values are encoded and decoded with msgspec (several times faster than the
# standard library, which psycopg uses by default).
set_json_dumps(msgspec.json.encode)
set_json_loads(msgspec.json.decode)


# How long the pool retries one lost connection before it gives up on it
# (``_connect_again`` then starts a new attempt). Its retries back off (1 s, 2 s, 4 s, …
# for psycopg_pool's default of five minutes): after a failover that took a minute, the
# next try could come a minute after the new primary was there (the failover drill,
# loadtest/drill_failover.py, measured 5 s after a 10 s outage). Started over every 3 s,
# the tries are never more than ~2 s apart, so a process is back within ~2 s of the
# promotion whatever the outage lasted.
RECONNECT_SECONDS = 3.0


async def _connect_again(pool: AsyncConnectionPool) -> None:
    """The pool gave up on a connection after ``RECONNECT_SECONDS``: try a new one at
    once. Without this a caller already waiting for a connection (the worker's loops wait
    up to 30 s) would wait out its time-out before anything tried again."""
    if not pool.closed:
        await pool.check()  # replaces broken idle connections and grows the pool if empty


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
        # No _connect_again: with nothing held between exports, the next export's wait
        # starts a new attempt itself.
        reconnect_timeout=RECONNECT_SECONDS,
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
        reconnect_timeout=RECONNECT_SECONDS,
        reconnect_failed=_connect_again,
        kwargs={"autocommit": True},
        name="hop-admin",
    )


def create_worker_pool(url: str, click_batches: int) -> AsyncConnectionPool:
    """The worker's connections: one per click batch in flight (``click_batches``: every
    shard's consumer's), and eight for the rest (deliveries, safety, housekeeping).
    In autocommit mode like the admin's, so ``Database`` means the same in both."""
    return AsyncConnectionPool(
        url,
        min_size=1,
        max_size=8 + click_batches,
        open=False,
        reconnect_timeout=RECONNECT_SECONDS,
        reconnect_failed=_connect_again,
        kwargs={"autocommit": True},
        name="hop-worker",
    )


def ensure_database(server_url: str, name: str) -> str:
    """Create database ``name`` on the server if missing; return its URL."""
    with psycopg.connect(server_url, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{name}"')
    return server_url.rsplit("/", 1)[0] + f"/{name}"
