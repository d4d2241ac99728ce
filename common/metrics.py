"""Prometheus metrics: each process's ``/metrics`` listener, and how granian's workers add up.

Every process serves ``/metrics`` on a listener of its own (``HOP_ADMIN_METRICS_LISTEN``,
``HOP_EDGE_METRICS_LISTEN``, ``HOP_WORKER_METRICS_LISTEN``), never on its public port: the
edge's short domain and the admin's API stay free of it, and the listener can be bound to
an address only the scraper reaches.

The admin and the edge run as granian worker processes forked from one main process. They
use prometheus-client's multiprocess mode: `hop admin` and `hop edge` (hop/servers.py)
create a fresh directory per run and name it in ``PROMETHEUS_MULTIPROC_DIR`` before
anything imports prometheus-client, every worker process writes its metrics to files of
its own there, and the main process serves their sum on the one listener. The directory
is removed when the server stops. A worker that exits keeps its counters in the sum (as
a counter must) and loses its live gauges (``mark_process_dead``).

The worker (`hop worker`) is one process and serves its own registry.
"""

from __future__ import annotations

import os
import resource
from pathlib import Path

from prometheus_client import CollectorRegistry, Counter, Gauge, start_http_server, values
from prometheus_client.multiprocess import MultiProcessCollector, mark_process_dead
from prometheus_client.process_collector import ProcessCollector

from common.settings import Listen

MULTIPROCESS_DIRECTORY = "PROMETHEUS_MULTIPROC_DIR"


def serve_worker_processes(listen: Listen, directory: Path) -> None:
    """In granian's main process: ``/metrics`` is the sum of the worker processes' files,
    plus this main process's own basics (``process_*``)."""
    registry = CollectorRegistry()
    MultiProcessCollector(registry, path=str(directory))  # type: ignore[no-untyped-call]
    ProcessCollector(registry=registry)
    start_http_server(listen.port, listen.host, registry=registry)


def serve_process(listen: Listen) -> None:
    """In a single process (the worker): its default registry, with ``process_*``,
    ``python_gc_*`` and ``python_info``."""
    start_http_server(listen.port, listen.host)


def require_multiprocess() -> None:
    """In a granian worker process with metrics on: counting into this process's memory
    would be counting into something nobody serves. prometheus-client picks its value
    store when it is first imported; a process that imported it before the directory was
    named stops here instead of serving zeros."""
    if values.ValueClass.__name__ != "MmapedValue":
        raise RuntimeError(
            f"metrics: prometheus_client was imported before {MULTIPROCESS_DIRECTORY} was "
            "set; the worker processes' metrics would never reach /metrics"
        )


def _resident_bytes() -> int:
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):  # not Linux: the peak is the best we have
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    return pages * os.sysconf("SC_PAGE_SIZE")


class WorkerProcessStats:
    """The basics of one granian worker process, served as sums over the live workers:
    resident memory (a live gauge) and CPU seconds (a counter). ``process_*`` on the same
    ``/metrics`` is the main process alone."""

    def __init__(self, prefix: str) -> None:
        self.resident = Gauge(
            f"{prefix}_workers_resident_memory_bytes",
            "Resident memory of the live worker processes, added up.",
            multiprocess_mode="livesum",
        )
        self.cpu = Counter(
            f"{prefix}_workers_cpu_seconds",
            "User and system CPU time of the worker processes, added up.",
        )
        self.processes = Gauge(
            f"{prefix}_workers", "Live worker processes.", multiprocess_mode="livesum"
        )
        self._cpu_seen = 0.0

    def update(self) -> None:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        cpu = usage.ru_utime + usage.ru_stime
        self.cpu.inc(max(0.0, cpu - self._cpu_seen))
        self._cpu_seen = cpu
        self.resident.set(_resident_bytes())
        self.processes.set(1)


def worker_process_exits() -> None:
    """Drop this process's live gauges from the sum (its counters stay)."""
    mark_process_dead(os.getpid())  # type: ignore[no-untyped-call]
