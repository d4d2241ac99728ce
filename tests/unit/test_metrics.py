"""The metrics plumbing's own rules (the e2e test checks what the processes serve)."""

from __future__ import annotations

import pytest

from common.metrics import require_multiprocess
from common.settings import load_settings
from hop.dev import DEV_METRICS


def test_a_worker_process_refuses_metrics_nobody_would_serve() -> None:
    """This test process imported prometheus-client without PROMETHEUS_MULTIPROC_DIR, like
    a granian worker forked from a parent that imported it too early: its counts would
    stay in its own memory, so an edge or admin with metrics on refuses to start."""
    with pytest.raises(RuntimeError, match="PROMETHEUS_MULTIPROC_DIR"):
        require_multiprocess()


def test_hop_dev_listens_where_it_says_one_port_per_process() -> None:
    settings = load_settings(DEV_METRICS)
    listeners = [
        settings.admin.metrics_listen,
        settings.edge.metrics_listen,
        settings.worker.metrics_listen,
    ]
    assert [(listen.host, listen.port) for listen in listeners if listen] == [
        ("127.0.0.1", 9100),
        ("127.0.0.1", 9101),
        ("127.0.0.1", 9102),
    ]
