"""Backup and restore (issue 33): `hop backup` under load, the data directory destroyed,
`hop restore` to a point in time, the stack started on it with Redis rebuilt from
PostgreSQL; every link, the Bio page, the webhook and the analytics of that moment answer
as before, and what came after it is gone. The drill itself is loadtest/drill_backup.py
(one command for an operator); this runs it and checks what it counted."""

from __future__ import annotations

from pathlib import Path

import pytest

from loadtest.drill_backup import drill

pytestmark = pytest.mark.slow


def test_backup_under_load_restores_to_a_point_in_time(tmp_path: Path) -> None:
    report = drill(tmp_path, links=10)
    assert report.differences == []
    assert report.redirects_during_backup > 0
    assert report.creates_during_backup > 0
    assert report.links >= 10 + report.creates_during_backup
    assert report.clicks == report.redirects_during_backup  # every one, stored once
    assert (report.bio_pages, report.webhooks, report.later_links) == (1, 1, 3)
