"""Reading links: one, some, a page in any order with the list's filters and search,
the tag counts, and every matching link for the CSV export."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Sequence
from datetime import datetime
from typing import Annotated

import msgspec

from admin import pagination
from admin.auth import Principal
from admin.db import Database
from admin.errors import FieldError, NotFound, ValidationFailed, validation
from admin.links import repository as repo
from admin.links.checks import domain_of, unique_tags
from admin.links.representation import Resources
from admin.links.schemas import (
    EXTERNAL_ID_PATTERN,
    MAX_EXTERNAL_ID,
    MAX_TAGS,
    Link,
    LinkPage,
    TagCount,
    TagList,
)

SORTS = ("-created", "created", "-clicks", "clicks")
DEFAULT_DOMAIN = "default"  # the list filter's name for the default short host
STATUSES = ("active", "expired", "flagged", "blocked")
# GET /v1/links?archived=: false (the default) leaves archived links out, true lists
# only them, all lists both. Given an externalId and no archived, both: a caller
# looking its own id up means that link, archived or not.
ARCHIVED_CHOICES = {"false": False, "true": True, "all": None}
EXPORT_PAGE = 500  # links per read of the CSV export
MAX_PAGE_SIZE = 200
MAX_TAG_LIST = 1000


class LinkCursor(pagination.Position, frozen=True):
    """The last link of a page; in a clicks order also its count."""

    id: pagination.CursorId
    clicks: Annotated[int, msgspec.Meta(ge=0)] | None = None


def encode_cursor(link_id: str, clicks: int | None = None) -> str:
    return pagination.encode_cursor(LinkCursor(link_id, clicks))


def decode_cursor(cursor: str, sort: str = "-created") -> repo.ListPosition:
    """The position a cursor names, checked against the order it is used with: a cursor
    of one order means nothing in another."""
    by_clicks = sort in ("clicks", "-clicks")
    position = pagination.decode_cursor(
        cursor,
        LinkCursor,
        lambda c: c.id.startswith("lnk_") and (c.clicks is not None) == by_clicks,
    )
    return repo.ListPosition(link_id=position.id, clicks=position.clicks)


def like_pattern(q: str | None) -> str | None:
    """``q`` as an ILIKE pattern matching it anywhere, its wildcards taken literally."""
    if not q:
        return None
    escaped = q.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def link_filter(
    *,
    tags: Sequence[str] = (),
    tag_match: str = "all",
    q: str | None = None,
    status: str | None = None,
    created_from: datetime | None = None,
    created_to: datetime | None = None,
    domain: str | None = None,
    archived: str | bool | None = None,
    external_id: str | None = None,
    ids: Sequence[str] | None = None,
    prefix: str = "",
) -> repo.LinkFilter:
    """The filter of GET /v1/links (and of its export and bulk changes), checked: a bad
    value is a 422 naming the field (``prefix`` places it in a body: ``filter.``)."""
    errors: list[FieldError] = []
    if len(tags) > MAX_TAGS:
        errors.append(FieldError(f"{prefix}tag", f"at most {MAX_TAGS} tags"))
    if any(not 1 <= len(tag) <= 64 for tag in tags):
        errors.append(FieldError(f"{prefix}tag", "each tag is 1-64 characters"))
    if tag_match not in ("all", "any"):
        errors.append(FieldError(f"{prefix}tagMatch", "must be all or any"))
    if status is not None and status not in STATUSES:
        errors.append(FieldError(f"{prefix}status", f"must be one of {', '.join(STATUSES)}"))
    if created_from is not None and created_to is not None and created_to <= created_from:
        errors.append(FieldError(f"{prefix}createdTo", "must be later than createdFrom"))
    stored_domain: str | None = None
    if domain is not None:
        # "default": the default short host's links (never a host name: it has one label)
        try:
            stored_domain = "" if domain == DEFAULT_DOMAIN else domain_of(domain)
        except ValidationFailed:
            errors.append(FieldError(f"{prefix}domain", f"must be a host name or {DEFAULT_DOMAIN}"))
    only_archived: bool | None = None
    if isinstance(archived, str):
        if archived not in ARCHIVED_CHOICES:
            errors.append(FieldError(f"{prefix}archived", "must be true, false or all"))
        only_archived = ARCHIVED_CHOICES.get(archived)
    else:
        only_archived = archived
    if external_id is not None and not (
        len(external_id) <= MAX_EXTERNAL_ID and re.search(EXTERNAL_ID_PATTERN, external_id)
    ):
        errors.append(
            FieldError(f"{prefix}externalId", "must be 1-255 characters without control characters")
        )
    if errors:
        raise validation(errors)
    return repo.LinkFilter(
        tags=unique_tags([*tags]),
        all_tags=tag_match == "all",
        pattern=like_pattern(q),
        status=status,
        created_from=created_from,
        created_to=created_to,
        domain=stored_domain,
        archived=only_archived,
        external_id=external_id,
        ids=None if ids is None else [*ids],
    )


class LinkReader:
    def __init__(self, db: Database, resources: Resources) -> None:
        self.db = db
        self.resources = resources

    async def get(self, principal: Principal, link_id: str) -> Link:
        async with self.db.connection() as conn:
            row = await repo.get_link(conn, principal, link_id)
        if row is None:
            raise NotFound(f"No link with id {link_id!r}.")
        return (await self.resources.with_counts([row]))[0]

    async def get_many(self, principal: Principal, link_ids: Sequence[str]) -> dict[str, Link]:
        """The owner's live links among ``link_ids``, by id (other domains' rows point at
        links: a deleted or unknown one is simply absent)."""
        if not link_ids:
            return {}
        async with self.db.connection() as conn:
            rows = await repo.links_by_ids(conn, principal, [*link_ids])
        return {row.id: self.resources.of(row) for row in rows}

    async def list(
        self,
        principal: Principal,
        where: repo.LinkFilter,
        *,
        limit: int,
        cursor: str | None,
        sort: str = "-created",
    ) -> LinkPage:
        if not 1 <= limit <= MAX_PAGE_SIZE:
            raise validation([FieldError("limit", f"must be between 1 and {MAX_PAGE_SIZE}")])
        if sort not in SORTS:
            raise validation([FieldError("sort", f"must be one of {', '.join(SORTS)}")])
        after = decode_cursor(cursor, sort) if cursor else None
        async with self.db.connection() as conn:
            rows = await repo.list_links(
                conn, principal, where, sort=sort, after=after, limit=limit + 1
            )
        more = len(rows) > limit
        rows = rows[:limit]
        last = rows[-1] if more else None
        return LinkPage(
            data=await self.resources.with_counts(rows),
            next_cursor=(
                encode_cursor(last.id, last.clicks if sort.endswith("clicks") else None)
                if last
                else None
            ),
        )

    async def tags(self, principal: Principal, *, limit: int) -> TagList:
        if not 1 <= limit <= MAX_TAG_LIST:
            raise validation([FieldError("limit", f"must be between 1 and {MAX_TAG_LIST}")])
        async with self.db.connection() as conn:
            counts = await repo.tag_counts(conn, principal, limit=limit)
        return TagList(data=[TagCount(tag=row.tag, links=row.links) for row in counts])

    async def pages(
        self, principal: Principal, where: repo.LinkFilter, *, size: int = EXPORT_PAGE
    ) -> AsyncIterator[Sequence[Link]]:
        """Every matching link, newest first, a page at a time (the CSV export): each page
        is its own short read, so a slow reader holds no transaction open."""
        after: repo.ListPosition | None = None
        while True:
            async with self.db.connection() as conn:
                rows = await repo.list_links(
                    conn, principal, where, sort="-created", after=after, limit=size
                )
            if rows:
                yield [self.resources.of(row) for row in rows]
            if len(rows) < size:
                return
            after = repo.ListPosition(link_id=rows[-1].id)
