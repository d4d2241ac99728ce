"""Start the project's real processes for tests and wait until they answer."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path

import httpx

from hop.embedded import free_port, wait_for_port

ROOT = Path(__file__).resolve().parents[2]


def clean_environment(extra: Mapping[str, str]) -> dict[str, str]:
    """The parent's environment without any HOP_* variable, plus ``extra``."""
    env = {name: value for name, value in os.environ.items() if not name.startswith("HOP_")}
    env.update(extra)
    return env


class HopProcess:
    """`hop <command>` as a child process, stopped with SIGTERM (then SIGKILL)."""

    def __init__(self, command: list[str], env: Mapping[str, str], log_path: Path) -> None:
        self.command = command
        self.env = dict(env)
        self.log_path = log_path
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> HopProcess:
        log = self.log_path.open("ab")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "hop.cli", *self.command],
            env=self.env,
            stdout=log,
            stderr=log,
            cwd=ROOT,
        )
        log.close()
        return self

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 20) -> int | None:
        if self.process is None:
            return None
        if self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        code = self.process.returncode
        self.process = None
        return code

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


def start_http_server(
    command: list[str], env: Mapping[str, str], log_path: Path, health_url: str, port: int
) -> HopProcess:
    server = HopProcess(command, env, log_path).start()
    assert server.process is not None
    try:
        wait_for_port(port, 60, server.process)
        _wait_healthy(health_url, 30)
    except (RuntimeError, TimeoutError):
        server.stop()
        raise RuntimeError(f"{command} failed to start:\n{server.log()[-4000:]}") from None
    return server


def _wait_healthy(url: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if httpx.get(url, timeout=2).status_code < 500:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.05)
    raise TimeoutError(f"{url} did not answer")


__all__ = ["ROOT", "HopProcess", "clean_environment", "free_port", "start_http_server"]
