"""Redis full (issue 33): `maxmemory` reached under `noeviction` while the workers are stopped.

Real processes on a Redis of the test's own: redirects go on answering, clicks wait in
the edge's buffer up to HOP_CLICK_BUFFER_MAX and the overflow is counted, the admin
refuses link changes with 503 (problem+json) rather than recording links the edge
cannot know, and once memory frees everything flows again with the counts exact. The
eviction policy is checked at start by each process (a warning when it is not
`noeviction`).
"""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
import redis
from prometheus_client.parser import text_string_to_metric_families

from hop.embedded import free_port
from tests.support.accounts import Account
from tests.support.api import make_links
from tests.support.clicks import stored_clicks, wait_for_clicks
from tests.support.stack import Stack
from tests.support.waiting import eventually, wait_for, wait_until

pytestmark = pytest.mark.slow

BUFFER_MAX = 40  # HOP_CLICK_BUFFER_MAX of the edge's one worker process


def edge_metric(listen: str, name: str) -> float:
    response = httpx.get(f"http://{listen}/metrics", timeout=10)
    return sum(
        sample.value
        for family in text_string_to_metric_families(response.text)
        for sample in family.samples
        if sample.name == name
    )


def visit(stack: Stack, codes: list[str], rounds: int) -> int:
    with stack.client() as client:
        for _ in range(rounds):
            for code in codes:
                assert client.get(f"/{code}").status_code == 302
    return rounds * len(codes)


def assert_503(response: httpx.Response) -> None:
    assert response.status_code == 503, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    assert response.json()["status"] == 503
    assert int(response.headers["retry-after"]) > 0


def links_of(stack: Stack, account: Account) -> int:
    (row,) = stack.sql("SELECT count(*) FROM links WHERE workspace_id = %s", account.workspace_id)
    return int(row[0])


def test_redis_full_refuses_writes_keeps_redirecting_and_recovers(
    tmp_path: Path, database_url: str
) -> None:
    metrics = f"127.0.0.1:{free_port()}"
    with Stack.private_redis(
        tmp_path,
        database_url,
        HOP_CLICK_BUFFER_MAX=str(BUFFER_MAX),
        HOP_EDGE_WORKERS="1",
        HOP_EDGE_METRICS_LISTEN=metrics,
    ) as stack:
        store = stack.redis
        # An evicting policy: each process says so in its log at start.
        store.config_set("maxmemory-policy", "allkeys-lru")
        stack.start_admin()
        account = stack.account()
        with stack.api() as api:
            links = make_links(api, account, 4, prefix="full")
        ids, codes = [link["id"] for link in links], [link["shortCode"] for link in links]
        stack.start_worker("first")
        stack.wait_for_links(codes)
        stack.start_edge()
        for name in ("admin.log", "edge.log", "worker-first.log"):
            log = tmp_path / name
            wait_until(
                lambda log=log: "redis.eviction_policy" in log.read_text(),  # type: ignore[misc]
                30,
                0.1,
                f"{name}: no warning about the eviction policy",
            )
            assert "allkeys-lru" in log.read_text()
        store.config_set("maxmemory-policy", "noeviction")
        answered = visit(stack, codes, 2)
        assert wait_for_clicks(database_url, ids, answered) == answered
        stack.stop_workers()

        # --- full, within the buffer's bound: nothing dropped, counts exact afterwards
        store.config_set("maxmemory", "1")
        with pytest.raises(redis.exceptions.OutOfMemoryError):
            store.set("hop:test:probe", b"x")
        within = visit(stack, codes, 8)  # 32 clicks, under BUFFER_MAX
        answered += within
        wait_for(lambda: edge_metric(metrics, "hop_edge_click_buffer_depth"), lambda d: d == within)
        assert edge_metric(metrics, "hop_edge_clicks_dropped_total") == 0

        with stack.api() as api:
            headers = account.headers()
            assert_503(
                api.post("/v1/links", json={"longUrl": "https://example.com/x"}, headers=headers)
            )
            assert_503(
                api.post(
                    "/v1/links/bulk",
                    json={"items": [{"longUrl": "https://example.com/y"}]},
                    headers=headers,
                )
            )
            assert_503(
                api.patch(
                    f"/v1/links/{ids[0]}",
                    json={"longUrl": "https://example.com/moved"},
                    headers=headers,
                )
            )
            assert_503(api.delete(f"/v1/links/{ids[1]}", headers=headers))
            bio = {
                "username": f"full{ids[0][-8:]}",
                "displayName": "Full",
                "links": [{"title": "Blog", "url": "https://example.com/blog"}],
            }
            assert_503(api.put("/v1/bio", json=bio, headers=headers))
            # Reads need no room.
            assert api.get(f"/v1/links/{ids[0]}", headers=headers).status_code == 200
            assert api.get("/v1/links", headers=headers).status_code == 200
        assert links_of(stack, account) == len(links)  # nothing half written
        assert (
            stack.sql("SELECT id FROM bio_pages WHERE workspace_id = %s", account.workspace_id)
            == []
        )
        (row,) = stack.sql("SELECT long_url, deleted_at FROM links WHERE id = %s", ids[0])
        assert row == ("https://example.com/full0", None)

        store.config_set("maxmemory", "0")
        wait_for(lambda: edge_metric(metrics, "hop_edge_click_buffer_depth"), lambda d: d == 0)
        stack.start_worker("second")
        assert wait_for_clicks(database_url, ids, answered) == answered
        stack.stop_workers()

        # --- full beyond the bound: the oldest clicks over it are dropped, and counted
        store.config_set("maxmemory", "1")
        over = visit(stack, codes, 11)  # 44 clicks: 4 over the bound
        answered += over
        wait_for(
            lambda: edge_metric(metrics, "hop_edge_clicks_dropped_total"),
            lambda dropped: dropped == over - BUFFER_MAX,
            message="the overflow was not counted",
        )
        wait_for(
            lambda: edge_metric(metrics, "hop_edge_click_buffer_depth"),
            lambda depth: depth == BUFFER_MAX,
        )
        assert "edge.clicks_dropped" in (tmp_path / "edge.log").read_text()

        store.config_set("maxmemory", "0")
        stack.start_worker("third")
        dropped = over - BUFFER_MAX
        assert wait_for_clicks(database_url, ids, answered - dropped) == answered - dropped
        assert eventually(lambda: stored_clicks(database_url, ids) == answered - dropped)

        # Writes are taken again, and the edge serves what they wrote.
        with stack.api() as api:
            created = api.post(
                "/v1/links",
                json={"longUrl": "https://example.com/after"},
                headers=account.headers(),
            )
            assert created.status_code == 201, created.text
        with stack.client() as client:
            response = client.get(f"/{created.json()['shortCode']}")
            assert response.status_code == 302
            assert response.headers["location"] == "https://example.com/after"
