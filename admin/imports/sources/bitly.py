"""Bitly (API v4) as an import source (docs/import.md).

Walks the token's groups (``GET /v4/groups``), then each group's links
(``GET /v4/groups/{guid}/bitlinks``, archived ones included) with Bitly's
``search_after`` iteration, and asks ``/v4/bitlinks/{bitlink}/clicks/summary`` for
each link's lifetime click total, a few requests in flight at once.

The cursor holds the group guids (read once, at the first page), the index of the
group being walked and the ``search_after`` token of its next batch: a restart goes on
from there without asking for the groups again.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Annotated, ClassVar, TypeVar
from urllib.parse import quote, urlsplit

import msgspec

from admin.imports.sources.base import (
    BaseUrl,
    Page,
    SourceFailed,
    SourceHttp,
    SourceLink,
    cursor_of,
)

DEFAULT_BASE_URL = "https://api-ssl.bitly.com"
# Bitly's largest page of a group's bitlinks.
PAGE_SIZE = 100
# Bitly allows at most five concurrent connections from one address
# (dev.bitly.com/docs/getting-started/rate-limits): more in flight only earns 429s.
CLICKS_IN_FLIGHT = 5
T = TypeVar("T")


class BitlyCredentials(msgspec.Struct, rename="camel", forbid_unknown_fields=True, kw_only=True):
    token: Annotated[str, msgspec.Meta(min_length=1)]


class BitlyOptions(msgspec.Struct, rename="camel", forbid_unknown_fields=True, kw_only=True):
    base_url: BaseUrl | None = None
    group_guid: str | None = None  # only this group's links
    clicks: bool = True  # one clicks/summary request per link for its lifetime total


# Bitly's wire formats (dev.bitly.com/api-reference), only the fields an import reads.


class _Group(msgspec.Struct, kw_only=True):
    guid: str
    is_active: bool = True


class _Groups(msgspec.Struct, kw_only=True):
    groups: list[_Group] = []


class _Bitlink(msgspec.Struct, kw_only=True):
    id: str  # "bit.ly/abc": domain and back-half
    long_url: str | None = None
    title: str | None = None
    archived: bool = False
    is_deleted: bool = False
    created_at: str | None = None
    expiration_at: str | None = None
    tags: list[str] | None = None
    custom_bitlinks: list[str] | None = None


class _Pagination(msgspec.Struct, kw_only=True):
    search_after: str = ""
    total: int | None = None


class _Bitlinks(msgspec.Struct, kw_only=True):
    links: list[_Bitlink] = []
    pagination: _Pagination = msgspec.field(default_factory=_Pagination)


class _Position(msgspec.Struct, kw_only=True):
    """Where a walk is: the groups (read at the first page), the one being walked, and
    Bitly's search_after for its next batch ("": its first)."""

    groups: list[str]
    group: int = 0
    after: str = ""


class _ClicksSummary(msgspec.Struct, kw_only=True):
    total_clicks: int = 0


_groups_decoder = msgspec.json.Decoder(_Groups)
_bitlinks_decoder = msgspec.json.Decoder(_Bitlinks)
_clicks_decoder = msgspec.json.Decoder(_ClicksSummary)


