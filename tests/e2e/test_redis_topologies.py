"""Hop on a Redis Cluster (sharded click streams, a primary failover under load) and on
Sentinel: every redirect answered right, every acknowledged click stored once."""

from __future__ import annotations

import contextlib
import itertools
import secrets
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from common.keys import (
    AUTH_CHANGES_CHANNEL,
    CLICK_CONSUMER_GROUP,
    LINK_CHANGES_CHANNEL,
    click_shard,
    click_stream,
)
from common.redis_store import connect_sync
from tests.support.api import make_link, make_links
from tests.support.clicks import wait_for_clicks
from tests.support.redis_topologies import (
    CLUSTER_BINARIES,
    SKIP_REASON,
    Cluster,
    running_cluster,
    running_sentinel,
)
from tests.support.stack import Stack
from tests.support.stores import scratch_database
from tests.support.waiting import eventually

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not CLUSTER_BINARIES, reason=SKIP_REASON)]
SHARDS = 3


@contextlib.contextmanager
def hop_on(root: Path, postgres_url: str, redis_url: str, **settings: str) -> Iterator[Stack]:
    """Worker, admin and edge on a scratch database and the given Redis."""
    root.mkdir(parents=True, exist_ok=True)
    with scratch_database(postgres_url) as database_url:
        stack = Stack(
            root, database_url, redis_url, HOP_TEST_WORKER_CLAIM_IDLE_MS="2000", **settings
        )
        try:
            stack.start_worker()
            stack.start_admin()
            stack.start_edge()
            yield stack
        finally:
            stack.close()


