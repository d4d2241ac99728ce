"""What `hop import` shows while it watches a job: a progress bar redrawn in place on a
terminal, one line per change elsewhere (CI logs stay readable), and the summary once
the job has ended (codes remapped, links not written, where the full report is)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

from admin.imports.schemas import ImportJob

BAR_WIDTH = 24
# Remapped codes and errors listed at the end; the report has every one.
SUMMARY_ROWS = 20


def counts_line(job: ImportJob) -> str:
    """``imported 4,300 · skipped 0 · failed 3 of 12,800`` (``of ?`` before the source
    says how many it holds)."""
    total = f"{job.total:,}" if job.total is not None else "?"
    return f"imported {job.imported:,} · skipped {job.skipped:,} · failed {job.failed:,} of {total}"


def bar(job: ImportJob) -> str:
    """``[#########...............]  37%``; a bar of dots while the total is unknown."""
    seen = job.imported + job.skipped + job.failed
    if not job.total:
        return "[" + "." * BAR_WIDTH + "]    "
    share = min(1.0, seen / job.total)
    filled = int(share * BAR_WIDTH)
    return "[" + "#" * filled + "." * (BAR_WIDTH - filled) + f"] {share:4.0%}"


class Progress:
    """Draws a job's progress on ``out``; ``tty`` says whether it is a terminal."""

    def __init__(
        self, out: TextIO, *, tty: bool, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.out = out
        self.tty = tty
        self.clock = clock
        self._first: tuple[float, int] | None = None  # (when, links seen) first shown
        self._last_line = ""
        self._drawn = False

    def show(self, job: ImportJob) -> None:
        seen = job.imported + job.skipped + job.failed
        now = self.clock()
        if self._first is None:
            self._first = (now, seen)
        line = f"{job.status:<9} {bar(job)} {counts_line(job)}"
        if self.tty:
            rate = self._rate(now, seen)
            self.out.write("\r\x1b[2K" + line + (f" · {rate}" if rate else ""))
            self._drawn = True
        elif line != self._last_line:
            # One line per change: the rate is left out of the comparison (it changes
            # on every poll) but shown on each line written.
            rate = self._rate(now, seen)
            self.out.write(line + (f" · {rate}" if rate else "") + "\n")
        self._last_line = line
        self.out.flush()

    def say(self, message: str) -> None:
        """A line of its own, below the bar (which is drawn again on the next show)."""
        self.end()
        self.out.write(message + "\n")
        self.out.flush()

    def end(self) -> None:
        if self._drawn:
            self.out.write("\n")
            self._drawn = False

    def _rate(self, now: float, seen: int) -> str:
        assert self._first is not None
        since, before = self._first
        if now <= since or seen <= before:
            return ""
        return f"{(seen - before) / (now - since):,.0f} links/s"


def summary(job: ImportJob) -> list[str]:
    """The lines shown once the job has ended: its outcome, the first remapped codes and
    errors, and how to get all of them."""
    lines = [f"{job.status}: {counts_line(job)}; {job.remapped:,} under a new code"]
    if job.remaps:
        lines.append(f"codes remapped ({job.remapped:,}):")
        lines += [
            f"  {r.source_id}: {r.code or '-'} -> {r.new_code} ({r.reason})"
            for r in job.remaps[:SUMMARY_ROWS]
        ]
    if job.errors:
        lines.append(f"links not written ({job.failed:,}):")
        lines += [f"  {e.source_id}: {e.reason}" for e in job.errors[:SUMMARY_ROWS]]
    if job.remapped > SUMMARY_ROWS or job.failed > SUMMARY_ROWS:
        lines.append(
            f"the first {SUMMARY_ROWS} of each shown; every one is in the report: "
            f"GET /v1/imports/{job.id}/report (CSV)"
        )
    elif job.remaps or job.errors:
        lines.append(f"the report (CSV): GET /v1/imports/{job.id}/report")
    return lines
