"""`hop restore` lays a backup out and sets up point-in-time recovery, or refuses, saying
why, before it touches anything (the whole drill: tests/e2e/test_backup_restore.py)."""

from __future__ import annotations

import io
import tarfile
from pathlib import Path

import msgspec
import pytest

from hop.backup import MANIFEST, BackupManifest
from hop.cli import main

FINISHED = "2026-11-27T20:00:00+00:00"


def _backup(root: Path) -> Path:
    backup = root / "hop-20261127T195900Z"
    backup.mkdir()
    with tarfile.open(backup / "base.tar.gz", "w:gz") as tar:
        content = b"18\n"
        info = tarfile.TarInfo("PG_VERSION")
        info.size = len(content)
        tar.addfile(info, io.BytesIO(content))
    (backup / "backup_manifest").write_text("{}")
    manifest = BackupManifest(
        label=backup.name,
        started_at="2026-11-27T19:59:00+00:00",
        finished_at=FINISHED,
        files=["backup_manifest", "base.tar.gz"],
        bytes=1,
    )
    (backup / MANIFEST).write_bytes(msgspec.json.encode(manifest))
    return backup


def _restore(backup: Path, data: Path, archive: Path, *target: str) -> None:
    main(
        [
            "restore",
            "--from",
            str(backup),
            "--data-dir",
            str(data),
            "--wal-archive",
            str(archive),
            *target,
        ]
    )


def test_restore_lays_out_the_backup_and_the_recovery_target(tmp_path: Path) -> None:
    backup, data, archive = _backup(tmp_path), tmp_path / "data", tmp_path / "wal"
    archive.mkdir()
    _restore(backup, data, archive, "--target-time", "2026-11-27T20:05:00Z")
    assert (data / "PG_VERSION").read_text() == "18\n"
    assert (data / "recovery.signal").exists()
    assert data.stat().st_mode & 0o777 == 0o700
    conf = (data / "postgresql.auto.conf").read_text()
    assert f"restore_command = 'cp {archive}/%f %p'" in conf
    assert "recovery_target_time = '2026-11-27T20:05:00+00:00'" in conf
    assert "recovery_target_action = 'promote'" in conf


@pytest.mark.parametrize(
    ("target", "refusal"),
    [
        ("2026-11-27T19:59:30Z", "before this backup was consistent"),
        ("2026-11-27T20:05:00", "needs a time zone"),
    ],
)
def test_restore_refuses_a_target_it_cannot_reach(
    tmp_path: Path, target: str, refusal: str
) -> None:
    backup, data, archive = _backup(tmp_path), tmp_path / "data", tmp_path / "wal"
    archive.mkdir()
    with pytest.raises(SystemExit, match=refusal):
        _restore(backup, data, archive, "--target-time", target)
    assert not data.exists()


def test_restore_never_writes_over_a_data_directory(tmp_path: Path) -> None:
    backup, data, archive = _backup(tmp_path), tmp_path / "data", tmp_path / "wal"
    archive.mkdir()
    data.mkdir()
    (data / "PG_VERSION").write_text("17\n")
    with pytest.raises(SystemExit, match="is not empty"):
        _restore(backup, data, archive)
    assert (data / "PG_VERSION").read_text() == "17\n"
