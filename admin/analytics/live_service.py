"""Live clicks, the admin's half: GET /v1/analytics/live and GET /v1/links/:id/clicks/live
as Server-Sent Events, read from the workspace's live stream in Redis (``live``), so
any admin process serves any client.

- Each event is ``id: <stream entry id>/<index in the entry>``, ``event: click``,
  ``data: <LiveClick JSON>`` (an entry holds up to 50 clicks of one worker batch).
- ``Last-Event-ID`` resumes after that click. When it is no longer in the window
  (trimmed, or the stream dropped while idle) clicks may have been missed: the stream
  says so with an ``event: gap`` and starts at the window's start.
- ``XREAD BLOCK`` waits at most ``block_ms``, so the response notices a client gone
  within that time; a comment line goes out when nothing else has for
  ``heartbeat_seconds``, so proxies and clients see the connection alive.
- An open stream keeps the workspace's watch key (``keys.live_watch_key``) alive, and
  the worker feeds only watched workspaces. The key holds when the watch began: a
  resume from a click older than that (the watch lapsed in between) is told of a gap.
- A workspace has at most ``streams_per_workspace`` open (429 past it), counted in
  Redis with a lease each stream renews, so an admin that crashed frees its slots
  when their leases lapse.
"""

from __future__ import annotations

import logging
import re
import secrets
import time
from collections.abc import AsyncGenerator
from typing import Any, cast

import msgspec
from redis.asyncio import Redis

from admin.analytics.live import CLICKS_FIELD, LIVE_WATCH_MS, entry_clicks
from admin.auth import Principal
from admin.db import Database
from admin.db.redis_batch import LuaScript, RedisBatcher
from admin.errors import FieldError, NotFound, RateLimited, retry_after, validation
from admin.links import get_link
from common.keys import live_clicks_stream, live_slots_key, live_watch_key
from common.redis_store import redis_outage

logger = logging.getLogger(__name__)

_EVENT_ID = re.compile(r"(\d{1,20})-(\d{1,20})/(\d{1,6})")
_READ_COUNT = 200
SLOT_LEASE_MS = 60_000
RETRY_SECONDS = 15
# Drop the lapsed leases, then take a slot if one is free. KEYS[1]: the workspace's
# slots (token → lease end, ms); ARGV: now, lease, limit, token. 1: taken, 0: full.
_TAKE_SLOT = LuaScript(
    """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], tonumber(ARGV[1]) + tonumber(ARGV[2]), ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
"""
)
# Start (NX) or prolong the watch. Its value is Redis's own clock in ms, the clock stream
# entry ids are made of, so it compares with a Last-Event-ID whatever the admin's clock
# says. KEYS[1]: the watch key; ARGV[1]: its lifetime, ms. Returns when the watch began.
_WATCH = LuaScript(
    """
local t = redis.call('TIME')
local now = t[1] .. string.format('%03d', math.floor(tonumber(t[2]) / 1000))
redis.call('SET', KEYS[1], now, 'NX', 'PX', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return redis.call('GET', KEYS[1])
"""
)
_gap_encoder = msgspec.json.Encoder()

Entry = tuple[bytes, dict[bytes, bytes]]


class LiveStreamsBusy(RateLimited):
    slug = "live-streams-busy"


class Gap(msgspec.Struct, kw_only=True, rename="camel"):
    """The data of an ``event: gap``: where the client was, where the stream resumes."""

    last_event_id: str
    resumed_from: str | None


class Start(msgspec.Struct, frozen=True):
    """Read after ``position``; of entry ``entry`` show only the clicks past ``seen``."""

    position: str
    entry: bytes = b""
    seen: int = -1


