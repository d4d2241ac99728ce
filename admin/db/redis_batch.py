"""Redis auto-pipelining: commands issued in the same event-loop turn share one round trip.

Each Redis call costs a socket write and a read, and on a busy host the
system-call overhead dominates. Under load many requests want Redis at the same
moment (the rate-limit counter, the write-through of a link); ``RedisBatcher``
queues their commands and sends them as one pipeline on the next turn of the
loop, then hands each caller its own results. With one request in flight it is
simply a pipeline of that request's commands.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Callable
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.client import Pipeline
from redis.exceptions import NoScriptError

from common.redis_store import as_outage, is_cluster, redis_outage

AddCommands = Callable[[Pipeline], None]


class RedisBatcher:
    def __init__(self, redis: Redis) -> None:
        self.redis = redis
        self.clustered = is_cluster(redis)  # asked on every script and write-through
        self._queue: list[tuple[AddCommands, asyncio.Future[list[Any]]]] = []
        self._flushing: set[asyncio.Task[None]] = set()

    async def run(self, add: AddCommands) -> list[Any]:
        """Queue the commands ``add`` puts on a pipeline; return their results.

        A command that fails gives its exception as its result; an outage raises
        ``RedisUnavailable`` for everyone in the batch (any other failure, as it is).
        """
        future: asyncio.Future[list[Any]] = asyncio.get_running_loop().create_future()
        self._queue.append((add, future))
        if len(self._queue) == 1:
            task = asyncio.get_running_loop().create_task(self._flush())
            self._flushing.add(task)  # keep a reference until it finishes
            task.add_done_callback(self._flushing.discard)
        return await future

    async def _flush(self) -> None:
        batch, self._queue = self._queue, []
        spans: list[tuple[int, int]] = []
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                for add, _ in batch:
                    start = len(pipe)
                    add(pipe)
                    spans.append((start, len(pipe)))
                results = await pipe.execute(raise_on_error=False)
        except Exception as exc:  # noqa: BLE001 - every waiter gets the failure, whatever it is
            failure = as_outage(exc) or exc
            for _, future in batch:
                if not future.done():
                    future.set_exception(failure)
            return
        for (_, future), (start, end) in zip(batch, spans, strict=True):
            if not future.done():
                future.set_result(results[start:end])


class LuaScript:
    """A Lua script run by its SHA-1 through a batcher, loaded again if Redis forgot it."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.sha = hashlib.sha1(source.encode()).hexdigest()  # noqa: S324 - Redis names scripts by SHA-1

    async def run(self, batcher: RedisBatcher, keys: list[str], args: list[Any]) -> Any:
        """The script's result; ``RedisUnavailable`` when Redis cannot answer now, the
        error Redis answered (a ``ResponseError``) when it refused."""

        if batcher.clustered:
            return await self._run_alone(batcher.redis, keys, args)

        def add(pipe: Pipeline) -> None:
            pipe.evalsha(self.sha, len(keys), *keys, *args)

        (result,) = await batcher.run(add)
        if isinstance(result, NoScriptError):  # Redis restarted or flushed its scripts
            with redis_outage():
                await batcher.redis.script_load(self.source)
            (result,) = await batcher.run(add)
        if isinstance(result, Exception):
            with redis_outage():
                raise result
        return result

    async def _run_alone(self, redis: Redis, keys: list[str], args: list[Any]) -> Any:
        """On a Redis Cluster, where redis-py pipelines refuse scripts: one call, routed to
        the node of the keys' slot (the keys must share one, by hash tag)."""
        with redis_outage():
            try:
                return await redis.evalsha(self.sha, len(keys), *keys, *args)
            except NoScriptError:
                return await redis.eval(self.source, len(keys), *keys, *args)
