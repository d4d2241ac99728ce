"""Shared measuring of the benchmark scripts: wrk, CPU time and memory from /proc, the
click stream's drain.

The stores and processes they measure come from loadtest/fixtures.py (the tests' Stack).
Everything runs on loopback and stops when the script ends. Nothing here is used by the
service itself.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import psycopg
import redis

from common.keys import CLICK_CONSUMER_GROUP, CLICK_STREAM
from tests.support.stack import Stack


def machine() -> str:
    model = "unknown CPU"
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return f"{os.cpu_count()} CPUs, {model}, Python {sys.version.split()[0]}"


def require_wrk() -> str:
    wrk = shutil.which("wrk")
    if wrk is None:
        raise SystemExit(
            "This benchmark drives load with wrk: install it first "
            "(Debian/Ubuntu: apt-get install wrk; macOS: brew install wrk)."
        )
    return wrk


@dataclass
class WrkResult:
    requests: int
    seconds: float
    rps: float
    p50_ms: float
    p99_ms: float
    errors: int

    def row(self) -> str:
        return f"{self.rps:10,.0f} req/s   p50 {self.p50_ms:6.2f} ms   p99 {self.p99_ms:6.2f} ms"


def _millis(text: str) -> float:
    value, unit = re.match(r"([\d.]+)(us|ms|s)", text).groups()  # type: ignore[union-attr]
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def run_wrk(
    url: str,
    paths_file: Path | None,
    *,
    seconds: int,
    connections: int,
    threads: int,
    script: str = "zipf.lua",
    env: dict[str, str] | None = None,
) -> WrkResult:
    """Drive ``url`` with wrk and ``script``; ``zipf.lua`` cycles through ``paths_file``."""
    variables = {**os.environ, **(env or {})}
    if paths_file is not None:
        variables["PATHS"] = str(paths_file)
    output = subprocess.run(
        [
            require_wrk(),
            f"-t{threads}",
            f"-c{connections}",
            f"-d{seconds}s",
            "--latency",
            # wrk's default (2 s) counts a slow answer on a loaded machine as no answer,
            # and a run without one has no latency to report.
            "--timeout",
            "10s",
            "-s",
            str(Path(__file__).with_name(script)),
            url,
        ],
        capture_output=True,
        text=True,
        check=True,
        env=variables,
    ).stdout
    requests, took = re.search(r"(\d+) requests in ([\d.]+)s", output).groups()  # type: ignore[union-attr]
    latency = dict(re.findall(r"^\s*(50|99)(?:\.0+)?%\s+(\S+)\s*$", output, re.MULTILINE))
    if not {"50", "99"} <= set(latency):
        raise RuntimeError(f"wrk printed no 50 % / 99 % latency:\n{output}")
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    socket_errors = re.search(
        r"Socket errors: connect (\d+), read (\d+), write (\d+), "
        r"timeout (\d+)",
        output,
    )
    return WrkResult(
        requests=int(requests),
        seconds=float(took),
        rps=int(requests) / float(took),
        p50_ms=_millis(latency["50"]),
        p99_ms=_millis(latency["99"]),
        errors=(int(errors[1]) if errors else 0)
        + (sum(map(int, socket_errors.groups())) if socket_errors else 0),
    )


def rss_megabytes(pid: int) -> float:
    """Resident memory of ``pid`` and its children (granian's worker processes)."""
    total = 0
    for process in [pid, *_children(pid)]:
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{process}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
    return total / 1024


def worker_rss_megabytes(pid: int) -> float:
    """Resident memory of granian's (first) worker process under main ``pid``."""
    children = _children(pid)
    return rss_megabytes(children[0]) if children else rss_megabytes(pid)


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of ``pid``'s children (granian's workers), in seconds."""
    total = 0
    for process in _children(pid) or [pid]:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{process}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime (clock ticks)
    return total / os.sysconf("SC_CLK_TCK")


def tree_cpu_seconds(pid: int) -> float:
    """User and system CPU time of ``pid`` and all its descendants, in seconds: the live
    ones, and those that ended and were reaped (PostgreSQL's backends and autovacuum
    workers are the postmaster's children, an AOF rewrite is Redis' child; an ended
    child's time moves to its parent's cutime/cstime, so nothing is counted twice)."""
    total, pending = 0, [pid]
    while pending:
        process = pending.pop()
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{process}/stat").read_text().rsplit(")", 1)[1].split()
            # utime, stime, cutime, cstime (clock ticks)
            total += int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])
        pending += _children(process)
    return total / os.sysconf("SC_CLK_TCK")


class CpuAccount:
    """CPU seconds of named process trees (from /proc), counted from when the account is
    made, or from ``start`` if it is called, to ``stop``."""

    def __init__(self, processes: dict[str, list[int]]) -> None:
        self.processes = processes
        self.began = self._now()
        self.spent: dict[str, float] = {}
        self.counted_before = 0

    def _now(self) -> dict[str, float]:
        return {
            name: sum(tree_cpu_seconds(pid) for pid in pids)
            for name, pids in self.processes.items()
        }

    def start(self, counted_before: int = 0) -> None:
        self.began = self._now()
        self.counted_before = counted_before

    def stop(self) -> None:
        self.spent = {name: spent - self.began[name] for name, spent in self._now().items()}

    def per(self, count: int) -> dict[str, float]:
        """Microseconds of each tree per unit counted since ``start`` (``count``: the
        total, including what was counted before)."""
        units = max(count - self.counted_before, 1)
        return {name: 1e6 * spent / units for name, spent in self.spent.items()}


def _children(pid: int) -> list[int]:
    found: list[int] = []
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            found += [int(child) for child in (task / "children").read_text().split()]
    return found


@contextlib.contextmanager
def paths_file(paths: Sequence[str]) -> Iterator[Path]:
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        handle.write("\n".join(paths) + "\n")
    try:
        yield Path(handle.name)
    finally:
        Path(handle.name).unlink(missing_ok=True)


def clicks_stored(database_url: str, workspace_id: str) -> int:
    with psycopg.connect(database_url) as conn:
        row = conn.execute(
            "SELECT coalesce(sum(clicks), 0) FROM links WHERE workspace_id = %s", (workspace_id,)
        ).fetchone()
    return int(row[0]) if row else 0


def drained(
    stack: Stack,
    workspace_id: str,
    clicks: int,
    *,
    started: float,
    before: int = 0,
    poll: float = 0.1,
    on_first_stored: Callable[[int], None] | None = None,
) -> tuple[int, float]:
    """Wait (up to 900 s from ``started``) until the workers have stored the click stream's
    backlog: how many of the account's clicks they stored beyond ``before`` (``clicks``
    expected), and the rate from the first stored batch on (a worker's start is not drain
    time). ``on_first_stored`` is called with the count when the first batch is seen
    stored (a caller's CPU accounting starts there).

    PostgreSQL is asked only until the first batch is stored and once at the end: summing
    the totals of 100,000 links on a fresh connection four times a second took about a
    fifth of a core (perf's samples) from the drain it measured. In between, Redis says
    when the consumer group has read every entry of the stream (one shard, as the
    benchmarks run) and acknowledged each (acknowledged = committed)."""
    first_seen, first_count, stored = 0.0, 0, 0
    with redis.Redis.from_url(stack.redis_url) as store:
        while time.monotonic() - started < 900:
            if not first_seen:
                stored = clicks_stored(stack.database_url, workspace_id) - before
                if stored:
                    first_seen, first_count = time.monotonic(), stored
                    if on_first_stored is not None:
                        on_first_stored(stored)
            if (first_seen and _stream_drained(store)) or stored >= clicks:
                break
            time.sleep(poll)
        drained_at = time.monotonic()
    stored = clicks_stored(stack.database_url, workspace_id) - before
    elapsed = drained_at - first_seen if first_seen else 0.0
    return stored, (stored - first_count) / elapsed if elapsed > 0 else 0.0


def _stream_drained(store: redis.Redis) -> bool:
    """Whether the workers' group has read the click stream to its end and acknowledged
    every entry (Redis 6.2 has no entries-read counter: the last ids tell)."""
    groups = store.xinfo_groups(CLICK_STREAM)
    group = next((g for g in groups if g["name"] == CLICK_CONSUMER_GROUP.encode()), None)
    if group is None or group["pending"]:
        return False
    last = store.xinfo_stream(CLICK_STREAM)["last-generated-id"]
    return bool(group["last-delivered-id"] == last)
