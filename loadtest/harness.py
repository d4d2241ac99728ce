"""Shared pieces of the benchmark scripts: real stores, real processes, wrk.

Everything runs on loopback and stops when the script ends. Nothing here is
used by the service itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import psycopg
import redis
from redis.asyncio import Redis

from admin.accounts.service import AccountService, CreatedUser
from admin.db import Database, create_pool, ensure_database
from admin.db.migrate import migrate
from admin.links.cache import rebuild
from common.ids import new_id, new_short_code
from common.keys import CLICK_CONSUMER_GROUP, CLICK_STREAM
from hop.embedded import EmbeddedPostgres, EmbeddedRedis, free_port, wait_for_port

ROOT = Path(__file__).resolve().parents[1]
JWT_SECRET = secrets.token_urlsafe(48)
WEBHOOK_SECRET_KEY = secrets.token_urlsafe(48)


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


# PostgreSQL as a production server would run for this write load, not as initdb leaves
# it: with the default max_wal_size (1 GB) a click drain checkpoints every ~12 s, and
# every page a batch touches first after a checkpoint is written whole into the WAL
# (PostgreSQL logs "checkpoints are occurring too frequently"). docs/operations.md.
SERVER_SETTINGS = {"max_wal_size": "8GB", "checkpoint_timeout": "15min"}


class Stack(contextlib.ExitStack):
    """Embedded PostgreSQL and Redis in a temporary folder, migrated, plus child processes."""

    def __init__(self, *, durable: bool = True) -> None:
        super().__init__()
        self.root = Path(tempfile.mkdtemp(prefix="hop-bench-"))
        self.callback(shutil.rmtree, self.root, ignore_errors=True)
        postgres = EmbeddedPostgres(
            self.root / "postgres", durable=durable, settings=SERVER_SETTINGS
        )
        server = postgres.start()
        self.callback(postgres.stop)
        redis = EmbeddedRedis(self.root / "redis", durable=durable)
        self.redis_url = redis.start()
        self.callback(redis.stop)
        # For CPU accounting: the postmaster (its backends are its children) and Redis.
        assert postgres.process is not None
        assert redis.process is not None
        self.postgres_pid = postgres.process.pid
        self.redis_pid = redis.process.pid
        self.database_url = ensure_database(server, "hop_bench")
        migrate(self.database_url)

    def env(self, **extra: str) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("HOP_")}
        env.update(
            HOP_DATABASE_URL=self.database_url,
            HOP_REDIS_URL=self.redis_url,
            HOP_JWT_SECRET=JWT_SECRET,
            HOP_WEBHOOK_SECRET_KEY=WEBHOOK_SECRET_KEY,
            HOP_LOG_LEVEL="warning",
            # Benchmarks make accounts as an operator does; open sign-up would need a
            # mail server (or HOP_DEV_MAIL_LOG) to start.
            HOP_SIGNUP="closed",
            **extra,
        )
        return env

    def start(
        self, command: Sequence[str], env: dict[str, str], port: int | None = None
    ) -> subprocess.Popen[bytes]:
        log = (self.root / f"{command[-1].replace('.', '_')}-{time.time_ns()}.log").open("wb")
        process = subprocess.Popen(
            [sys.executable, "-m", *command], env=env, cwd=ROOT, stdout=log, stderr=log
        )
        self.callback(stop, process)
        if port is not None:
            wait_for_port(port, 60, process)
        return process

    def account(self, plan: str = "business") -> CreatedUser:
        async def create() -> CreatedUser:
            async with create_pool(self.database_url, 2) as pool:
                return await AccountService(Database(pool)).create_user(
                    f"bench-{secrets.token_hex(4)}@example.com", "bench-password", plan
                )

        return asyncio.run(create())

    def bulk_links(self, user_id: str, count: int) -> list[str]:
        """Insert ``count`` links straight into PostgreSQL and write them to Redis."""
        codes = list({new_short_code() for _ in range(count * 2)})[:count]
        ids = [new_id("lnk") for _ in codes]
        with psycopg.connect(self.database_url) as conn, conn.cursor() as cursor:
            with cursor.copy(
                "COPY links (id, user_id, environment, short_code, long_url) FROM STDIN"
            ) as copy:
                for n, (link_id, code) in enumerate(zip(ids, codes, strict=True)):
                    copy.write_row(
                        (
                            link_id,
                            user_id,
                            "live",
                            code,
                            f"https://example.com/products/{n}?ref=hop",
                        )
                    )
            # Who holds each code (what the API's create does in the same statement).
            with cursor.copy(
                "COPY short_codes (environment, short_code, user_id, link_id) FROM STDIN"
            ) as copy:
                for link_id, code in zip(ids, codes, strict=True):
                    copy.write_row(("live", code, user_id, link_id))

        async def restore() -> None:
            redis = Redis.from_url(self.redis_url)
            try:
                async with await psycopg.AsyncConnection.connect(self.database_url) as conn:
                    await rebuild(conn, redis)
            finally:
                await redis.aclose()

        asyncio.run(restore())
        return codes

    def free_port(self) -> int:
        return free_port()


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextlib.contextmanager
def paths_file(paths: Sequence[str]) -> Iterator[Path]:
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        handle.write("\n".join(paths) + "\n")
    try:
        yield Path(handle.name)
    finally:
        Path(handle.name).unlink(missing_ok=True)


def clicks_stored(database_url: str, user_id: str) -> int:
    with psycopg.connect(database_url) as conn:
        row = conn.execute(
            "SELECT coalesce(sum(clicks), 0) FROM links WHERE user_id = %s", (user_id,)
        ).fetchone()
    return int(row[0]) if row else 0


def drained(
    stack: Stack,
    user_id: str,
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
                stored = clicks_stored(stack.database_url, user_id) - before
                if stored:
                    first_seen, first_count = time.monotonic(), stored
                    if on_first_stored is not None:
                        on_first_stored(stored)
            if (first_seen and _stream_drained(store)) or stored >= clicks:
                break
            time.sleep(poll)
        drained_at = time.monotonic()
    stored = clicks_stored(stack.database_url, user_id) - before
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