class Visitor:
    """Redirects in a loop on a thread, each answer recorded, until stopped."""

    def __init__(self, edge_url: str, links: list[dict[str, Any]]) -> None:
        self.edge_url = edge_url
        self.links = links
        self.answers: list[tuple[str, int, str | None]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        with httpx.Client(base_url=self.edge_url, timeout=10, follow_redirects=False) as client:
            n = 0
            while not self._stop.is_set():
                code = self.links[n % len(self.links)]["shortCode"]
                response = client.get(f"/{code}")
                self.answers.append((code, response.status_code, response.headers.get("location")))
                n += 1

    def __enter__(self) -> Visitor:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join(30)

    def wait_for(self, more: int) -> None:
        target = len(self.answers) + more
        assert eventually(lambda: len(self.answers) >= target, 60), "the edge stopped answering"


def _aliases_on_every_shard(per_shard: int) -> list[str]:
    """Aliases of this run, ``per_shard`` of them on each click shard: the failover must
    meet clicks on every shard (twelve random codes missed one shard in 2 % of runs)."""
    token = secrets.token_hex(4)
    by_shard: dict[int, list[str]] = {shard: [] for shard in range(SHARDS)}
    for n in itertools.count():
        alias = f"c{token}{n}"
        chosen = by_shard[click_shard(alias, SHARDS)]
        if len(chosen) < per_shard:
            chosen.append(alias)
        if all(len(aliases) == per_shard for aliases in by_shard.values()):
            return [alias for aliases in by_shard.values() for alias in aliases]
    raise AssertionError("unreachable")


def test_cluster_sharded_clicks_survive_a_primary_failover(
    tmp_path: Path, postgres_url: str
) -> None:
    with (
        running_cluster(tmp_path / "cluster") as cluster,
        hop_on(
            tmp_path / "hop",
            postgres_url,
            cluster.url,
            HOP_CLICK_STREAM_SHARDS=str(SHARDS),
            HOP_TEST_CLICK_FLUSH_MS="20",
        ) as stack,
        stack.api() as api,
    ):
        account = stack.account()
        links = [
            make_link(api, account, longUrl=f"https://example.com/cluster-{n}", alias=alias)
            for n, alias in enumerate(_aliases_on_every_shard(4))
        ]
        expected = {link["shortCode"]: link["longUrl"] for link in links}
        store = connect_sync(cluster.url)

        with Visitor(stack.edge_url, links) as visitor:
            visitor.wait_for(200)
            # The channel's node first (edges must resubscribe at its new home), then a
            # node holding a click shard, while redirects keep coming.
            moved = failover_serving(cluster, LINK_CHANGES_CHANNEL)
            visitor.wait_for(200)
            shard_node = cluster.node_serving(click_stream(0))
            if shard_node.port not in moved:
                failover_serving(cluster, click_stream(0))
            visitor.wait_for(200)

        answers = visitor.answers
        wrong = [a for a in answers if a[1] != 302 or a[2] != expected[a[0]]]
        assert wrong == []
        ids = [link["id"] for link in links]
        stored = wait_for_clicks(stack.database_url, ids, len(answers), timeout=60)
        assert stored == len(answers), shard_report(store)
        for shard in range(SHARDS):
            stream = click_stream(shard)
            groups = store.xinfo_groups(stream)
            assert [g["name"] for g in groups] == [CLICK_CONSUMER_GROUP.encode()]

            def settled(stream: str = stream) -> bool:
                return int(store.xpending(stream, CLICK_CONSUMER_GROUP)["pending"]) == 0

            assert eventually(settled, 30)

        # Invalidation still reaches the edge after the failovers (sharded pub/sub).
        changed = links[0]
        response = api.patch(
            f"/v1/links/{changed['id']}",
            json={"longUrl": "https://example.com/moved"},
            headers=account.headers(),
        )
        assert response.status_code == 200, response.text
        with stack.client() as edge:
            assert eventually(
                lambda: (
                    edge.get(f"/{changed['shortCode']}").headers.get("location")
                    == "https://example.com/moved"
                ),
                30,
            )
        store.close()


def shard_report(store: Any) -> str:
    """What each shard holds, for a failure message."""
    lines = []
    for shard in range(SHARDS):
        stream = click_stream(shard)
        groups = store.xinfo_groups(stream)
        lines.append(f"{stream}: length {store.xlen(stream)}, groups {groups}")
    return "\n".join(lines)


def failover_serving(cluster: Cluster, key: str) -> set[int]:
    """Fail the primary serving ``key`` over to its replica; the ports involved."""
    primary = cluster.node_serving(key)
    replica = cluster.failover(primary)
    return {primary.port, replica.port}


def test_sentinel_click_path_and_failover(tmp_path: Path, postgres_url: str) -> None:
    with (
        running_sentinel(tmp_path / "sentinel") as group,
        hop_on(tmp_path / "hop", postgres_url, group.url, HOP_TEST_CLICK_FLUSH_MS="20") as stack,
        stack.api() as api,
    ):
        account = stack.account()
        links = make_links(api, account, 4, prefix="sentinel-")
        expected = {link["shortCode"]: link["longUrl"] for link in links}
        with Visitor(stack.edge_url, links) as visitor:
            visitor.wait_for(100)
            group.failover()
            visitor.wait_for(100)
        answers = visitor.answers
        assert [a for a in answers if a[1] != 302 or a[2] != expected[a[0]]] == []
        ids = [link["id"] for link in links]
        assert wait_for_clicks(stack.database_url, ids, len(answers), timeout=90) == len(answers)


class KeyCaller:
    """API requests with one key in a loop on a thread, each answer's status and
    ``X-RateLimit-Limit`` recorded, until stopped.

    Paced at one request per ``PACE`` seconds (50 a second, half the business plan's
    6000 a minute): unpaced, a quiet machine answers faster than the key's own limit
    and a correct 429 would read as the failure this test looks for."""

    PACE = 0.02

    def __init__(self, admin_url: str, headers: dict[str, str]) -> None:
        self.admin_url = admin_url
        self.headers = headers
        self.answers: list[tuple[int, str | None]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        with httpx.Client(base_url=self.admin_url, timeout=30, follow_redirects=False) as client:
            while not self._stop.is_set():
                response = client.get("/v1/links", params={"limit": 1}, headers=self.headers)
                self.answers.append(
                    (response.status_code, response.headers.get("x-ratelimit-limit"))
                )
                self._stop.wait(self.PACE)

    def __enter__(self) -> KeyCaller:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join(30)

    def wait_for(self, more: int) -> None:
        target = len(self.answers) + more
        assert eventually(lambda: len(self.answers) >= target, 60), "the admin stopped answering"


def _shard_subscribers(cluster: Cluster, channel: str) -> int:
    """Subscribers of the sharded ``channel`` in the shard serving it now: its primary
    and that primary's replica. Redis hands a shard channel's messages to every node of
    the shard, so a client may hold its subscription on either; after a failover the
    admin may land on the demoted primary, now the replica, if it asked before every
    node had the new layout."""
    primary = cluster.node_serving(channel)
    total = 0
    for node in (primary, cluster.replica_of(primary)):
        with node.client() as client:
            _, count = client.execute_command("PUBSUB", "SHARDNUMSUB", channel)
        total += int(count)
    return total


def test_cluster_api_keys_keep_their_limit_through_a_primary_failover(
    tmp_path: Path, postgres_url: str
) -> None:
    """Seconds after a failover a business key was answered 429 at the anonymous 60 a
    minute: its lookups (the credential cache is not trusted while its channel is down)
    were charged to the client network's anonymous bucket. A key that resolves to an
    account is limited by the account's limits alone, and the channel comes back at the
    channel's new home by itself."""
    with (
        running_cluster(tmp_path / "cluster") as cluster,
        hop_on(
            tmp_path / "hop", postgres_url, cluster.url, HOP_LIMIT_ANONYMOUS_PER_MINUTE="60"
        ) as stack,
    ):
        account = stack.account(plan="business")
        with KeyCaller(stack.admin_url, account.headers()) as caller:
            caller.wait_for(30)
            moved = failover_serving(cluster, AUTH_CHANGES_CHANNEL)
            caller.wait_for(150)
            # The anonymous bucket's node too, should it be another one.
            anonymous = cluster.node_serving("hop:rl:{ip:127.0.0.1}:m:0")
            if anonymous.port not in moved:
                failover_serving(cluster, "hop:rl:{ip:127.0.0.1}:m:0")
                caller.wait_for(150)
            # The admin's channel is back by itself, at the channel's new home.
            # Within a minute: on two cores shared with the rest of the suite the
            # cluster's own convergence after two failovers has taken over 30 s.
            back = eventually(lambda: _shard_subscribers(cluster, AUTH_CHANGES_CHANNEL) >= 1, 60)
            caller.wait_for(30)
        wrong = [answer for answer in caller.answers if answer != (200, "6000")]
        assert wrong == [], f"{len(wrong)} of {len(caller.answers)}: {sorted(set(wrong))}"
        assert back, "the admin's change channel did not come back after the failover"
