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
        except (psycopg.OperationalError, PoolTimeout) as exc:
            raise ServiceUnavailable("The database is unavailable; retry shortly.") from exc

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[psycopg.AsyncConnection]:
        """A pooled connection in autocommit mode: for one statement (or reads)."""
        try:
            async with self.pool.connection() as conn:
                yield conn
        except (psycopg.OperationalError, PoolTimeout) as exc:
            raise ServiceUnavailable("The database is unavailable; retry shortly.") from exc


# jsonb values are encoded and decoded with msgspec (several times faster than the
# standard library, which psycopg uses by default).
set_json_dumps(msgspec.json.encode)
set_json_loads(msgspec.json.decode)


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