class LiveService:
    def __init__(
        self,
        db: Database,
        redis: Redis,
        batcher: RedisBatcher,
        streams_per_workspace: int,
        *,
        heartbeat_seconds: float = 15.0,
        block_ms: int = 2_000,
    ) -> None:
        self.db = db
        self.redis = redis
        self.batcher = batcher
        self.streams_per_workspace = streams_per_workspace
        self.heartbeat_seconds = heartbeat_seconds
        # Below the admin's Redis socket time-out (5 s): a block is an answer, not a hang.
        self.block_ms = block_ms

    async def open(
        self, principal: Principal, link_id: str | None, last_event_id: str | None
    ) -> AsyncGenerator[bytes, None]:
        """The event stream's chunks, its slot taken: 404, 422 and 429 come from here,
        before the response starts. Closing the generator frees the slot."""
        if last_event_id is not None and not _EVENT_ID.fullmatch(last_event_id):
            raise validation([FieldError("Last-Event-ID", "must be an id this stream sent")])
        if link_id is not None:
            async with self.db.connection() as conn:
                if await get_link(conn, principal, link_id) is None:
                    raise NotFound(f"No link with id {link_id!r}.")
        stream = live_clicks_stream(principal.workspace_id, principal.environment)
        watch = live_watch_key(principal.workspace_id, principal.environment)
        token = await self._take_slot(principal.workspace_id)
        try:
            watched_since = await self._watch(watch)
            start = await self._start(stream, last_event_id, watched_since)
        except BaseException:
            await self._release_slot(principal.workspace_id, token)
            raise
        return self._events(
            principal.workspace_id, token, stream, watch, link_id=link_id, start=start
        )

    async def _take_slot(self, workspace_id: str) -> str:
        token = secrets.token_hex(8)
        now = int(time.time() * 1000)
        args = [now, SLOT_LEASE_MS, self.streams_per_workspace, token]
        taken = await _TAKE_SLOT.run(self.batcher, [live_slots_key(workspace_id)], args)
        if not taken:
            raise retry_after(
                LiveStreamsBusy(
                    f"This workspace has {self.streams_per_workspace} live streams open "
                    "already; close one, or retry later."
                ),
                RETRY_SECONDS,
            )
        return token

    async def _watch(self, watch: str) -> int:
        """Start or prolong the watch (one lost meanwhile, say to a Redis restart, begins
        again); when it began, ms on Redis's clock."""
        return int(await _WATCH.run(self.batcher, [watch], [LIVE_WATCH_MS]))

    async def _renew_slot(self, workspace_id: str, token: str, watch: str) -> None:
        key = live_slots_key(workspace_id)
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.zadd(key, {token: int(time.time() * 1000) + SLOT_LEASE_MS})
            pipe.pexpire(key, SLOT_LEASE_MS)
            await pipe.execute()
        await self._watch(watch)

    async def _release_slot(self, workspace_id: str, token: str) -> None:
        try:
            with redis_outage():
                await self.redis.zrem(live_slots_key(workspace_id), token)
        except Exception:  # noqa: BLE001 - the lease lapses on its own
            logger.warning(
                "live stream slot not released; its lease will lapse",
                extra={"action": "analytics.live_slot_kept"},
            )

    async def _events(
        self,
        workspace_id: str,
        token: str,
        stream: str,
        watch: str,
        *,
        link_id: str | None,
        start: Start | Gap,
    ) -> AsyncGenerator[bytes, None]:
        try:
            # A first line at once: the client (and any proxy) sees the stream open, and
            # every click from the start position on is on it.
            yield b": live clicks\n\n"
            if isinstance(start, Gap):
                yield b"event: gap\ndata: " + _gap_encoder.encode(start) + b"\n\n"
                start = Start("0-0")
            position, resumed, seen = start.position, start.entry, start.seen
            last_sent = last_renewed = time.monotonic()
            while True:
                wait = self.heartbeat_seconds - (time.monotonic() - last_sent)
                block_ms = max(1, min(self.block_ms, int(wait * 1000)))
                entries = await self._read(stream, position, block_ms)
                chunk = bytearray()
                for entry_id, fields in entries:
                    position = entry_id.decode()
                    skip = seen if entry_id == resumed else -1
                    shown = entry_clicks.decode(fields[CLICKS_FIELD])
                    for index, (clicked, data) in enumerate(shown):
                        if index > skip and (link_id is None or clicked == link_id):
                            chunk += _click_event(entry_id, index, data)
                now = time.monotonic()
                if not chunk and now - last_sent >= self.heartbeat_seconds:
                    chunk += b": heartbeat\n\n"
                if chunk:
                    last_sent = now
                # An empty chunk too: the response checks for a client gone between chunks.
                yield bytes(chunk)
                if now - last_renewed >= self.heartbeat_seconds:
                    with redis_outage():
                        await self._renew_slot(workspace_id, token, watch)
                    last_renewed = now
        finally:
            await self._release_slot(workspace_id, token)

    async def _start(
        self, stream: str, last_event_id: str | None, watched_since: int
    ) -> Start | Gap:
        """Where reading starts: after the last click the client saw if its entry is still
        in the window and the workspace was watched all along since, else a gap; without
        one, after the stream's newest entry."""
        with redis_outage():
            if last_event_id is None:
                newest = cast("list[Entry]", await self.redis.xrevrange(stream, count=1))
                return Start(newest[0][0].decode() if newest else "0-0")
            entry_id, _, index = last_event_id.partition("/")
            if _id(entry_id)[0] < watched_since:
                # Unwatched for a while after that click: the worker fed nobody then.
                oldest = cast("list[Entry]", await self.redis.xrange(stream, count=1))
                first = oldest[0][0].decode() if oldest else None
                return Gap(last_event_id=last_event_id, resumed_from=first)
            seen = await self.redis.xrange(stream, min=entry_id, max=entry_id)
            if seen:
                return Start(_before(entry_id), entry_id.encode(), int(index))
            oldest = cast("list[Entry]", await self.redis.xrange(stream, count=1))
        if oldest and _id(oldest[0][0].decode()) < _id(entry_id):
            return Start(entry_id)  # the window holds everything after it still
        # Trimmed past it, or the idle stream dropped: what came between is unknown.
        first = oldest[0][0].decode() if oldest else None
        return Gap(last_event_id=last_event_id, resumed_from=first)

    async def _read(self, stream: str, position: str, block_ms: int) -> list[Entry]:
        with redis_outage():
            response: Any = await self.redis.xread(
                {stream: position}, count=_READ_COUNT, block=block_ms
            )
        entries: list[Entry] = []
        for _stream, stream_entries in response or []:
            entries += stream_entries
        return entries


def _click_event(entry_id: bytes, index: int, data: bytes) -> bytes:
    return b"id: %b/%d\nevent: click\ndata: %b\n\n" % (entry_id, index, data)


def _before(entry_id: str) -> str:
    """The id just below ``entry_id``: XREAD after it returns ``entry_id`` first."""
    millis, sequence = _id(entry_id)
    if sequence:
        return f"{millis}-{sequence - 1}"
    return f"{millis - 1}-{2**64 - 1}" if millis else "0-0"


def _id(entry_id: str) -> tuple[int, int]:
    millis, _, sequence = entry_id.partition("-")
    return int(millis), int(sequence)
