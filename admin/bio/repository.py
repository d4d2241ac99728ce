"""SQL for Bio pages; a taken username becomes a domain error here.

Typed in and out: a page is written as a ``PageFields`` and read as a ``PageRow``; its
buttons and social links are ``PageLink``/``PageSocial`` structs, stored as jsonb in the
same camelCase shape as ever. ``bio.visited`` is written by the worker's set-based
``store_visits`` (visits.sql) in the statement that stores the visits.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime
from typing import Any

import msgspec

from admin.auth import Principal
from admin.db import (
    Connection,
    UniqueViolation,
    batches,
    fetch_dict,
    jsonb,
    load_queries,
    savepoint,
)
from admin.errors import Conflict, FieldError

_SQL = load_queries(__file__)
_VISITS = load_queries(__file__, "visits.sql")
_USERNAME_CONSTRAINT = "bio_pages_username_key"
_BATCH = 1000


class PageLink(msgspec.Struct, kw_only=True, rename="camel", omit_defaults=True):
    """A button: a destination ``url`` through a link the page manages, or (``own``) one
    of the owner's links, used as it is (then ``url`` is None)."""

    title: str
    url: str | None
    link_id: str
    short_code: str
    own: bool = False


class PageSocial(msgspec.Struct, kw_only=True, rename="camel"):
    network: str
    handle: str
    url: str  # the profile, through a link the page manages
    link_id: str
    short_code: str


class PageFields(msgspec.Struct, frozen=True, kw_only=True):
    """Everything a PUT writes."""

    id: str
    username: str
    display_name: str
    description: str
    avatar_url: str | None
    theme: str
    language: str
    links: list[PageLink]
    socials: list[PageSocial]
    html: str


class PageRow(msgspec.Struct, kw_only=True):
    id: str
    environment: str  # 'live' | 'test': the namespace of username
    username: str
    display_name: str
    description: str
    avatar_url: str | None
    theme: str
    language: str
    links: list[PageLink]
    socials: list[PageSocial]
    html: str
    created_at: datetime
    updated_at: datetime
    # Who made the page (a later PUT keeps it): an API key's id or a user's; None: made
    # before workspaces.
    created_by: str | None

    def managed_link_ids(self) -> list[str]:
        """The links the page manages (not the owner's own)."""
        buttons = [link.link_id for link in self.links if not link.own]
        return buttons + [social.link_id for social in self.socials]


def _owner(principal: Principal) -> dict[str, Any]:
    return {"workspace_id": principal.workspace_id, "environment": principal.environment}


async def _one(conn: Connection, query: str, params: dict[str, Any]) -> PageRow | None:
    row = await fetch_dict(conn, _SQL[query], params)
    # msgspec.convert, not the class: the jsonb arrays become PageLink/PageSocial structs.
    return None if row is None else msgspec.convert(row, PageRow)


async def username_of(conn: Connection, principal: Principal) -> str | None:
    row = await (await conn.execute(_SQL["username_of"], _owner(principal))).fetchone()
    return str(row[0]) if row else None


async def bio_qr_links(conn: Connection, principal: Principal) -> list[str]:
    cursor = await conn.execute(_SQL["bio_qr_links"], _owner(principal))
    return [str(row[0]) for row in await cursor.fetchall()]


async def page_of(
    conn: Connection, principal: Principal, *, for_update: bool = False
) -> PageRow | None:
    query = "page_of_owner_for_update" if for_update else "page_of_owner"
    return await _one(conn, query, _owner(principal))


async def page_by_username(conn: Connection, environment: str, username: str) -> PageRow | None:
    return await _one(conn, "page_by_username", {"environment": environment, "username": username})


def _taken(username: str) -> Conflict:
    return Conflict(
        f"The username {username!r} is taken.", [FieldError("username", "already taken")]
    )


async def claim_username(
    conn: Connection,
    principal: Principal,
    username: str,
    bio_id: str,
    reservation_days: int,
) -> None:
    """Take ``username`` for the page; Conflict if another page holds it or it is still
    reserved for another owner."""
    params = {
        **_owner(principal),
        "username": username,
        "bio_id": bio_id,
        "reservation_days": reservation_days,
    }
    if await (await conn.execute(_SQL["claim_username"], params)).fetchone() is None:
        raise _taken(username)


async def free_username(conn: Connection, principal: Principal, username: str, bio_id: str) -> None:
    """The page left ``username``: it stays reserved for the owner."""
    params = {**_owner(principal), "username": username, "bio_id": bio_id}
    await conn.execute(_SQL["free_username"], params)


async def upsert_page(conn: Connection, principal: Principal, page: PageFields) -> PageRow:
    """Create or replace the owner's page; Conflict when another page holds the name."""
    params = {
        **msgspec.structs.asdict(page),
        **_owner(principal),
        "links": jsonb(msgspec.to_builtins(page.links)),
        "socials": jsonb(msgspec.to_builtins(page.socials)),
        "created_by": principal.actor_id,  # written by the first PUT only
    }
    try:
        async with savepoint(conn):  # a conflict leaves the caller's transaction intact
            row = await _one(conn, "upsert_page", params)
    except UniqueViolation as exc:
        if exc.constraint == _USERNAME_CONSTRAINT:
            raise _taken(page.username) from None
        raise
    assert row is not None
    return row


async def delete_page(conn: Connection, principal: Principal) -> PageRow | None:
    return await _one(conn, "delete_page", _owner(principal))


async def all_pages(conn: Connection) -> AsyncIterator[list[tuple[str, str, str, str]]]:
    """(environment, username, page id, html) of every name, in batches, from a
    server-side cursor."""
    async for batch in batches(conn, "hop_bio_rebuild", _SQL["all_pages"], size=_BATCH):
        yield batch


async def known_usernames(conn: Connection, environment: str, usernames: list[str]) -> set[str]:
    """Those of ``usernames`` held or once held in the environment."""
    params = {"environment": environment, "usernames": usernames}
    cursor = await conn.execute(_SQL["known_usernames"], params)
    return {str(row[0]) for row in await cursor.fetchall()}


async def store_visits(conn: Connection, visits_json: str) -> int:
    """Insert the visits (and their ``bio.visited`` events, for subscribed webhooks) in
    the caller's transaction, one statement (visits.sql); how many were new.
    ``visits_json``: the enriched visits as one JSON array, written by the analytics
    domain that enriches them (``batch_json``), unpacked by the statement."""
    params = {"visits": visits_json}
    row = await (await conn.execute(_VISITS["store_visits"], params)).fetchone()
    return int(row[0]) if row else 0
