"""SQL for links and the short codes they hold (see short_codes in admin/db/schema.sql).

Typed in and out with the struct family of admin/link_model.py: a new link is a ``NewLink`` (or
``NewManagedLink``), a change is the whole ``LinkFields``, rows come back as
``LinkRow``/``CacheRow``. A change that raises a ``link.*`` event writes it here, in the
same transaction (admin/events/repository.py).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from datetime import datetime
from typing import Any

import msgspec

from admin.auth import Principal
from admin.db import (
    Connection,
    UniqueViolation,
    batches,
    fetch_all,
    fetch_one,
    jsonb,
    load_queries,
    savepoint,
)
from admin.errors import AliasTaken, ExternalIdTaken
from admin.events import Event, event_data, record_event
from admin.link_model import (
    CacheRow,
    LinkFields,
    LinkRow,
    NewLink,
    NewManagedLink,
    with_link_columns,
)
from common.ids import new_id

_SQL = with_link_columns(load_queries(__file__))
# One imported link, run for a page at a time (admin/links/imported.py).
IMPORT_LINK = _SQL["import_link"]


# What a change's event says, made from the row as written.
Describe = Callable[[LinkRow], Event]
_REBUILD_BATCH = 1000


_JSON_COLUMNS = ("rules", "variants", "preview", "utm")
# The unique index of externalId (migration 0024): a duplicate is the caller's 409.
_EXTERNAL_ID_CONSTRAINT = "links_external_id_key"


def _json(params: dict[str, Any]) -> dict[str, Any]:
    """The JSON columns wrapped as jsonb parameters (None stays SQL NULL)."""
    for name in _JSON_COLUMNS:
        if params.get(name) is not None:
            params[name] = jsonb(params[name])
    return params


def _owner(principal: Principal) -> dict[str, Any]:
    return {"workspace_id": principal.workspace_id, "environment": principal.environment}


async def _one(conn: Connection, query: str, params: dict[str, Any]) -> LinkRow | None:
    return await fetch_one(conn, _SQL[query], params, LinkRow)


async def insert_link(
    conn: Connection,
    principal: Principal,
    link: NewLink,
    created: Event,
    *,
    reservation_days: int,
    flagged: Event | None = None,
) -> str | None:
    """Insert the link and its ``created`` event in one statement (create-link is a hot
    path: one round trip): its code's code_key (the name of its entry in Redis), or None
    when the code is held, or reserved for another owner.
    A link the safety layer flagged also gets its ``flagged`` event (the caller's
    transaction then holds both)."""
    params = {
        **_json(msgspec.structs.asdict(link)),
        **_owner(principal),
        **_other_hosts(link.other_hosts),
        "event_id": new_id("evt"),
        "event_type": created.type,
        "event_data": event_data(created),
        "reservation_days": reservation_days,
    }
    if link.external_id is None:
        row = await (await conn.execute(_SQL["insert_link"], params)).fetchone()
    else:
        # A savepoint: a taken externalId fails the statement (nothing of it written)
        # without ending the caller's transaction (a bulk chunk's other items).
        try:
            async with savepoint(conn):
                row = await (await conn.execute(_SQL["insert_link"], params)).fetchone()
        except UniqueViolation as exc:
            if exc.constraint == _EXTERNAL_ID_CONSTRAINT:
                raise ExternalIdTaken(link.external_id) from None
            raise
    if not (row and row[0]):
        return None
    if flagged is not None:
        await record_event(conn, principal, flagged)
    return str(row[2])


def _other_hosts(located: list[tuple[str, str]]) -> dict[str, Any]:
    return {
        "other_sites": [site for site, _ in located],
        "other_hosts": [host for _, host in located],
    }


async def replace_other_hosts(
    conn: Connection, link_id: str, located: list[tuple[str, str]]
) -> None:
    """The link's destination hosts besides longUrl's, (site, host) pairs, as they are
    now (in the caller's transaction, with the change that moved them)."""
    await conn.execute(_SQL["replace_other_hosts"], {"id": link_id, **_other_hosts(located)})


async def insert_managed_link(
    conn: Connection, principal: Principal, link: NewManagedLink
) -> LinkRow | None:
    """The new row, or None when the (random) short code is held or reserved."""
    params = {**msgspec.structs.asdict(link), **_owner(principal)}
    return await _one(conn, "insert_managed_link", params)


async def get_link(
    conn: Connection, principal: Principal, link_id: str, *, for_update: bool = False
) -> LinkRow | None:
    query = "link_by_id_for_update" if for_update else "link_by_id"
    return await _one(conn, query, {"id": link_id, **_owner(principal)})


async def link_by_external_id(
    conn: Connection, principal: Principal, external_id: str
) -> LinkRow | None:
    """The owner's live link with this externalId, if any."""
    return await _one(
        conn, "link_by_external_id", {**_owner(principal), "external_id": external_id}
    )


async def lock_destination(
    conn: Connection, principal: Principal, domain: str, long_url: str
) -> str | None:
    """In the caller's transaction: hold the owner's (domain, destination) until it ends,
    then the id of the oldest live link already there, if any (PUT /v1/links/upsert
    without externalId or alias: two at once make one link)."""
    params = {**_owner(principal), "domain": domain, "long_url": long_url}
    await conn.execute(_SQL["lock_destination"], params)
    row = await (await conn.execute(_SQL["link_by_destination"], params)).fetchone()
    return str(row[0]) if row else None


async def links_by_ids(conn: Connection, principal: Principal, ids: list[str]) -> list[LinkRow]:
    """Those of ``ids`` that are the owner's live links, in no particular order."""
    params = {"ids": ids, **_owner(principal)}
    return await fetch_all(conn, _SQL["links_by_ids"], params, LinkRow)


async def move_code(
    conn: Connection,
    principal: Principal,
    link_id: str,
    *,
    old: tuple[str, str],
    new: tuple[str, str],
    reservation_days: int,
) -> None:
    """An alias or domain change, each place a (domain, code): claim ``new`` (AliasTaken
    if held or reserved for another owner), then free ``old``, which stays reserved for
    the owner."""
    params = {**_owner(principal), "id": link_id, "reservation_days": reservation_days}
    claim = {**params, "domain": new[0], "short_code": new[1]}
    if await (await conn.execute(_SQL["claim_code"], claim)).fetchone() is None:
        raise AliasTaken(new[1], new[0])
    await conn.execute(_SQL["free_code"], {**params, "domain": old[0], "short_code": old[1]})


async def lock_domain(conn: Connection, principal: Principal, domain: str) -> bool:
    """Whether ``domain`` is the owner's verified domain, held (FOR SHARE) until the
    caller's transaction ends so that it cannot be deleted under a link written now."""
    params = {**_owner(principal), "domain": domain}
    return await (await conn.execute(_SQL["lock_domain"], params)).fetchone() is not None


async def update_link(
    conn: Connection,
    principal: Principal,
    fields: LinkFields,
    describe: Describe | None = None,
    *,
    also: Describe | None = None,
) -> LinkRow:
    """Write the link's fields and the events ``describe`` and ``also`` make of the new
    row (managed links raise none); the caller's transaction holds the row lock."""
    try:
        row = await _one(conn, "update_link", _json(msgspec.structs.asdict(fields)))
    except UniqueViolation as exc:
        if exc.constraint == _EXTERNAL_ID_CONSTRAINT and fields.external_id is not None:
            raise ExternalIdTaken(fields.external_id) from None
        raise
    assert row is not None  # the caller holds the row lock
    for event in (describe, also):
        if event is not None:
            await record_event(conn, principal, event(row))
    return row


async def delete_link(
    conn: Connection, principal: Principal, link_id: str, describe: Describe
) -> LinkRow | None:
    """Delete the link and write the event ``describe`` makes of it; None if unknown."""
    row = await _one(conn, "delete_link", {"id": link_id, **_owner(principal)})
    if row is not None:
        await record_event(conn, principal, describe(row))
    return row


async def purge_link_clicks(conn: Connection, link_id: str) -> int:
    """Delete every stored click of the link (raw, daily counts, visitor sketches) and
    have later ones dropped at ingest; the caller holds the link's row lock. How many
    raw clicks went."""
    cursor = await conn.execute(_SQL["purge_link_clicks"], {"id": link_id})
    row = await cursor.fetchone()
    return int(row[0]) if row else 0


async def delete_managed_link(conn: Connection, link_id: str) -> LinkRow | None:
    """Delete a link the service manages for a QR code or Bio page (no owner check)."""
    return await _one(conn, "delete_managed_link", {"id": link_id})


class LinkFilter(msgspec.Struct, frozen=True, kw_only=True):
    """Which of the owner's links a list, an export or a bulk change is about; None
    (or an empty tag list) does not filter."""

    tags: list[str] = msgspec.field(default_factory=list)
    all_tags: bool = True  # every tag given (True) or any of them (False)
    pattern: str | None = None  # ILIKE pattern on longUrl and shortCode
    status: str | None = None  # as hop_link_status() names it
    created_from: datetime | None = None
    created_to: datetime | None = None
    domain: str | None = None  # a custom domain's links, "" the default host's, None all
    archived: bool | None = None  # only archived links (True), only the others, or all
    external_id: str | None = None
    # Only these links (the dashboard's selection); None: any.
    ids: list[str] | None = None

    def params(self) -> dict[str, Any]:
        return {
            "tags": self.tags or None,
            "all_tags": self.all_tags,
            "pattern": self.pattern,
            "status": self.status,
            "created_from": self.created_from,
            "created_to": self.created_to,
            "domain": self.domain,
            "archived": self.archived,
            "external_id": self.external_id,
            "ids": self.ids,
        }


class ListPosition(msgspec.Struct, frozen=True, kw_only=True):
    """Where a page starts: after this link (and, for the clicks orders, its count)."""

    link_id: str
    clicks: int | None = None


async def list_links(
    conn: Connection,
    principal: Principal,
    where: LinkFilter,
    *,
    sort: str,
    after: ListPosition | None,
    limit: int,
) -> list[LinkRow]:
    """One page in ``sort`` order (-created, created, -clicks, clicks), after ``after``."""
    params = {**_owner(principal), **where.params(), "limit": limit}
    if sort == "-created":
        params["before"] = after.link_id if after else None
        return await fetch_all(conn, _SQL["list_links"], params, LinkRow)
    params.update(
        sort=sort,
        after_id=after.link_id if after else None,
        after_clicks=after.clicks if after else None,
    )
    return await fetch_all(conn, _SQL["list_links_sorted"], params, LinkRow)


class TagCount(msgspec.Struct, frozen=True):
    tag: str
    links: int


async def tag_counts(conn: Connection, principal: Principal, *, limit: int) -> list[TagCount]:
    params = {**_owner(principal), "limit": limit}
    return await fetch_all(conn, _SQL["tag_counts"], params, TagCount)


async def matching_for_update(
    conn: Connection, principal: Principal, where: LinkFilter, *, before: str | None, limit: int
) -> list[LinkRow]:
    """The next ``limit`` matching links below id ``before`` (newest first), locked for
    the caller's transaction."""
    params = {**_owner(principal), **where.params(), "before": before, "limit": limit}
    return await fetch_all(conn, _SQL["matching_for_update"], params, LinkRow)


async def cache_entries(conn: Connection) -> AsyncIterator[list[CacheRow]]:
    """Every code's cache entry, in batches, from a server-side cursor (the caller's
    connection must stay in one transaction or autocommit for the whole walk)."""
    entries = _SQL["cache_entries"]
    async for batch in batches(
        conn, "hop_cache_rebuild", entries, size=_REBUILD_BATCH, row=CacheRow
    ):
        yield batch


async def known_codes(
    conn: Connection, environment: str, places: list[tuple[str, str]]
) -> set[tuple[str, str]]:
    """Those of the (domain, code) ``places`` held or once held in the environment."""
    params = {
        "environment": environment,
        "domains": [domain for domain, _ in places],
        "codes": [code for _, code in places],
    }
    cursor = await conn.execute(_SQL["known_codes"], params)
    return {(str(domain), str(code)) for domain, code in await cursor.fetchall()}


async def exhaust_links(conn: Connection) -> list[LinkRow]:
    """Mark the links whose clicks reached max_clicks (a batch of them); their rows."""
    return await fetch_all(conn, _SQL["exhaust_links"], {}, LinkRow)


async def variant_clicks(conn: Connection, link_ids: list[str]) -> dict[str, dict[int, int]]:
    """Clicks per variant index, by link id (links without any are absent)."""
    cursor = await conn.execute(_SQL["variant_clicks"], {"ids": link_ids})
    counts: dict[str, dict[int, int]] = {}
    for link_id, variant, clicks in await cursor.fetchall():
        counts.setdefault(str(link_id), {})[int(variant)] = int(clicks)
    return counts


async def reset_variant_clicks(conn: Connection, link_id: str) -> None:
    """New variants start from zero (the indexes now name other destinations)."""
    await conn.execute(_SQL["reset_variant_clicks"], {"id": link_id})


async def record_variants(conn: Connection, clicks: list[tuple[str, datetime, int]]) -> None:
    """Store each (event id, time, variant) once and add it to the per-variant totals; in
    the click batch's transaction, after its clicks are stored. The time names the
    click's monthly partition, so the update probes one partition, not all."""
    payload = [
        {"event_id": event_id, "clicked_at": clicked_at.isoformat(), "variant": variant}
        for event_id, clicked_at, variant in clicks
    ]
    await conn.execute(_SQL["record_variants"], {"clicks": msgspec.json.encode(payload).decode()})


async def imported_source_keys(conn: Connection, principal: Principal, keys: list[str]) -> set[str]:
    """Those of ``keys`` (imported_links.source_key) that already came over."""
    cursor = await conn.execute(_SQL["imported_source_keys"], {**_owner(principal), "keys": keys})
    return {row[0] for row in await cursor.fetchall()}


async def link_by_code(
    conn: Connection, principal: Principal, domain: str, short_code: str
) -> LinkRow | None:
    """The owner's live link holding ``short_code`` on ``domain`` ('' the short host)."""
    params = {**_owner(principal), "domain": domain, "short_code": short_code}
    return await _one(conn, "link_by_code", params)
