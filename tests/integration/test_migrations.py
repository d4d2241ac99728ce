"""Migrations: step by step they build exactly the canonical schema, under a lock."""

from __future__ import annotations

import concurrent.futures
import re
import subprocess
from pathlib import Path

import psycopg
import pytest

from admin.analytics import hll
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


def test_existing_clicks_move_into_monthly_partitions_with_their_sketches(
    postgres_url: str,
) -> None:
    """0010 partitions a clicks table that already holds rows, and backfills the
    unique-visitor sketches from them."""
    with scratch_database(postgres_url, migrated=False) as url:
        migrations.migrate(url, target=9)
        rows = [
            # (event id, link, time, visitor, bot)
            ("e1", "lnk_a", "2025-11-03T10:00:00Z", b"\x01" * 16, False),
            ("e2", "lnk_a", "2025-11-03T11:00:00Z", b"\x01" * 16, False),  # same visitor
            ("e3", "lnk_a", "2025-11-03T12:00:00Z", b"\x02" * 16, False),
            ("e4", "lnk_a", "2026-01-20T12:00:00Z", b"\x03" * 16, False),
            ("e5", "lnk_a", "2026-01-20T13:00:00Z", b"\x04" * 16, True),  # a bot: not unique
            ("e6", "lnk_b", "2026-01-20T13:00:00Z", b"\x05" * 16, False),
        ]
        with psycopg.connect(url, autocommit=True) as conn:
            for event_id, link_id, at, visitor, bot in rows:
                conn.execute(
                    "INSERT INTO clicks (event_id, link_id, clicked_at, visitor_id, country,"
                    " device, os, browser, referrer, referrer_host, user_agent, is_bot)"
                    " VALUES (%s, %s, %s, %s, 'DE', 'desktop', 'Linux', 'Firefox', '', '',"
                    " 'ua', %s)",
                    (event_id, link_id, at, visitor, bot),
                )
        assert [m.version for m in migrations.migrate(url, target=10)] == [10]
        with psycopg.connect(url, autocommit=True) as conn:
            assert [
                row[0]
                for row in conn.execute(
                    "SELECT relkind FROM pg_class WHERE relname = 'clicks'"
                ).fetchall()
            ] == ["p"]
            placed = conn.execute(
                "SELECT event_id, tableoid::regclass::text FROM clicks ORDER BY event_id"
            ).fetchall()
            assert placed == [
                ("e1", "clicks_2025_11"),
                ("e2", "clicks_2025_11"),
                ("e3", "clicks_2025_11"),
                ("e4", "clicks_2026_01"),
                ("e5", "clicks_2026_01"),
                ("e6", "clicks_2026_01"),
            ]
            # The months between, this month and the next two exist too.
            parts = {
                row[0]
                for row in conn.execute(
                    "SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid"
                    " WHERE i.inhparent = 'clicks'::regclass"
                ).fetchall()
            }
            assert {"clicks_2025_12", "clicks_default"} <= parts
            sketches = {
                (link_id, day.isoformat()): bytes(sketch)
                for link_id, day, sketch in conn.execute(
                    "SELECT link_id, day, sketch FROM click_uniques"
                ).fetchall()
            }
            # A replayed click is still refused by the new key.
            with pytest.raises(psycopg.errors.UniqueViolation):
                conn.execute("INSERT INTO clicks SELECT * FROM clicks WHERE event_id = 'e1'")
    assert set(sketches) == {
        ("lnk_a", "2025-11-03"),
        ("lnk_a", "2026-01-20"),
        ("lnk_b", "2026-01-20"),
    }
    assert hll.count([sketches["lnk_a", "2025-11-03"]]) == 2
    assert hll.count([sketches["lnk_a", "2026-01-20"]]) == 1
    assert hll.count(sketches.values()) == 4
