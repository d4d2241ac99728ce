"""Numbered plain-SQL migrations, applied in order under an advisory lock.

Files are ``migrations/NNNN_name.sql``. Each runs in its own transaction and is
recorded in ``schema_migrations`` with its checksum; an applied file that has
since changed stops the run, because the database no longer matches the code.
``schema.sql`` beside this module is the canonical result of all migrations; a
test keeps the two equal.
"""

from __future__ import annotations

import hashlib
import logging
import re
from dataclasses import dataclass
from pathlib import Path

import psycopg

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
SCHEMA_FILE = Path(__file__).parent / "schema.sql"
# Arbitrary but fixed: every `hop migrate` in the fleet contends for this lock.
_ADVISORY_LOCK = 0x686F70_6D6967  # "hop" "mig"
_FILE_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")

logger = logging.getLogger(__name__)


class MigrationError(RuntimeError):
    pass


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str

    @property
    def checksum(self) -> str:
        return hashlib.sha256(self.sql.encode()).hexdigest()


def discover(directory: Path = MIGRATIONS_DIR) -> list[Migration]:
    migrations = []
    for path in sorted(directory.glob("*.sql")):
        match = _FILE_NAME.match(path.name)
        if not match:
            raise MigrationError(f"{path.name}: migration files are named NNNN_name.sql")
        migrations.append(Migration(int(match[1]), match[2], path.read_text()))
    versions = [m.version for m in migrations]
    if versions != list(range(1, len(versions) + 1)):
        raise MigrationError(f"migration versions must run 1..n without gaps, got {versions}")
    return migrations


def migrate(conninfo: str, *, target: int | None = None) -> list[Migration]:
    """Apply pending migrations up to ``target`` (all by default); return those applied."""
    migrations = [m for m in discover() if target is None or m.version <= target]
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute("SELECT pg_advisory_lock(%s)", (_ADVISORY_LOCK,))
        try:
            conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                " version integer PRIMARY KEY, name text NOT NULL, checksum text NOT NULL,"
                " applied_at timestamptz NOT NULL DEFAULT now())"
            )
            applied: dict[int, str] = dict(
                conn.execute("SELECT version, checksum FROM schema_migrations").fetchall()
            )
            done = []
            for migration in migrations:
                recorded = applied.get(migration.version)
                if recorded is not None:
                    if recorded != migration.checksum:
                        raise MigrationError(
                            f"migration {migration.version:04d}_{migration.name} changed after "
                            "it was applied; add a new migration instead"
                        )
                    continue
                with conn.transaction():
                    conn.execute(migration.sql.encode())
                    conn.execute(
                        "INSERT INTO schema_migrations (version, name, checksum)"
                        " VALUES (%s, %s, %s)",
                        (migration.version, migration.name, migration.checksum),
                    )
                logger.info(
                    "migration applied",
                    extra={
                        "action": "db.migrated",
                        "version": migration.version,
                        "migration": migration.name,
                    },
                )
                done.append(migration)
            return done
        finally:
            conn.execute("SELECT pg_advisory_unlock(%s)", (_ADVISORY_LOCK,))