class BitlySource:
    name: ClassVar[str] = "bitly"
    label: ClassVar[str] = "Bitly"
    credentials: ClassVar[type[msgspec.Struct]] = BitlyCredentials
    options: ClassVar[type[msgspec.Struct]] = BitlyOptions

    def __init__(
        self, credentials: BitlyCredentials, options: BitlyOptions, http: SourceHttp
    ) -> None:
        self.http = http
        self.chosen = options
        self.base = (options.base_url or DEFAULT_BASE_URL).rstrip("/")
        self.headers = {
            "Authorization": f"Bearer {credentials.token}",
            "Accept": "application/json",
        }

    async def page(self, cursor: str | None) -> Page:
        first = not cursor
        at = _position(cursor) if cursor else _Position(groups=await self._groups())
        groups, index, after = at.groups, at.group, at.after
        if index >= len(groups):
            return Page(links=[], cursor=None, total=0 if first else None)
        batch = await self._bitlinks(groups[index], after)
        links = [_link(bitlink) for bitlink in batch.links]
        if self.chosen.clicks:
            links = await self._with_clicks(links)
        next_after = batch.pagination.search_after
        # An empty search_after (or an empty batch) ends the group: asking again with it
        # would start the group over.
        if next_after and batch.links:
            next_cursor = cursor_of({"groups": groups, "group": index, "after": next_after})
        elif index + 1 < len(groups):
            next_cursor = cursor_of({"groups": groups, "group": index + 1, "after": ""})
        else:
            next_cursor = None
        total = await self._total(groups, batch.pagination.total) if first else None
        return Page(links=links, cursor=next_cursor, total=total)

    async def _groups(self) -> list[str]:
        answer = await self._get("/v4/groups")
        groups = _decode(_groups_decoder, answer, "groups")
        # A deactivated group's links are refused (403), which would read as a bad token.
        guids = [group.guid for group in groups.groups if group.is_active]
        wanted = self.chosen.group_guid
        if wanted is None:
            return guids
        if wanted not in guids:
            raise SourceFailed(f"Bitly: the group {wanted!r} is not one of the token's groups")
        return [wanted]

    async def _bitlinks(self, group: str, after: str, size: int = PAGE_SIZE) -> _Bitlinks:
        params = {"size": str(size), "archived": "both"}
        if after:
            params["search_after"] = after
        answer = await self._get(f"/v4/groups/{quote(group, safe='')}/bitlinks", params)
        return _decode(_bitlinks_decoder, answer, "links")

    async def _total(self, groups: Sequence[str], first_total: int | None) -> int | None:
        """All groups' link counts, when Bitly still tells them (``pagination.total`` is
        marked for removal): the first group's came with its page, the others' cost one
        one-link request each."""
        if first_total is None:
            return None
        total = first_total
        for group in groups[1:]:
            count = (await self._bitlinks(group, "", size=1)).pagination.total
            if count is None:
                return None
            total += count
        return total

    async def _with_clicks(self, links: list[SourceLink]) -> list[SourceLink]:
        gate = asyncio.Semaphore(CLICKS_IN_FLIGHT)

        async def one(link: SourceLink) -> SourceLink:
            async with gate:
                clicks = await self._clicks(link.source_id)
            return msgspec.structs.replace(link, clicks=clicks)

        return list(await asyncio.gather(*(one(link) for link in links)))

    async def _clicks(self, bitlink: str) -> int:
        # The bitlink goes in the path as Bitly writes it, "bit.ly/abc" with its slash.
        path = "/".join(quote(part, safe="") for part in bitlink.split("/"))
        answer = await self._get(
            f"/v4/bitlinks/{path}/clicks/summary", {"unit": "day", "units": "-1"}
        )
        return max(0, _decode(_clicks_decoder, answer, "click summary").total_clicks)

    async def _get(self, path: str, params: dict[str, str] | None = None) -> bytes:
        answer = await self.http.request(
            "GET", f"{self.base}{path}", headers=self.headers, params=params
        )
        return answer.body


def _position(cursor: str) -> _Position:
    try:
        return msgspec.json.decode(cursor, type=_Position)
    except msgspec.DecodeError:
        raise SourceFailed("the import's saved position is not readable") from None


def _decode(decoder: msgspec.json.Decoder[T], body: bytes, what: str) -> T:
    try:
        return decoder.decode(body)
    except msgspec.DecodeError:
        raise SourceFailed(f"Bitly answered {what} in a shape we do not know") from None


def _link(bitlink: _Bitlink) -> SourceLink:
    domain, code = _printed(bitlink)
    return SourceLink(
        source_id=bitlink.id,
        long_url=bitlink.long_url or "",
        code=code,
        domain=domain,
        title=bitlink.title or None,
        tags=tuple(bitlink.tags or ()),
        created_at=_when(bitlink.created_at),
        expires_at=_when(bitlink.expiration_at),
        archived=bitlink.archived,
        # A deleted bitlink no longer redirects at Bitly; archived links still redirect in
        # Hop, so it is reported, not brought back to life.
        problem="deleted at Bitly: it no longer redirects there" if bitlink.is_deleted else None,
    )


def _printed(bitlink: _Bitlink) -> tuple[str, str]:
    """The host and back-half people saw: the first custom bitlink on a branded domain
    when there is one (that is the link that was printed and shared), else the bitlink."""
    for custom in bitlink.custom_bitlinks or ():
        parts = urlsplit(custom if "//" in custom else f"//{custom}")
        code = parts.path.strip("/")
        if parts.hostname and code:
            return parts.hostname, code
    domain, _, code = bitlink.id.partition("/")
    return domain, code


def _when(value: str | None) -> datetime | None:
    """Bitly's timestamps ("2024-05-01T10:20:30+0000") as aware datetimes."""
    if not value:
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
