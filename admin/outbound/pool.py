"""Kept-alive HTTP/1.1 connections (admin/outbound/http1.py) waiting for their next request.

Shared by the webhook sender (admin/worker/sender.py) and the plain outbound client
(admin/outbound/fast.py); each chooses its keys. A key must name everything a
connection was made for (scheme, host name, port, and for the sender which
address and whose pool): a TLS connection verified for one name never carries a
request for another.

- at most ``per_key`` idle connections per key, the most recently used first;
  one unused for ``IDLE_SECONDS`` is closed rather than reused (servers drop
  idle connections after a while, and a dropped one costs a retry);
- at most ``max_keys`` keys, the least recently used dropped first;
- a kept-alive connection the server closed while it sat idle is found out at
  the next request (nothing of the answer came): the request goes once more on a
  fresh connection. A connection used by a request that failed in any other way,
  timed out or was cancelled is closed, never reused.
"""

from __future__ import annotations

import ssl
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

from admin.outbound.http1 import Answer, Connection, StaleConnection

IDLE_SECONDS = 30.0  # a kept-alive connection unused this long is closed, not reused
MAX_KEYS = 1024
Connect = Callable[[], Awaitable[Connection]]
Key = TypeVar("Key", bound=Hashable)


class IdleConnections(Generic[Key]):
    def __init__(self, per_key: int, *, max_keys: int = MAX_KEYS) -> None:
        self.per_key = per_key
        self.max_keys = max_keys
        self._idle: OrderedDict[Key, list[Connection]] = OrderedDict()

    async def exchange(
        self, key: Key, connect: Connect, head: bytes, body: bytes, keep: int
    ) -> Answer:
        """One request on an idle connection of ``key`` or a new one from ``connect``."""
        connection = self.take(key)
        if connection is not None:
            try:
                answer = await _use(connection, head, body, keep)
            except (StaleConnection, ConnectionResetError, BrokenPipeError):
                pass  # the server dropped it while idle: once more, fresh
            else:
                self.give(key, connection, answer.reusable)
                return answer
        connection = await connect()
        answer = await _use(connection, head, body, keep)
        self.give(key, connection, answer.reusable)
        return answer

    def take(self, key: Key) -> Connection | None:
        idle = self._idle.get(key)
        now = time.monotonic()
        while idle:
            connection = idle.pop()
            if not connection.closed() and now - connection.idle_since < IDLE_SECONDS:
                return connection
            connection.close()
        return None

    def give(self, key: Key, connection: Connection, reusable: bool) -> None:
        idle = self._idle.get(key)
        if idle is None:
            idle = self._idle[key] = []
        else:
            self._idle.move_to_end(key)
        if reusable and len(idle) < self.per_key:
            idle.append(connection)
        else:
            connection.close()
        while len(self._idle) > self.max_keys:
            _, oldest = self._idle.popitem(last=False)
            for stale in oldest:
                stale.close()

    async def aclose(self) -> None:
        pools, self._idle = list(self._idle.values()), OrderedDict()
        connections = [connection for idle in pools for connection in idle]
        for connection in connections:
            connection.close()
        for connection in connections:
            try:
                await connection.writer.wait_closed()
            except (OSError, ssl.SSLError):
                continue


async def _use(connection: Connection, head: bytes, body: bytes, keep: int) -> Answer:
    try:
        return await connection.exchange(head, body, keep)
    except BaseException:
        connection.close()  # half-used (error, time-out, cancel): never reused
        raise
