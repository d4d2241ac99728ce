"""SQL of link health (health.sql beside it; migration 0025): claiming due links, their
results with the ``link.broken`` event they may emit, and the digests of broken links."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import msgspec

from admin.db import Connection, execute, fetch_all, fetch_one, load_queries
from admin.events import Event, LinkBroken, record_owner_event
from common.timefmt import iso_utc

_SQL = load_queries(__file__, "health.sql")


class DueLink(msgspec.Struct, frozen=True, kw_only=True):
    """A link claimed for a check; ``checkable`` false: claimed, not to be checked."""

    id: str
    workspace_id: str
    environment: str
    short_code: str
    long_url: str
    rules: list[dict[str, Any]] | None
    variants: list[dict[str, Any]] | None
    checkable: bool

    def destinations(self) -> list[str]:
        """The link's own URL, then its rules' and variants' (each once)."""
        urls = [self.long_url]
        urls += [str(rule["url"]) for rule in self.rules or () if rule.get("url")]
        urls += [str(variant["url"]) for variant in self.variants or () if variant.get("url")]
        return list(dict.fromkeys(urls))


class Result(msgspec.Struct, frozen=True, kw_only=True):
    status: str  # ok | broken | unknown
    http_status: int | None
    url: str | None  # the destination the status is about (None: all ok)
    reason: str  # a stable code: ok, http_404, dns, connect, tls, timeout, ...
    checked_at: datetime


class _Recorded(msgspec.Struct, frozen=True):
    broke: bool
    workspace_id: str
    environment: str
    short_code: str
    long_url: str


class BrokenLink(msgspec.Struct, frozen=True):
    id: str
    environment: str
    short_code: str
    domain: str
    long_url: str
    health_url: str | None
    health_http_status: int | None
    health_broken_since: datetime | None


class Owner(msgspec.Struct, frozen=True):
    email: str
    workspace_name: str


class _Value(msgspec.Struct, frozen=True):
    value: Any


class _Workspace(msgspec.Struct, frozen=True):
    workspace_id: str


async def claim_due(conn: Connection, *, interval: float, limit: int) -> list[DueLink]:
    """Live links due for a check (at most ``limit``), each stamped claimed now."""
    return await fetch_all(conn, _SQL["claim_due"], {"interval": interval, "limit": limit}, DueLink)


async def record_result(conn: Connection, link_id: str, result: Result) -> bool:
    """Write a link's result; when it just broke, its ``link.broken`` event and its line
    in the next digest, in the caller's transaction. True if it just broke; False too
    when the link is gone."""
    recorded = await fetch_one(
        conn,
        _SQL["record_result"],
        {
            "id": link_id,
            "status": result.status,
            "http_status": result.http_status,
            "url": result.url,
            "checked_at": result.checked_at,
        },
        _Recorded,
    )
    if recorded is None or not recorded.broke:
        return False
    assert result.url is not None  # a broken result names its destination
    event = Event(
        "link.broken",
        LinkBroken(
            link_id=link_id,
            short_code=recorded.short_code,
            long_url=recorded.long_url,
            url=result.url,
            http_status=result.http_status,
            reason=result.reason,
            checked_at=iso_utc(result.checked_at),
        ),
    )
    await record_owner_event(conn, recorded.workspace_id, recorded.environment, event)
    await execute(
        conn,
        _SQL["insert_break"],
        {
            "workspace_id": recorded.workspace_id,
            "link_id": link_id,
            "broke_at": result.checked_at,
        },
    )
    return True


async def digest_candidates(conn: Connection, *, interval: float, limit: int) -> list[str]:
    """Workspaces with links broken since their last digest, which is older than
    ``interval`` seconds."""
    rows = await fetch_all(
        conn, _SQL["digest_candidates"], {"interval": interval, "limit": limit}, _Workspace
    )
    return [row.workspace_id for row in rows]


async def take_digest(
    conn: Connection, workspace_id: str, *, interval: float
) -> tuple[list[BrokenLink], list[Owner]] | None:
    """In the caller's transaction: the workspace's links to list in a digest now and
    its owners, the digest stamped sent (when there is a link to list); None when another
    worker is writing it or it is not due."""
    params = {"workspace_id": workspace_id, "interval": interval}
    locked = await fetch_one(conn, _SQL["lock_digest"], params, _Value)
    if locked is None or not locked.value:
        return None
    due = await fetch_one(conn, _SQL["digest_due"], params, _Value)
    if due is None or not due.value:
        return None
    links = await fetch_all(conn, _SQL["take_breaks"], params, BrokenLink)
    if not links:
        return [], []
    await execute(conn, _SQL["digest_sent"], params)
    owners = await fetch_all(conn, _SQL["owners"], params, Owner)
    return links, owners
