"""Write-through of links into Redis in the shape the edge reads (common/wire.py).

Writes happen after the PostgreSQL commit. Each live one is followed by a message on
the invalidation channel so every edge worker drops its in-process copy (sandbox
links, under their own keys, are read from Redis on every visit). A failed
write is logged, not raised: the change is already recorded, and
``hop cache rebuild`` (also run by the worker at start) restores Redis from
PostgreSQL, which stays the record.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterable
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from redis.asyncio import Redis
from redis.asyncio.client import Pipeline
from redis.exceptions import OutOfMemoryError, RedisError

from admin.db import Connection
from admin.db.redis_batch import RedisBatcher
from admin.domains import fold_default_host, rebuild_domains
from admin.errors import ServiceUnavailable, retry_after
from admin.link_model import CacheRow, LinkRow
from admin.links.repository import cache_entries, known_codes
from admin.urls import location_form
from common.channels import publish, publish_on
from common.keys import (
    FLUSH_ALL,
    LINK_CHANGES_CHANNEL,
    LINK_PREFIX,
    SANDBOX_LINK_PREFIX,
    WRITE_PROBE_KEY,
    link_cache_key,
    link_key_in,
)
from common.redis_store import RedisUnavailable
from common.timefmt import epoch_ms
from common.wire import (
    LinkEntry,
    LinkFeatures,
    LinkPreview,
    LinkRule,
    LinkVariant,
    link_entry_encoder,
)

logger = logging.getLogger(__name__)
_REBUILD_BATCH = 1000


UTM_FIELDS = ("source", "medium", "campaign", "term", "content")


def with_utm(url: str, utm: dict[str, Any] | None) -> str:
    """``url`` with the link's UTM fields as utm_* parameters, replacing any of the same
    name already there; the rest of the query and the fragment are kept as they are."""
    given = {f"utm_{name}": utm[name] for name in UTM_FIELDS if utm and utm.get(name)}
    if not given:
        return url
    parts = urlsplit(url)
    kept = [
        (name, value)
        for name, value in parse_qsl(parts.query, keep_blank_values=True)
        if name not in given
    ]
    return urlunsplit(parts._replace(query=urlencode([*kept, *given.items()])))


def _destination(url: str, utm: dict[str, Any] | None) -> str:
    return location_form(with_utm(url, utm))


def _rule(rule: dict[str, Any], utm: dict[str, Any] | None) -> LinkRule:
    when = rule.get("when") or {}
    return LinkRule(
        url=_destination(rule["url"], utm),
        countries=tuple(when.get("country") or ()),
        devices=tuple(when.get("device") or ()),
        oses=tuple(when.get("os") or ()),
        languages=tuple(tag.lower() for tag in when.get("language") or ()),
        app_url=_app_url(rule.get("appUrl")),
        ios_url=location_form(rule["iosUrl"]) if rule.get("iosUrl") else "",
        android_url=location_form(rule["androidUrl"]) if rule.get("androidUrl") else "",
    )


def _app_url(url: str | None) -> str:
    """A deep link's appUrl as the edge writes it into its page: an http(s) one in
    location form (IDNA host); a custom scheme as given (validated: no spaces or control
    characters; the edge %-encodes anything else outside printable ASCII)."""
    if not url:
        return ""
    return location_form(url) if url.lower().startswith(("http://", "https://")) else url


def _preview(preview: dict[str, Any] | None) -> LinkPreview | None:
    if not preview:
        return None
    return LinkPreview(
        title=preview["title"],
        description=preview.get("description") or "",
        image=location_form(preview["image"]) if preview.get("image") else "",
    )


def entry_of(row: LinkRow | CacheRow) -> LinkEntry:
    """The edge's entry. Every field a link doesn't use keeps its default (msgspec leaves
    defaults out by identity: an ordinary link's entry stays the bytes it always was)."""
    utm = row.utm
    return LinkEntry(
        link_id=row.id,
        url=_destination(row.long_url, utm),
        state="deleted" if row.deleted_at is not None else "active",
        expires_at_ms=epoch_ms(row.expires_at) if row.expires_at else 0,
        redirect_type=row.redirect_type,
        forward_query=row.forward_query,
        qr=row.managed_by == "qr",
        ios_url=location_form(row.ios_url) if row.ios_url else "",
        android_url=location_form(row.android_url) if row.android_url else "",
        # The literal: msgspec leaves a default out by identity, and an ok link's entry
        # must stay the bytes it was before the safety layer.
        verdict="ok" if row.safety_verdict == "ok" else row.safety_verdict,
        reasons=tuple(row.safety_reasons),
        features=_features(row),
        extra_path=row.extra_path or "",
    )


def _features(row: LinkRow | CacheRow) -> LinkFeatures | None:
    """None for a link using none of them, so its entry stays the bytes it always was."""
    if not (
        row.rules
        or row.variants
        or row.password_verifier
        or row.exhausted_at
        or row.expired_url
        or row.preview
        or row.app_url
    ):
        return None
    utm = row.utm
    return LinkFeatures(
        rules=tuple(_rule(rule, utm) for rule in row.rules) if row.rules else (),
        variants=(
            tuple(LinkVariant(_destination(v["url"], utm), v["weight"]) for v in row.variants)
            if row.variants
            else ()
        ),
        password_verifier=row.password_verifier or "",
        exhausted=row.exhausted_at is not None,
        expired_url=location_form(row.expired_url) if row.expired_url else "",
        preview=_preview(row.preview),
        app_url=_app_url(row.app_url),
    )


def _full(error: BaseException | None) -> bool:
    """Redis answered OOM: it is there but refuses writes until memory frees."""
    while error is not None:
        if isinstance(error, OutOfMemoryError):
            return True
        error = error.__cause__
    return False


class RedisFull(ServiceUnavailable):
    def __init__(self) -> None:
        super().__init__(
            "The link cache is full and takes no writes; nothing was changed. Retry later."
        )
        retry_after(self, 5)


class LinkCache:
    def __init__(self, batcher: RedisBatcher) -> None:
        self.batcher = batcher

    async def require_room(self) -> None:
        """Before a change the edge must see is recorded: ``RedisFull`` (503) if Redis
        answers a write with OOM (``maxmemory`` reached under `noeviction`).

        The write-through comes after the commit; a full Redis would refuse it, leaving a
        recorded link the edge does not know (404) or serves as it was until `hop cache
        rebuild`. Refusing first keeps PostgreSQL and the edge in step. One SET on the
        batcher's next pipeline; a Redis that cannot be reached is not asked to refuse
        anything (the change is recorded and a failed write-through logged, as before),
        and one that fills between this and the write-through logs as always."""

        def probe(pipe: Pipeline) -> None:
            pipe.set(WRITE_PROBE_KEY, b"1")

        try:
            (answer,) = await self.batcher.run(probe)
        except RedisUnavailable as exc:
            if _full(exc):
                raise RedisFull from exc
            return
        if _full(answer if isinstance(answer, BaseException) else None):
            raise RedisFull

    async def write(self, rows: Iterable[LinkRow]) -> None:
        """Each row's entry at its code (a row with deleted_at set answers 410 there)."""
        rows = list(rows)

        # On one server, one pipeline on one connection keeps the order: each SET lands
        # before its announcement. A cluster pipeline sends to several nodes at once, so
        # there the announcements wait for the SETs' answers (one more round trip).
        clustered = self.batcher.clustered

        def add_sets(pipe: Pipeline) -> None:
            for row in rows:
                pipe.set(
                    link_key_in(row.environment, _name(row), row.domain),
                    link_entry_encoder.encode(entry_of(row)),
                )
            if not clustered:
                add_announcements(pipe)

        def add_announcements(pipe: Pipeline) -> None:
            for row in rows:
                if row.environment == "live":
                    publish_on(pipe, LINK_CHANGES_CHANNEL, link_cache_key(_name(row), row.domain))

        try:
            results = await self.batcher.run(add_sets)
            if clustered and any(row.environment == "live" for row in rows):
                results += await self.batcher.run(add_announcements)
            failed = next((r for r in results if isinstance(r, Exception)), None)
            if failed is not None:
                raise failed
        except (RedisUnavailable, RedisError):  # away, or a write it refused: logged either way
            logger.exception(
                "link cache write failed; `hop cache rebuild` restores it",
                extra={
                    "action": "cache.write_failed",
                    "codes": [
                        f"{row.environment}:{link_cache_key(_name(row), row.domain)}"
                        for row in rows
                    ],
                },
            )


def _name(row: LinkRow | CacheRow) -> str:
    """What names the row's code in Redis: its code_key (lower-cased on a case-insensitive
    host, where the edge folds the code asked), else (links before issue 30) the code."""
    return row.code_key or row.short_code


def _place(name: str) -> tuple[str, str]:
    """(domain, code) of a key's name: ``<hostname>/<code>`` or a bare code."""
    domain, _, code = name.rpartition("/")
    return domain, code


async def rebuild(conn: Connection, redis: Redis, *, case_insensitive_codes: bool = False) -> int:
    """Write every code's entry from PostgreSQL (live and sandbox, every domain), drop
    keys PostgreSQL doesn't know, restore the set of verified domains, flush edges. First
    the default host's codes are named as HOP_CASE_INSENSITIVE_CODES says
    (``fold_default_host``)."""
    await fold_default_host(conn, case_insensitive_codes)
    written = 0
    async for batch in cache_entries(conn):
        async with redis.pipeline(transaction=False) as pipe:
            for row in batch:
                pipe.set(
                    link_key_in(row.environment, _name(row), row.domain),
                    link_entry_encoder.encode(entry_of(row)),
                )
            await pipe.execute()
        written += len(batch)
    for environment, prefix in (("live", LINK_PREFIX), ("test", SANDBOX_LINK_PREFIX)):
        async for keys in _scan_batches(redis, prefix):
            places = [_place(key[len(prefix) :].decode()) for key in keys]
            known = await known_codes(conn, environment, places)
            stale = [key for key, place in zip(keys, places, strict=True) if place not in known]
            if stale:
                await redis.delete(*stale)
    await rebuild_domains(conn, redis)
    await publish(redis, LINK_CHANGES_CHANNEL, FLUSH_ALL)
    return written


async def _scan_batches(redis: Redis, prefix: str) -> AsyncIterator[list[bytes]]:
    batch: list[bytes] = []
    async for key in redis.scan_iter(match=prefix + "*", count=_REBUILD_BATCH):
        batch.append(key)
        if len(batch) >= _REBUILD_BATCH:
            yield batch
            batch = []
    if batch:
        yield batch
