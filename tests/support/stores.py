"""PostgreSQL and Redis for the test session: the configured ones, else embedded servers."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg

from admin.db.migrate import migrate
from hop.embedded import EmbeddedPostgres, EmbeddedRedis

# Redis' default number of databases (`databases 16`): workers' numbers wrap within it.
_REDIS_DATABASES = 16


@contextmanager
def postgres_server(configured_url: str | None, root: Path) -> Iterator[str]:
    if configured_url:
        yield configured_url
        return
    server = EmbeddedPostgres(root, durable=False)
    try:
        yield server.start()
    finally:
        server.stop()


@contextmanager
def redis_server(configured_url: str | None, root: Path) -> Iterator[str]:
    if configured_url:
        yield redis_url_for_worker(configured_url, xdist_worker_index())
        return
    server = EmbeddedRedis(root, durable=False)
    try:
        yield server.start()
    finally:
        server.stop()


def xdist_worker_index() -> int | None:
    """This pytest-xdist worker's number (gw0 is 0), or None outside a parallel run."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    return int(worker.removeprefix("gw")) if worker.startswith("gw") else None


def redis_url_for_worker(server_url: str, index: int | None) -> str:
    """A configured Redis for one xdist worker: a database number of its own, so that
    workers never share keys or the click stream (each session of a run starts its own
    processes on it). Workers count from the one after the URL's: that one is left to
    sessions that run serially (another checkout's suite on the same server), whose
    worker would otherwise consume this run's clicks. Outside a parallel run, the URL."""
    if index is None:
        return server_url
    parts = urlsplit(server_url)
    base = int(parts.path.strip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{(base + 1 + index) % _REDIS_DATABASES}"))


def database_url_on(server_url: str, name: str) -> str:
    base, _, rest = server_url.partition("://")
    authority, _, path_and_query = rest.partition("/")
    _, _, query = path_and_query.partition("?")
    return f"{base}://{authority}/{name}" + (f"?{query}" if query else "")


@contextmanager
def scratch_database(server_url: str, *, migrated: bool = True) -> Iterator[str]:
    """A new database (migrated unless told otherwise) dropped afterwards."""
    worker = xdist_worker_index()
    name = f"hop_test_{'' if worker is None else f'gw{worker}_'}{secrets.token_hex(6)}"
    with psycopg.connect(server_url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    url = database_url_on(server_url, name)
    try:
        if migrated:
            migrate(url)
        yield url
    finally:
        with psycopg.connect(server_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
