"""Migrations: step by step they build exactly the canonical schema, under a lock."""

from __future__ import annotations

import concurrent.futures
import re
import subprocess
from pathlib import Path

import psycopg
import pytest

from admin.db import migrate as migrations
from hop.embedded import postgres_bin_dir
from tests.support.stores import scratch_database


def _pg_dump() -> str:
    return str(postgres_bin_dir() / "pg_dump")


_COLUMN_OPTIONS = re.compile(r"^ALTER TABLE ONLY \S+ ALTER COLUMN \S+ SET \(")


def schema_dump(url: str) -> str:
    output = subprocess.run(
        [
            _pg_dump(),
            "--schema-only",
            "--no-owner",
            "--no-privileges",
            "--exclude-table=schema_migrations",
            url,
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    lines = [
        line
        for line in output.splitlines()
        if line
        and not line.startswith(("--", "SET ", "SELECT pg_catalog", "\\"))
        # Per-column attribute options: our migrations never set any, but some server
        # builds add their own, stamped per database (e.g. pg_attver on this host's 15).
        and not _COLUMN_OPTIONS.match(line)
    ]
    return "\n".join(lines)


def test_step_by_step_equals_the_canonical_schema(postgres_url: str) -> None:
    steps = migrations.discover()
    with (
        scratch_database(postgres_url, migrated=False) as stepped,
        scratch_database(postgres_url, migrated=False) as canonical,
    ):
        for step in steps:
            assert [m.version for m in migrations.migrate(stepped, target=step.version)] == [
                step.version
            ]
        assert migrations.migrate(stepped) == []
        with psycopg.connect(canonical, autocommit=True) as conn:
            conn.execute(migrations.SCHEMA_FILE.read_bytes())
        assert schema_dump(stepped) == schema_dump(canonical)


def test_concurrent_runs_apply_each_migration_once(postgres_url: str) -> None:
    with scratch_database(postgres_url, migrated=False) as url:
        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            results = list(pool.map(lambda _: migrations.migrate(url), range(4)))
        assert sorted(len(applied) for applied in results) == [0, 0, 0, len(migrations.discover())]


def test_a_changed_applied_migration_stops_the_run(postgres_url: str) -> None:
    with scratch_database(postgres_url) as url:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("UPDATE schema_migrations SET checksum = 'edited' WHERE version = 1")
        with pytest.raises(migrations.MigrationError, match="changed after it was applied"):
            migrations.migrate(url)


def test_files_are_numbered_without_gaps(tmp_path: Path) -> None:
    (tmp_path / "0001_a.sql").write_text("SELECT 1")
    (tmp_path / "0003_c.sql").write_text("SELECT 1")
    with pytest.raises(migrations.MigrationError, match="without gaps"):
        migrations.discover(tmp_path)
    (tmp_path / "bad name.sql").write_text("SELECT 1")
    with pytest.raises(migrations.MigrationError, match="NNNN_name"):
        migrations.discover(tmp_path)
