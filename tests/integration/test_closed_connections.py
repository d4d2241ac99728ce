"""A Redis connection the server closed, as uvloop (the loop granian runs us on) reports a
write on it: ``RuntimeError: … the handler is closed``, which redis-py passes through
instead of its own ConnectionError. Every place that rides out a lost Redis must ride out
this one too. Real Redis, real uvloop: each test closes the pooled connection's transport
under the client, as a server restart or a failover does. The last one closes it from
another task in the middle of a command, as redis-py itself does in a cluster failover."""

from __future__ import annotations

import asyncio
import secrets
import sys
from collections.abc import Awaitable, Callable
from typing import TypeVar
from urllib.parse import urlsplit

import pytest
import uvloop
from redis.asyncio import Redis
from redis.asyncio.connection import Connection

from admin.auth.sessions import Sessions
from admin.bio.cache import BioCache
from admin.domains.cache import DomainSet, forget_domain
from admin.errors import ServiceUnavailable
from common.domains import CustomDomains
from common.keys import DOMAINS_KEY
from common.redis_store import RedisUnavailable, connect_sync, redis_outage

T = TypeVar("T")


def _on_a_closed_connection(redis_url: str, use: Callable[[Redis], Awaitable[T]]) -> T:
    """``use(client)`` under uvloop, the client's one pooled connection closed under it."""

    async def scenario() -> T:
        client = Redis.from_url(redis_url)
        try:
            await client.ping()  # one connection, back in the pool, open
            for connection in client.connection_pool._available_connections:
                connection._writer.transport.close()  # type: ignore[union-attr]
            await asyncio.sleep(0)
            return await use(client)
        finally:
            await client.aclose()

    return uvloop.run(scenario())


def test_the_closed_connection_is_what_uvloop_reports(redis_url: str) -> None:
    # The premise of this module: without the handling below, this is what callers see.
    async def ping(client: Redis) -> BaseException | None:
        try:
            await client.ping()
        except BaseException as exc:  # noqa: BLE001  # the point is to look at it
            return exc
        return None

    failure = _on_a_closed_connection(redis_url, ping)
    assert isinstance(failure, RuntimeError)
    assert "the handler is closed" in str(failure)


def test_the_edge_keeps_reloading_custom_domains(redis_url: str) -> None:
    # A database of its own: the edges of other tests read the domain set of database 0.
    url = urlsplit(redis_url)._replace(path="/15").geturl()
    host = f"{secrets.token_hex(6)}.invalid"
    seen: list[frozenset[str]] = []

    async def reload(client: Redis) -> bool:
        domains = CustomDomains(client, seen.append)
        reloading = asyncio.create_task(domains._reload())
        domains._stale.set()
        try:
            for _ in range(150):  # fails once, backs off 50 ms, reloads
                await asyncio.sleep(0.02)
                if reloading.done() or seen:
                    break
            return not reloading.done()
        finally:
            reloading.cancel()
            await asyncio.gather(reloading, return_exceptions=True)

    store = connect_sync(url)
    store.sadd(DOMAINS_KEY, host)
    try:
        alive = _on_a_closed_connection(url, reload)
    finally:
        store.srem(DOMAINS_KEY, host)
    assert alive  # before: the reload task died, and domain changes went unseen until restart
    assert seen  # the retry, on a new connection, read the set
    assert host in seen[-1]


def test_a_session_lookup_answers_unavailable(redis_url: str) -> None:
    async def load(client: Redis) -> object:
        return await Sessions(client, idle=60, lifetime=3600, server_key=b"k" * 32).load(
            secrets.token_urlsafe(32)
        )

    with pytest.raises(ServiceUnavailable):  # 503 with Retry-After, not a 500
        _on_a_closed_connection(redis_url, load)


def test_cache_writes_are_logged_not_raised(
    redis_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    # PostgreSQL has the change; `hop cache rebuild` restores the cache. The request that
    # made the change must not fail after its commit.
    async def domain(client: Redis) -> None:
        await DomainSet(client).add(f"{secrets.token_hex(6)}.invalid")

    async def bio(client: Redis) -> None:
        await BioCache(client).write("test", "bio_x", f"t{secrets.token_hex(6)}", "<p>hi</p>")

    async def deleted_domain(client: Redis) -> None:
        await forget_domain(client, "live", f"{secrets.token_hex(6)}.invalid", ["abc1234"])

    with caplog.at_level("ERROR"):
        _on_a_closed_connection(redis_url, domain)
        _on_a_closed_connection(redis_url, bio)
        _on_a_closed_connection(redis_url, deleted_domain)
    actions = [getattr(record, "action", "") for record in caplog.records]
    assert "domains.write_failed" in actions
    assert "cache.bio_write_failed" in actions
    assert "cache.forget_domain_failed" in actions


def test_a_connection_closed_under_a_command_by_another_task_is_an_outage(redis_url: str) -> None:
    """The worker's click consumers (one per shard) share one cluster client. In a
    failover a failed command makes redis-py close connections of the node (of every node
    when it resets the cluster's layout), one of them held by another consumer between
    its check that the connection is open and its write: that write met the socket gone
    as ``AttributeError: 'NoneType' object has no attribute 'writelines'``, no
    RedisError, and the consumer's task ended, stopping the worker (the cluster failover
    test's flake: clicks left unread). Here the other task closes the connection in the
    same loop turn as the command starts: a lost connection, like any other."""

    async def scenario() -> BaseException | None:
        url = urlsplit(redis_url)
        connection = Connection(host=url.hostname or "", port=url.port or 6379, socket_timeout=5)
        await connection.send_command("PING")  # connected, and idle again
        await connection.read_response()
        try:
            with redis_outage():
                await asyncio.gather(
                    connection.send_packed_command(connection.pack_command("PING")),
                    connection.disconnect(nowait=True),  # the other task's
                )
        except BaseException as exc:  # noqa: BLE001  # the point is to look at it
            return exc
        finally:
            await connection.disconnect()
        return None

    failure = uvloop.run(scenario())
    if sys.version_info < (3, 12):  # 3.12's wait_for writes in the same turn: no race there
        assert isinstance(failure, RedisUnavailable), repr(failure)
        assert isinstance(failure.__cause__, AttributeError)
    else:
        assert failure is None or isinstance(failure, RedisUnavailable), repr(failure)
