"""PostgreSQL and Redis for the test session: the configured ones, else embedded servers."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg

from admin.db.migrate import migrate
from hop.embedded import EmbeddedPostgres, EmbeddedRedis


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
        yield configured_url
        return
    server = EmbeddedRedis(root, durable=False)
    try:
        yield server.start()
    finally:
        server.stop()


def database_url_on(server_url: str, name: str) -> str:
    base, _, rest = server_url.partition("://")
    authority, _, path_and_query = rest.partition("/")
    _, _, query = path_and_query.partition("?")
    return f"{base}://{authority}/{name}" + (f"?{query}" if query else "")


@contextmanager
def scratch_database(server_url: str, *, migrated: bool = True) -> Iterator[str]:
    """A new database (migrated unless told otherwise) dropped afterwards."""
    name = f"hop_test_{secrets.token_hex(6)}"
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
