"""Shlink, the self-hosted shortener: its short URLs through REST API v3.

``GET {baseUrl}/rest/v3/short-urls?page=N&itemsPerPage=M&orderBy=dateCreated-ASC`` with
the ``X-Api-Key`` header answers ``{"shortUrls": {"data": [...], "pagination": {...}}}``
(docs/swagger/paths/v1_short-urls.json in shlinkio/shlink). Pages are numbered, so the
cursor is the next page's number; oldest first, so links made while the import runs
land on later pages instead of shifting the ones not read yet.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, ClassVar
from urllib.parse import urlsplit

import msgspec

from admin.imports.sources.base import (
    BaseUrl,
    Page,
    SourceFailed,
    SourceHttp,
    SourceLink,
    cursor_of,
    read_cursor,
)

# Shlink has no upper bound (``-1`` is "all"); the bound is the size of one answer we
# read (a long URL can be kilobytes), so a page stays well under a megabyte.
PAGE_SIZE = 200


class ShlinkCredentials(msgspec.Struct, rename="camel", forbid_unknown_fields=True, kw_only=True):
    api_key: Annotated[str, msgspec.Meta(min_length=1, max_length=500)]


class ShlinkOptions(msgspec.Struct, rename="camel", forbid_unknown_fields=True, kw_only=True):
    base_url: BaseUrl  # the Shlink instance, e.g. https://s.example


class _VisitsSummary(msgspec.Struct):
    total: int = 0


class _Meta(msgspec.Struct):
    valid_until: datetime | None = msgspec.field(default=None, name="validUntil")
    max_visits: int | None = msgspec.field(default=None, name="maxVisits")


class _ShortUrl(msgspec.Struct, rename="camel"):
    short_code: str
    short_url: str = ""
    long_url: str | None = None
    date_created: datetime | None = None
    visits_summary: _VisitsSummary | None = None
    visits_count: int | None = None  # Shlink 3.x before visitsSummary
    tags: list[str] = []
    meta: _Meta = msgspec.field(default_factory=_Meta)
    domain: str | None = None
    title: str | None = None


class _Pagination(msgspec.Struct, rename="camel"):
    pages_count: int = 0
    total_items: int | None = None


class _ShortUrls(msgspec.Struct):
    data: list[_ShortUrl]
    pagination: _Pagination = msgspec.field(default_factory=_Pagination)


class _Answer(msgspec.Struct):
    short_urls: _ShortUrls = msgspec.field(name="shortUrls")


_decode_answer = msgspec.json.Decoder(_Answer).decode


def api_root(base_url: str) -> str:
    """The instance's REST v3 root, whether the owner gave the site or its ``/rest`` path."""
    root = base_url.rstrip("/")
    for suffix in ("/rest/v3", "/rest/v2", "/rest/v1", "/rest"):
        if root.endswith(suffix):
            root = root.removesuffix(suffix)
            break
    return f"{root}/rest/v3"


def _link(item: _ShortUrl) -> SourceLink:
    # A null domain is the instance's default domain: the host its short URL answers on.
    domain = item.domain or urlsplit(item.short_url).hostname or None
    if item.visits_summary is not None:
        clicks = item.visits_summary.total
    else:
        clicks = item.visits_count or 0
    return SourceLink(
        source_id=f"{domain or ''}/{item.short_code}",
        long_url=item.long_url or "",
        code=item.short_code,
        domain=domain,
        title=item.title or None,
        tags=tuple(item.tags),
        created_at=item.date_created,
        expires_at=item.meta.valid_until,
        max_clicks=item.meta.max_visits,
        clicks=clicks,
    )


class ShlinkSource:
    name: ClassVar[str] = "shlink"
    label: ClassVar[str] = "Shlink"
    credentials: ClassVar[type[msgspec.Struct]] = ShlinkCredentials
    options: ClassVar[type[msgspec.Struct]] = ShlinkOptions

    def __init__(
        self,
        credentials: ShlinkCredentials,
        options: ShlinkOptions,
        http: SourceHttp,
        *,
        page_size: int = PAGE_SIZE,
    ) -> None:
        self.http = http
        self.page_size = page_size
        self.url = f"{api_root(options.base_url)}/short-urls"
        self.headers = {"X-Api-Key": credentials.api_key, "Accept": "application/json"}

    async def page(self, cursor: str | None) -> Page:
        # Page numbers count pages of one size: the cursor keeps the size it was made with.
        position = read_cursor(cursor)
        number = int(position.get("page", 1))
        size = int(position.get("size", self.page_size))
        answer = await self.http.request(
            "GET",
            self.url,
            headers=self.headers,
            params={
                "page": str(number),
                "itemsPerPage": str(size),
                "orderBy": "dateCreated-ASC",
            },
        )
        try:
            short_urls = _decode_answer(answer.body).short_urls
        except msgspec.DecodeError:
            raise SourceFailed(
                "Shlink answered something that is not a list of short URLs"
            ) from None
        pagination = short_urls.pagination
        more = bool(short_urls.data) and number < pagination.pages_count
        return Page(
            links=[_link(item) for item in short_urls.data],
            cursor=cursor_of({"page": number + 1, "size": size}) if more else None,
            total=pagination.total_items,
        )
