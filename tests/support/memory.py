"""Resident memory of this session's admin worker, for tests that bound it."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from types import TracebackType


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


class PeakRss:
    """Samples a process's RSS in a thread while the block runs: ``growth_kb`` after it.

    The peak, not the final value: a large buffer freed at the end of a request goes
    back to the system at once and would not show afterwards.
    """

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.before = rss_kb(pid)
        self.peak = self.before
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        while not self._done.is_set():
            self.peak = max(self.peak, rss_kb(self.pid))
            time.sleep(0.01)

    @property
    def growth_kb(self) -> int:
        return self.peak - self.before

    def __enter__(self) -> PeakRss:
        self._thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self._done.set()
        self._thread.join()
        self.peak = max(self.peak, rss_kb(self.pid))
