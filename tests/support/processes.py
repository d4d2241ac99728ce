"""Start the project's real processes for tests and wait until they answer."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import httpx

from hop.embedded import free_port, wait_for_port
from tests.support.waiting import eventually

ROOT = Path(__file__).resolve().parents[2]


def clean_environment(extra: Mapping[str, str]) -> dict[str, str]:
    """The parent's environment without any HOP_* variable, plus ``extra``."""
    env = {name: value for name, value in os.environ.items() if not name.startswith("HOP_")}
    env.update(extra)
    return env


class HopProcess:
    """`hop <command>` (or ``python -m <module> <command>``) as a child process, stopped
    with SIGTERM (then SIGKILL)."""

    def __init__(
        self,
        command: list[str],
        env: Mapping[str, str],
        log_path: Path,
        *,
        module: str = "hop.cli",
    ) -> None:
        self.command = command
        self.module = module
        self.env = dict(env)
        self.log_path = log_path
        self.process: subprocess.Popen[bytes] | None = None
        self.url = ""  # where an HTTP server answers (set by whoever started it)

    def start(self) -> HopProcess:
        log = self.log_path.open("ab")
        self.process = subprocess.Popen(
            [sys.executable, "-m", self.module, *self.command],
            env=self.env,
            stdout=log,
            stderr=log,
            cwd=ROOT,
        )
        log.close()
        return self

    @property
    def pid(self) -> int:
        """The running process's id (benchmarks account its CPU time from /proc)."""
        assert self.process is not None
        return self.process.pid

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 20) -> int | None:
        if self.process is None:
            return None
        hung = False
        if self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                hung = True
                self.process.kill()
                self.process.wait()
        code = self.process.returncode
        self.process = None
        if hung and sig == signal.SIGTERM:
            # Every Hop process finishes what it holds and exits on SIGTERM (an orchestrator
            # kills it after its grace period): one that doesn't is a bug, not slowness.
            raise AssertionError(
                f"{self.command} did not stop within {timeout} s of SIGTERM; "
                f"its log ends:\n{self.log()[-2000:]}"
            )
        return code

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def children(self, *, recursive: bool = False) -> list[int]:
        """The process's children, or all its descendants (granian's worker processes,
        children of `hop admin`, serve the requests)."""
        assert self.process is not None
        if not recursive:
            tasks = Path(f"/proc/{self.process.pid}/task").iterdir()
            return [int(pid) for task in tasks for pid in (task / "children").read_text().split()]
        return _children(self.process.pid)


def _children(parent: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:  # the process ended meanwhile
            continue
        if int(fields[1]) == parent:
            pid = int(stat.parent.name)
            found += [pid, *_children(pid)]
    return found


def start_http_server(
    command: list[str],
    env: Mapping[str, str],
    log_path: Path,
    health_url: str,
    port: int,
    *,
    module: str = "hop.cli",
    timeout: float = 60,
) -> HopProcess:
    server = HopProcess(command, env, log_path, module=module).start()
    assert server.process is not None
    try:
        wait_for_port(port, timeout, server.process)
        _wait_healthy(health_url, 30)
    except (RuntimeError, TimeoutError):
        server.stop()
        raise RuntimeError(f"{command} failed to start:\n{server.log()[-4000:]}") from None
    return server


def _answers(url: str) -> bool:
    try:
        return httpx.get(url, timeout=2).status_code < 500
    except httpx.HTTPError:
        return False


def _wait_healthy(url: str, timeout: float) -> None:
    if not eventually(lambda: _answers(url), timeout):
        raise TimeoutError(f"{url} did not answer")


__all__ = ["ROOT", "HopProcess", "clean_environment", "free_port", "start_http_server"]
