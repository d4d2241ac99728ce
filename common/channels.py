"""Invalidation channels: keep an in-process cache true to changes announced on Redis.

A ``Subscription`` listens on one pub/sub channel and hands each message to
``on_message``. Messages sent while it is not listening are lost, so every
(re)subscription, including the ones redis-py makes by itself after a dropped
connection, calls ``on_resync`` (the cache must then re-read what it holds), and
``connected`` is clear while the channel is known to be down. ``generation``
grows with every event so a reader can tell whether a change raced its lookup.

On a Redis Cluster the channels are sharded (``SPUBLISH``/``SSUBSCRIBE``, Redis 7):
a message travels only to the nodes serving the channel's slot rather than over the
whole cluster bus. ``publish`` and ``publish_on`` pick the command that matches the
subscribers. A failover or slot move ends the sharded subscription (the node says
``sunsubscribe``, or the connection drops); the subscription refreshes the cluster's
layout and subscribes again at the channel's new home, resynchronising as above. A
subscription never ends on a Redis error (``_LOST``): it backs off and subscribes again.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any, cast

from redis.asyncio import Redis, RedisCluster
from redis.asyncio.client import Pipeline
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisClusterException, RedisError, ResponseError

from common.backoff import Backoff
from common.redis_store import RedisUnavailable, is_cluster, redis_outage

logger = logging.getLogger(__name__)
_PING_EVERY_SECONDS = 2.0
# What ends a subscription that must be made again (never one that ends the listener for
# good): Redis away, any error Redis answered (a subscribe a node refused), or a cluster
# client that does not know where the channel's slot lives (``SlotNotCoveredError``: a
# client that has sent no command yet, or a failover under way; redis-py raises it
# outside ``RedisError``). A listener that stopped here would leave its cache untrusted,
# or stale, until the process restarts.
_LOST = (RedisUnavailable, RedisError, RedisClusterException)


class Subscription:
    def __init__(
        self,
        redis: Redis,
        channel: str,
        *,
        on_message: Callable[[bytes], None],
        on_resync: Callable[[], None],
    ) -> None:
        self.redis = redis
        self.channel = channel
        self.on_message = on_message
        self.on_resync = on_resync
        self.connected = asyncio.Event()
        self.generation = 0
        self._stopping = False

    async def run(self) -> None:
        backoff = Backoff(0.05, 1.0)
        while not self._stopping:
            try:
                with redis_outage():
                    await self._listen()
                backoff.reset()
            except _LOST as exc:
                if isinstance(exc, ResponseError):  # refused: a fault to see, not an outage;
                    logger.error(  # still, listen on
                        "invalidation channel refused by Redis; retrying",
                        exc_info=exc,
                        extra={"action": "channel.refused", "channel": self.channel},
                    )
                self.connected.clear()
                self.generation += 1
                logger.warning(
                    "invalidation channel lost; resynchronising on reconnect",
                    extra={"action": "channel.lost", "channel": self.channel, "error": str(exc)},
                )
                await asyncio.sleep(backoff.next())

    async def _listen(self) -> None:
        if is_cluster(self.redis):
            await self._listen_sharded(cast("RedisCluster", self.redis))
            return
        # Subscribe confirmations are kept: redis-py re-subscribes on its own after a
        # dropped connection, and its confirmation is the only sign that we may have
        # missed messages in between.
        async with self.redis.pubsub(ignore_subscribe_messages=False) as pubsub:
            await pubsub.subscribe(self.channel)
            last_ping = time.monotonic()
            while not self._stopping:
                message = await pubsub.get_message(timeout=0.5)
                if message is not None:
                    self._handle(message)
                if time.monotonic() - last_ping > _PING_EVERY_SECONDS:
                    # A silent channel must still prove the connection is alive.
                    await pubsub.ping()
                    last_ping = time.monotonic()

    async def _listen_sharded(self, cluster: RedisCluster) -> None:
        try:
            with redis_outage():
                await self._relay_sharded(cluster)
        except _LOST:
            # Learn where the channel's slot lives now before subscribing again.
            await _rediscover(cluster)
            raise

    async def _relay_sharded(self, cluster: RedisCluster) -> None:
        # A client learns the cluster's layout at its first command; a subscription may
        # come first (at start-up), and SSUBSCRIBE needs to know the channel's node.
        await cluster.initialize()
        async with cluster.pubsub(ignore_subscribe_messages=False) as pubsub:
            await pubsub.ssubscribe(self.channel)
            last_ping = time.monotonic()
            while not self._stopping:
                message = await pubsub.get_sharded_message(timeout=0.5)
                if message is not None:
                    if message["type"] in ("sunsubscribe", b"sunsubscribe"):
                        # The slot moved (failover, resharding): start again there.
                        raise RedisConnectionError("shard channel moved")
                    self._handle(message)
                if time.monotonic() - last_ping > _PING_EVERY_SECONDS:
                    for node_pubsub in list(pubsub.node_pubsub_mapping.values()):
                        await node_pubsub.ping()
                    last_ping = time.monotonic()

    def _handle(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if isinstance(kind, bytes):
            kind = kind.decode()
        if kind in ("subscribe", "ssubscribe"):
            self.generation += 1
            self.on_resync()
            self.connected.set()
        elif kind in ("message", "smessage"):
            self.generation += 1
            self.on_message(message["data"])

    def stop(self) -> None:
        self._stopping = True


async def publish(redis: Redis, channel: str, message: str | bytes) -> None:
    """Announce ``message`` to every subscriber of ``channel`` (sharded on a cluster)."""
    if is_cluster(redis):
        await redis.spublish(channel, message)
    else:
        await redis.publish(channel, message)


def publish_on(pipe: Pipeline, channel: str, message: str | bytes) -> None:
    """Queue ``publish`` on a pipeline."""
    if is_cluster(pipe):
        pipe.spublish(channel, message)
    else:
        pipe.publish(channel, message)


async def _rediscover(cluster: RedisCluster) -> None:
    """Refresh the cluster's map of slots to nodes; a node still gone is retried later."""
    try:
        with redis_outage():
            await cluster.nodes_manager.initialize()
    except _LOST:
        pass  # a node still gone: the next subscription tries again
