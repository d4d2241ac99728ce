"""Every process serves Prometheus metrics on its own listener, and they move with the work.

Admin and edge run two granian worker processes each here, so the figures on their one
listener are the sum over processes (prometheus-client's multiprocess mode).
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from common.keys import CLICK_STREAM
from hop.embedded import free_port
from tests.support.api import make_link
from tests.support.hooks import subscribe
from tests.support.processes import HopProcess
from tests.support.receiver import Receiver
from tests.support.stack import Stack
from tests.support.waiting import eventually

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def scrape(listen: str) -> Samples:
    """Every sample on ``http://listen/metrics``, keyed by name and labels."""
    response = httpx.get(f"http://{listen}/metrics", timeout=10)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(response.text)
        for sample in family.samples
    }


def total(samples: Samples, name: str, **labels: str) -> float:
    """The sum of ``name`` over the samples whose labels include ``labels``."""
    wanted = set(labels.items())
    return sum(v for (n, ls), v in samples.items() if n == name and wanted <= ls)


def names(samples: Samples) -> set[str]:
    return {name for name, _ in samples}


@pytest.fixture
def listeners() -> dict[str, str]:
    return {role: f"127.0.0.1:{free_port()}" for role in ("admin", "edge", "worker")}


@pytest.fixture
def servers(hooks: Stack, listeners: dict[str, str]) -> Iterator[dict[str, HopProcess]]:
    """A worker, an admin and an edge with metrics on, stopped at the end."""
    worker = hooks.start_worker("metrics", HOP_WORKER_METRICS_LISTEN=listeners["worker"])
    admin = hooks.start_admin(
        "metrics-admin", HOP_ADMIN_METRICS_LISTEN=listeners["admin"], HOP_ADMIN_WORKERS="2"
    )
    edge = hooks.start_edge(
        "metrics-edge", HOP_EDGE_METRICS_LISTEN=listeners["edge"], HOP_EDGE_WORKERS="2"
    )
    yield {"worker": worker, "admin": admin, "edge": edge}
    edge.stop()
    admin.stop()


def test_each_process_serves_metrics_that_move(
    hooks: Stack,
    servers: dict[str, HopProcess],
    listeners: dict[str, str],
    receiver: Receiver,
) -> None:
    admin, edge = servers["admin"], servers["edge"]
    account = hooks.account()
    with httpx.Client(base_url=admin.url, timeout=30, follow_redirects=False) as api:
        subscribe(api, account, receiver, "link.created")
        link = make_link(api, account, longUrl="https://example.com/metrics")
        assert api.get(f"/v1/links/{link['id']}", headers=account.headers()).status_code == 200
        assert api.get("/v1/links/lnk_nothing_here", headers=account.headers()).status_code == 404
        assert api.get("/v1/links").status_code == 401
        unknown = api.get("/v1/no-such-route", headers=account.headers())
        assert unknown.status_code == 404

    # Admin: latency histograms by route template, never by raw path.
    admin_samples = scrape(listeners["admin"])
    created = {"method": "POST", "route": "/v1/links", "status": "201"}
    assert total(admin_samples, "hop_admin_request_duration_seconds_count", **created) >= 1
    one = {"method": "GET", "route": "/v1/links/{link_id}"}
    assert total(admin_samples, "hop_admin_request_duration_seconds_count", **one) == 2
    assert (
        total(admin_samples, "hop_admin_request_duration_seconds_count", **one, status="404") == 1
    )
    refused = {"method": "GET", "route": "/v1/links", "status": "401"}
    assert total(admin_samples, "hop_admin_request_duration_seconds_count", **refused) == 1
    unrouted = {"route": "unrouted", "status": "404"}
    assert total(admin_samples, "hop_admin_request_duration_seconds_count", **unrouted) == 1
    routes = {dict(labels).get("route") for _, labels in admin_samples}
    assert not any(link["id"] in str(route) for route in routes)
    assert "hop_admin_workers_resident_memory_bytes" in names(admin_samples)
    assert "process_cpu_seconds_total" in names(admin_samples)

    # Edge: redirects by status and cache, summed over both worker processes.
    code = link["shortUrl"].rsplit("/", 1)[1]
    with httpx.Client(base_url=edge.url, timeout=10, follow_redirects=False) as visitor:
        for _ in range(6):
            assert visitor.get(f"/{code}").status_code == 302
        assert visitor.get("/nosuchcodehere").status_code == 404

    def edge_counted() -> bool:
        samples = scrape(listeners["edge"])
        return (
            total(samples, "hop_edge_link_responses_total", status="302") == 6
            and total(samples, "hop_edge_link_responses_total", status="404") == 1
            # Six clicks and the 404's orphan visit (docs/analytics.md#orphan-visits).
            and total(samples, "hop_edge_clicks_written_total") == 7
        )

    assert eventually(edge_counted, 15)
    edge_samples = scrape(listeners["edge"])
    # The first visit in each worker process reads Redis; later ones are cache hits.
    assert total(edge_samples, "hop_edge_link_responses_total", status="302", cache="miss") >= 1
    assert total(edge_samples, "hop_edge_link_responses_total", status="302", cache="hit") >= 4
    assert total(edge_samples, "hop_edge_workers") == 2
    assert total(edge_samples, "hop_edge_click_buffer_depth") == 0
    assert total(edge_samples, "hop_edge_cache_entries") >= 2

    # Worker: the clicks stored, the stream drained, the delivery succeeded.
    def worker_counted() -> bool:
        samples = scrape(listeners["worker"])
        return (
            total(samples, "hop_worker_clicks_stored_total") >= 6
            and total(samples, "hop_worker_webhook_deliveries_total", outcome="succeeded") >= 1
            and total(samples, "hop_worker_click_stream_pending", stream=CLICK_STREAM) == 0
        )

    assert eventually(worker_counted, 30)
    worker_samples = scrape(listeners["worker"])
    assert total(worker_samples, "hop_worker_click_stream_lag", stream=CLICK_STREAM) == 0
    assert "process_resident_memory_bytes" in names(worker_samples)
