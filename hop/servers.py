"""Run the admin (ASGI) and the edge (RSGI) under granian."""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from granian import Granian
from granian.constants import HTTPModes, Interfaces, Loops

from common.roles import require
from common.settings import Listen, Settings

EDGE_TARGET = "edge.app:create_app"


def granian_options(listen: Listen, workers: int, backlog: int) -> dict[str, Any]:
    """The server settings both planes run with (the edge benchmark's reference uses them too)."""
    return {
        "address": listen.host,
        "port": listen.port,
        "workers": workers,
        "loop": Loops.uvloop,
        "http": HTTPModes.auto,
        "websockets": False,
        "log_access": False,
        "backlog": backlog,
    }


@contextlib.contextmanager
def metrics_listener(listen: Listen | None, role: str) -> Iterator[None]:
    """``/metrics`` for granian's worker processes (common/metrics.py): a directory of
    this run's own, named in the environment the workers inherit before anything here
    imports prometheus-client, served from this main process, removed at the end."""
    if listen is None:
        yield
        return
    directory = tempfile.mkdtemp(prefix=f"hop-metrics-{role}-")
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = directory
    try:
        from common.metrics import serve_worker_processes

        serve_worker_processes(listen, Path(directory))
        yield
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def serve_admin(settings: Settings) -> int:
    require(settings, "admin")
    with metrics_listener(settings.admin.metrics_listen, "admin"):
        Granian(
            "admin.app:create_app",
            factory=True,
            interface=Interfaces.ASGI,
            **granian_options(settings.admin.listen, settings.admin.workers, 2048),
        ).serve()
    return 0


def serve_edge(settings: Settings, target: str = EDGE_TARGET, *, factory: bool = True) -> int:
    if target == EDGE_TARGET:  # the edge benchmark's reference app needs nothing
        require(settings, "edge")
    with metrics_listener(settings.edge.metrics_listen, "edge"):
        Granian(
            target,
            factory=factory,
            interface=Interfaces.RSGI,
            **granian_options(settings.edge.listen, settings.edge.workers, 4096),
        ).serve()
    return 0
