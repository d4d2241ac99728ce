"""A private admin process with its own settings, for tests that need other limits."""

from __future__ import annotations

from pathlib import Path

from tests.support.env import stack_environment
from tests.support.processes import HopProcess, free_port, start_http_server


class PrivateAdmin:
    def __init__(self, database_url: str, redis_url: str, log_path: Path, **settings: str) -> None:
        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        env = stack_environment(database_url, redis_url, HOP_BASE_URL=self.url, **settings)
        self.process: HopProcess = start_http_server(
            ["admin"], env, log_path, f"{self.url}/health", port
        )

    def stop(self) -> None:
        self.process.stop()

    def worker_pids(self) -> list[int]:
        """The granian worker processes (children of `hop admin`) that serve requests."""
        assert self.process.process is not None
        return _children(self.process.process.pid)


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
