"""`hop import`'s progress: redrawn in place on a terminal, one line per change
elsewhere, and the summary's first rows and pointer to the report."""

from __future__ import annotations

import io
from typing import Any

from admin.imports.schemas import ImportFailure, ImportJob
from admin.imports.sources import SOURCES
from hop.import_commands import SOURCE_NAMES
from hop.import_progress import SUMMARY_ROWS, Progress, summary


def _job(**fields: Any) -> ImportJob:
    base: dict[str, Any] = {
        "id": "imp_1",
        "source": "bitly",
        "status": "running",
        "total": 200,
        "imported": 0,
        "skipped": 0,
        "remapped": 0,
        "failed": 0,
        "errors": [],
        "remaps": [],
        "reason": None,
        "created_at": "2026-03-01T12:00:00Z",
        "started_at": None,
        "finished_at": None,
    }
    return ImportJob(**{**base, **fields})


class _Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_terminal_sees_one_line_redrawn_with_the_rate() -> None:
    out, clock = io.StringIO(), _Clock()
    progress = Progress(out, tty=True, clock=clock)
    progress.show(_job(imported=0))
    clock.now += 2
    progress.show(_job(imported=100))
    progress.end()
    text = out.getvalue()
    assert text.count("\r") == 2
    assert text.count("\n") == 1
    assert text.endswith("\n")
    assert "[############............]  50% imported 100" in text
    assert text.rstrip().endswith("of 200 · 50 links/s")


def test_elsewhere_one_line_per_change() -> None:
    out, clock = io.StringIO(), _Clock()
    progress = Progress(out, tty=False, clock=clock)
    for imported in (0, 0, 50, 50, 50, 200):
        clock.now += 1
        progress.show(_job(imported=imported))
    lines = out.getvalue().splitlines()
    assert "\r" not in out.getvalue()
    assert len(lines) == 3
    assert lines[0].startswith("running   [........................]   0% imported 0 ")
    assert lines[-1].endswith("imported 200 · skipped 0 · failed 0 of 200 · 40 links/s")


def test_unknown_total() -> None:
    out = io.StringIO()
    Progress(out, tty=False).show(_job(status="queued", total=None))
    assert (
        out.getvalue()
        == "queued    [........................]     imported 0 · skipped 0 · failed 0 of ?\n"
    )


def test_the_summary_lists_the_first_errors_and_points_at_the_report() -> None:
    errors = [ImportFailure(source_id=f"bit.ly/{n}", reason="no") for n in range(40)]
    lines = summary(_job(status="done", imported=160, failed=40, errors=errors))
    assert lines[0] == "done: imported 160 · skipped 0 · failed 40 of 200; 0 under a new code"
    assert lines[1] == "links not written (40):"
    assert lines[2 : 2 + SUMMARY_ROWS] == [f"  bit.ly/{n}: no" for n in range(SUMMARY_ROWS)]
    assert lines[-1].endswith("GET /v1/imports/imp_1/report (CSV)")
    assert summary(_job(status="done", imported=200)) == [
        "done: imported 200 · skipped 0 · failed 0 of 200; 0 under a new code"
    ]


def test_the_command_offers_the_service_s_sources() -> None:
    assert tuple(sorted(SOURCES)) == SOURCE_NAMES
