"""The click consumer: Redis stream → enriched rows in PostgreSQL → XACK.

Delivery is at least once and storage idempotent, so counts stay exact:

- ``XREADGROUP`` hands each stream entry (a batch of clicks) to one consumer of
  the group; several workers share the stream.
- The batch is stored in one transaction (clicks, rollups, totals, events); the
  entries are acknowledged only after the commit. A worker killed in between
  leaves them pending, and they are delivered again (to itself on restart, or
  to another worker through ``XAUTOCLAIM`` once idle for ``claim_idle_ms``);
  the event ids make the second insert a no-op.
- An entry that cannot be decoded, or has been delivered ``max_deliveries``
  times without being stored, goes to the dead-letter stream with a log line;
  ``hop clicks replay-dead`` puts such entries back.
- The stream is trimmed only below the oldest entry the group still needs, so
  nothing unacknowledged is ever dropped.
- The stream is ``HOP_CLICK_STREAM_SHARDS`` streams; a worker runs one consumer per
  shard, so every worker reads every shard and the group of each shard shares it out
  (no shard ownership to hand over when workers come and go). Reclaim, dead letters
  and trimming are per shard.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Sequence
from typing import Any, NamedTuple, cast

import msgspec
from redis.asyncio import Redis
from redis.exceptions import ResponseError

from admin.analytics.batch import KINDS, store_batch
from admin.analytics.enrich import EnrichedClick, Enricher
from admin.analytics.live import LiveFeed
from admin.analytics.live_repository import LinkOwner
from admin.db import Database, DatabaseUnavailable, Deadlock, RejectedData
from common.backoff import Backoff
from common.keys import (
    CLICK_CONSUMER_GROUP,
    LEGACY_CLICK_DEAD_LETTER_STREAM,
    click_dead_letter_stream,
    click_stream,
)
from common.redis_store import RedisUnavailable, redis_outage
from common.wire import CLICK_BATCH_VERSION, click_batch_decoder

logger = logging.getLogger(__name__)
_TRIM_EVERY_SECONDS = 5.0
# A batch delivered this many times without being stored goes to the dead-letter stream.
MAX_DELIVERIES = 5
# A store away for the moment (PostgreSQL or Redis, including a shard's primary changing
# in a failover): the entries stay pending and are stored again.
_AWAY: tuple[type[Exception], ...] = (DatabaseUnavailable, RedisUnavailable)

Entry = tuple[bytes, dict[bytes, bytes]]


class Batch(NamedTuple):
    clicks: list[EnrichedClick]
    entry_ids: list[bytes]


class Poison(Exception):
    """A stream entry that can never be stored as it is."""


def decode_entry(fields: dict[bytes, bytes]) -> list[Any]:
    if fields.get(b"v") != CLICK_BATCH_VERSION or b"c" not in fields:
        raise Poison(f"unknown entry version {fields.get(b'v')!r}")
    try:
        events = click_batch_decoder.decode(fields[b"c"])
    except msgspec.DecodeError as exc:
        raise Poison(f"undecodable batch: {exc}") from None
    if any(event.kind not in KINDS for event in events):
        raise Poison("unknown event kind (a newer edge?); replay after upgrading")
    return events


class ClickConsumer:
    def __init__(
        self,
        redis: Redis,
        db: Database,
        enricher: Enricher,
        *,
        consumer: str,
        read_count: int,
        claim_idle_ms: int,
        in_flight: int,
        max_deliveries: int = MAX_DELIVERIES,
        shard: int = 0,
        live: LiveFeed | None = None,
    ) -> None:
        self.redis = redis
        # Stored clicks also go to their workspaces' live streams (issue 29).
        self.live = live or LiveFeed()
        # One consumer per shard (HOP_CLICK_STREAM_SHARDS): a shard and its dead letters
        # share a cluster slot, so every command here stays on one node.
        self.shard = shard
        self.stream = click_stream(shard)
        self.dead_stream = click_dead_letter_stream(shard)
        self.db = db
        self.enricher = enricher
        self.consumer = consumer
        self.read_count = read_count
        self.claim_idle_ms = claim_idle_ms
        self.max_deliveries = max_deliveries
        self.stopping = asyncio.Event()
        self.stored = 0
        self._own_backlog = True  # start by re-reading entries we were handed before a crash
        self._last_claim = 0.0
        self._last_trim = 0.0
        self.in_flight = in_flight
        self._storing: deque[asyncio.Task[None]] = deque()

    async def ensure_group(self) -> None:
        try:
            await self.redis.xgroup_create(self.stream, CLICK_CONSUMER_GROUP, id="0", mkstream=True)
        except ResponseError as exc:
            if "BUSYGROUP" not in str(exc):
                raise

    async def run(self) -> None:
        backoff = Backoff(0.1, 5.0)
        while not self.stopping.is_set():
            try:
                with redis_outage():
                    await self.ensure_group()
                    await self.step()
                backoff.reset()
            except ResponseError as exc:
                if str(exc).startswith("UNBLOCKED"):
                    # A failover is under way (Cluster, Sentinel): a blocked read is cut
                    # short with UNBLOCKED when its primary becomes a replica, and the
                    # client finds the new primary on the next try.
                    logger.warning(
                        "click stream shard moving; retrying",
                        extra={"action": "worker.clicks_retry", "error": str(exc)},
                    )
                    self._own_backlog = True
                    await asyncio.sleep(backoff.next())
                    continue
                if "NOGROUP" not in str(exc):
                    # An answer we don't know. The clicks wait in the stream, so keep
                    # trying (and saying so) rather than leave this shard unread while
                    # the rest of the worker looks healthy.
                    logger.exception(
                        "click consumer failed; retrying",
                        extra={"action": "worker.clicks_failed", "stream": self.stream},
                    )
                    self._own_backlog = True
                    await asyncio.sleep(backoff.next())
                    continue
                # The stream or group vanished (Redis flushed): recreate and go on.
                logger.warning(
                    "click consumer group missing; recreating",
                    extra={"action": "worker.clicks_group_recreated"},
                )
            except _AWAY as exc:
                logger.warning(
                    "click consumer retrying after a store error",
                    extra={"action": "worker.clicks_retry", "error": str(exc)},
                )
                self._own_backlog = True
                await asyncio.sleep(backoff.next())
        try:  # stopping: finish the batch in hand
            with redis_outage():
                await self.settle()
        except _AWAY as exc:
            # Unacknowledged entries stay pending: this or another worker stores them
            # again (each event id once).
            logger.warning(
                "click batch not settled at stop",
                extra={"action": "worker.clicks_unsettled", "error": str(exc)},
            )

    async def step(self) -> None:
        """One round: recover stuck entries when due, then read and store a batch.

        Storing batches overlaps with reading and enriching the next one: the
        statements run in PostgreSQL (other processes, other cores) while this
        process decodes and enriches. Up to ``in_flight`` batches are being stored
        at a time, each in its own transaction on its own connection, so PostgreSQL
        runs one batch's statement while the next is copied in; the ingest statement's
        lock order keeps them from deadlocking, as between workers. Entries are
        acknowledged as their own batch commits.
        """
        now = time.monotonic()
        if now - self._last_claim >= self.claim_idle_ms / 2000:
            await self.settle()
            self._last_claim = now
            await self.recover()
        if self._own_backlog:
            await self.settle()
            entries = await self._read("0")
            if not entries:
                self._own_backlog = False
                return
            await self.process(entries)
            return
        entries = await self._read(">", block_ms=500)
        batch = await self.prepare(entries) if entries else None
        if batch is None:
            await self.settle()
        else:
            while len(self._storing) >= self.in_flight:
                await self._storing.popleft()
            self._storing.append(asyncio.create_task(self.store(batch, entries)))
        if time.monotonic() - self._last_trim >= _TRIM_EVERY_SECONDS:
            self._last_trim = time.monotonic()
            await self.trim()

    async def settle(self) -> None:
        """Wait for the batches being stored; the first failure surfaces here, once
        they have all ended (none is left running unobserved)."""
        storing, self._storing = list(self._storing), deque()
        if storing:
            outcomes = await asyncio.gather(*storing, return_exceptions=True)
            for outcome in outcomes:
                if isinstance(outcome, BaseException):
                    raise outcome

    async def _read(self, start: str, block_ms: int | None = None) -> list[Entry]:
        response = cast(
            "list[tuple[bytes, list[Entry]]] | None",
            await self.redis.xreadgroup(
                CLICK_CONSUMER_GROUP,
                self.consumer,
                {self.stream: start},
                count=self.read_count,
                block=block_ms,
            ),
        )
        entries: list[Entry] = []
        for _stream, stream_entries in response or []:
            entries += [(entry_id, fields) for entry_id, fields in stream_entries if fields]
        return entries

    async def process(self, entries: Sequence[Entry]) -> None:
        batch = await self.prepare(entries)
        if batch is not None:
            await self.store(batch, entries)

    async def prepare(self, entries: Sequence[Entry]) -> Batch | None:
        """Decode and enrich; poison entries go to the dead-letter stream right away."""
        clicks: list[EnrichedClick] = []
        good: list[bytes] = []
        for entry_id, fields in entries:
            try:
                events = decode_entry(fields)
            except Poison as exc:
                await self.dead_letter(entry_id, fields, str(exc))
                continue
            clicks += [self.enricher.enrich(event) for event in events]
            good.append(entry_id)
        return Batch(clicks, good) if good else None

    async def store(self, batch: Batch, entries: Sequence[Entry]) -> None:
        """Store the batch in one transaction, then acknowledge its entries."""
        try:
            async with self.db.transaction() as conn:
                stored = await store_batch(conn, batch.clicks)
                owners = await self.live.owners(conn, batch.clicks) if stored else {}
        except Deadlock:
            # Another transaction held the same rows (the statement's lock order makes
            # this rare): the entries stay pending and are read again from our backlog.
            logger.warning(
                "click batch deadlocked; retrying",
                extra={"action": "worker.clicks_deadlock", "entries": len(batch.entry_ids)},
            )
            self._own_backlog = True
            return
        except RejectedData as exc:
            # One entry holds something PostgreSQL refuses: leave them all pending;
            # each is retried alone after claim_idle_ms and dead-lettered once it
            # has failed max_deliveries times, so the others still flow.
            logger.error(
                "click batch refused by PostgreSQL; entries left for retry",
                extra={
                    "action": "worker.clicks_refused",
                    "error": str(exc),
                    "entries": [entry_id.decode() for entry_id in batch.entry_ids],
                },
            )
            if len(batch.entry_ids) > 1:
                for entry in entries:
                    if entry[0] in batch.entry_ids:
                        await self._store_alone(entry)
            return
        await self.acknowledge(batch.entry_ids, batch.clicks if stored else [], owners)
        self.stored += stored

    async def acknowledge(
        self, entry_ids: list[bytes], shown: list[EnrichedClick], owners: dict[str, LinkOwner]
    ) -> None:
        """XACK the entries and show ``shown`` on the live streams someone watches: one
        round trip asks which are watched, one acknowledges and appends.

        Only a batch that stored something new is shown (a redelivered one repeats
        nothing); a live stream Redis refuses costs those clicks their live view, never
        their acknowledgement.
        """
        if shown and owners:
            owners = await self.live.watched(self.redis, owners)
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.xack(self.stream, CLICK_CONSUMER_GROUP, *entry_ids)
            self.live.append(pipe, shown, owners)
            results = await pipe.execute(raise_on_error=False)
        if isinstance(results[0], Exception):
            raise results[0]
        refused = [result for result in results[1:] if isinstance(result, Exception)]
        if refused:
            logger.warning(
                "live click stream refused an append",
                extra={"action": "worker.live_refused", "error": str(refused[0])},
            )

    async def _store_alone(self, entry: Entry) -> None:
        entry_id, fields = entry
        clicks = [self.enricher.enrich(event) for event in decode_entry(fields)]
        try:
            async with self.db.transaction() as conn:
                stored = await store_batch(conn, clicks)
                owners = await self.live.owners(conn, clicks) if stored else {}
        except RejectedData:
            return  # stays pending; recover() dead-letters it after max_deliveries
        await self.acknowledge([entry_id], clicks if stored else [], owners)
        self.stored += stored

    async def recover(self) -> None:
        """Take over entries idle on dead consumers; dead-letter the hopeless ones."""
        pending: list[dict[str, Any]] = await self.redis.xpending_range(
            self.stream, CLICK_CONSUMER_GROUP, min="-", max="+", count=100, idle=self.claim_idle_ms
        )
        exhausted = [
            item["message_id"] for item in pending if item["times_delivered"] >= self.max_deliveries
        ]
        if exhausted:
            taken = cast(
                "list[tuple[bytes, dict[bytes, bytes] | None]]",
                await self.redis.xclaim(
                    self.stream,
                    CLICK_CONSUMER_GROUP,
                    self.consumer,
                    self.claim_idle_ms,
                    list[Any](exhausted),
                ),
            )
            for entry_id, fields in taken:
                await self.dead_letter(
                    entry_id, fields or {}, f"not stored after {self.max_deliveries} deliveries"
                )
        response: list[Any] = await self.redis.xautoclaim(
            self.stream,
            CLICK_CONSUMER_GROUP,
            self.consumer,
            self.claim_idle_ms,
            start_id="0-0",
            count=self.read_count,
        )
        claimed = cast("list[Entry]", response[1])
        entries = [(entry_id, fields) for entry_id, fields in claimed if fields]
        if entries:
            logger.info(
                "claimed idle click batches",
                extra={"action": "worker.clicks_claimed", "count": len(entries)},
            )
            await self.process(entries)

    async def dead_letter(self, entry_id: bytes, fields: dict[bytes, bytes], reason: str) -> None:
        async with self.redis.pipeline(transaction=True) as pipe:
            letter: dict[Any, Any] = {**fields, b"origin": entry_id, b"reason": reason.encode()}
            pipe.xadd(self.dead_stream, letter)
            pipe.xack(self.stream, CLICK_CONSUMER_GROUP, entry_id)
            await pipe.execute()
        logger.error(
            "click batch dead-lettered",
            extra={
                "action": "worker.clicks_dead_letter",
                "entry": entry_id.decode(),
                "reason": reason,
            },
        )

    async def trim(self) -> None:
        """Drop entries below the oldest one the group may still need."""
        groups = await self.redis.xinfo_groups(self.stream)
        group = next((g for g in groups if g["name"] == CLICK_CONSUMER_GROUP.encode()), None)
        if group is None:
            return
        safe = group["last-delivered-id"]
        if group["pending"]:
            summary = await self.redis.xpending(self.stream, CLICK_CONSUMER_GROUP)
            # None: what was pending has been acknowledged since XINFO (a batch in
            # flight committed meanwhile), so everything below ``safe`` is done with.
            if summary["min"] is not None:
                safe = min(summary["min"], safe, key=_stream_id)
        if safe and safe != b"0-0":
            await self.redis.xtrim(self.stream, minid=safe, approximate=False)


def _stream_id(value: bytes) -> tuple[int, int]:
    millis, _, sequence = value.partition(b"-")
    return int(millis), int(sequence or 0)


async def replay_dead_letters(redis: Redis, shards: int = 1) -> int:
    """Move the batches dead-lettered so far back onto their click stream shards, and
    those a single-stream version left under the old dead-letter name onto shard 0."""
    moved = await _replay(redis, LEGACY_CLICK_DEAD_LETTER_STREAM, click_stream(0))
    for shard in range(shards):
        moved += await _replay(redis, click_dead_letter_stream(shard), click_stream(shard))
    return moved


async def _replay(redis: Redis, dead_stream: str, stream: str) -> int:
    """Move the entries of ``dead_stream`` present now back onto ``stream``.

    Only entries present when the replay starts move, so a batch that fails
    again (and is dead-lettered anew meanwhile) is not replayed in a loop.
    """
    newest = cast("list[Entry]", await redis.xrevrange(dead_stream, count=1))
    if not newest:
        return 0
    last_id = newest[0][0]
    moved = 0
    start: bytes | str = "-"
    while True:
        entries = cast(
            "list[Entry]",
            await redis.xrange(dead_stream, min=start, max=last_id, count=100),
        )
        if not entries:
            return moved
        for entry_id, fields in entries:
            original: dict[Any, Any] = {
                key: value for key, value in fields.items() if key not in (b"origin", b"reason")
            }
            async with redis.pipeline(transaction=True) as pipe:
                pipe.xadd(stream, original)
                pipe.xdel(dead_stream, entry_id)
                await pipe.execute()
            moved += 1
        start = b"(" + entries[-1][0]
