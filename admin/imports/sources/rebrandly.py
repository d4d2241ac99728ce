"""Rebrandly: the account's (or one workspace's) branded links through API v1.

``GET /v1/links`` pages 25 links at a time (its maximum), newest first, each page
after the ``last`` link id of the one before; ``GET /v1/links/count`` tells the total.
A link's tags are not in the list: ``GET /v1/links/{id}/tags`` is one request per
link, made a few at a time, and skipped with ``options.tags = false``.
docs/import.md says what comes over.
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, TypeVar

import msgspec

from admin.imports.sources.apiwire import aware, base_of, decode, for_each
from admin.imports.sources.base import BaseUrl, Page, SourceHttp, SourceLink, cursor_of, read_cursor

T = TypeVar("T")

DEFAULT_BASE = "https://api.rebrandly.com"
PAGE_SIZE = 25  # the most GET /v1/links gives


class RebrandlyCredentials(
    msgspec.Struct, rename="camel", forbid_unknown_fields=True, kw_only=True
):
    api_key: str = msgspec.field(name="apiKey")


class RebrandlyOptions(msgspec.Struct, rename="camel", forbid_unknown_fields=True, kw_only=True):
    base_url: BaseUrl | None = None
    workspace: str | None = None  # a workspace id: its links instead of the main account's
    tags: bool = True  # one request per link; false imports no tags


class _Domain(msgspec.Struct, rename="camel"):
    full_name: str | None = None


class _Link(msgspec.Struct, rename="camel"):
    id: str
    slashtag: str | None = None
    destination: str | None = None
    title: str | None = None
    domain: _Domain | None = None
    created_at: datetime | None = None
    clicks: int | None = None


class _Tag(msgspec.Struct):
    name: str


class _Count(msgspec.Struct):
    count: int


_links = msgspec.json.Decoder(list[_Link])
_tags = msgspec.json.Decoder(list[_Tag])
_count = msgspec.json.Decoder(_Count)


class Rebrandly:
    name: ClassVar[str] = "rebrandly"
    label: ClassVar[str] = "Rebrandly"
    credentials: ClassVar[type[msgspec.Struct]] = RebrandlyCredentials
    options: ClassVar[type[msgspec.Struct]] = RebrandlyOptions

    def __init__(
        self, credentials: RebrandlyCredentials, options: RebrandlyOptions, http: SourceHttp
    ) -> None:
        self.http = http
        self.base = base_of(options.base_url, DEFAULT_BASE)
        self.headers = {"apikey": credentials.api_key, "Accept": "application/json"}
        if options.workspace:
            self.headers["workspace"] = options.workspace
        self.with_tags = options.tags

    async def page(self, cursor: str | None) -> Page:
        last = read_cursor(cursor).get("last")
        params = {"orderBy": "createdAt", "orderDir": "desc", "limit": str(PAGE_SIZE)}
        if last:
            params["last"] = str(last)
        links = await self._get(f"{self.base}/v1/links", _links, params)
        tags = await for_each(links, self._tags) if self.with_tags else [() for _ in links]
        total = None if cursor else (await self._get(f"{self.base}/v1/links/count", _count)).count
        # A short page is the last; a full one may be followed by an empty one.
        following = cursor_of({"last": links[-1].id}) if len(links) == PAGE_SIZE else None
        return Page(
            links=[_link(link, tags_of) for link, tags_of in zip(links, tags, strict=True)],
            cursor=following,
            total=total,
        )

    async def _tags(self, link: _Link) -> tuple[str, ...]:
        found = await self._get(f"{self.base}/v1/links/{link.id}/tags", _tags)
        return tuple(tag.name for tag in found)

    async def _get(
        self, url: str, decoder: msgspec.json.Decoder[T], params: dict[str, str] | None = None
    ) -> T:
        answer = await self.http.request("GET", url, headers=self.headers, params=params)
        return decode(self.label, decoder, answer.body)


def _link(link: _Link, tags: tuple[str, ...]) -> SourceLink:
    return SourceLink(
        source_id=link.id,
        long_url=link.destination or "",
        code=link.slashtag,
        domain=link.domain.full_name if link.domain else None,
        title=link.title or None,
        tags=tags,
        created_at=aware(link.created_at),
        clicks=link.clicks or 0,
    )
