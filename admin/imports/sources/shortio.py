"""Short.io: every domain's links through its REST API.

``GET /api/domains`` names the account's domains; then, domain by domain,
``GET /api/links?domain_id=…&limit=149`` pages with ``pageToken``/``nextPageToken``.
The list has no click totals: ``GET /statistics/link/{idString}?period=total`` on the
statistics host is one request per link, made a few at a time, and skipped with
``options.clicks = false``. The cursor carries the domains as they were when the import
began, so a restart neither re-reads nor re-orders them.
docs/import.md says what comes over.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar, TypeVar

import msgspec

from admin.imports.sources.apiwire import aware, base_of, decode, for_each
from admin.imports.sources.base import BaseUrl, Page, SourceHttp, SourceLink, cursor_of, read_cursor

T = TypeVar("T")

DEFAULT_BASE = "https://api.short.io"
DEFAULT_STATISTICS = "https://statistics.short.io"
PAGE_SIZE = 149  # Short.io documents the limit as "less than 150"


class ShortioCredentials(msgspec.Struct, rename="camel", forbid_unknown_fields=True, kw_only=True):
    api_key: str = msgspec.field(name="apiKey")


class ShortioOptions(msgspec.Struct, rename="camel", forbid_unknown_fields=True, kw_only=True):
    # Both the API and the statistics requests go to a base given here.
    base_url: BaseUrl | None = None
    clicks: bool = True  # one request per link; false imports no click totals


class _Domain(msgspec.Struct):
    id: int
    hostname: str


class _Link(msgspec.Struct, rename="camel"):
    id_string: str
    original_url: str | None = msgspec.field(default=None, name="originalURL")
    path: str | None = None
    title: str | None = None
    tags: list[str] | None = None
    created_at: datetime | None = None
    # An ISO date, or milliseconds since the epoch as links made through the API may have.
    expires_at: datetime | int | None = None
    clicks_limit: int | None = None
    archived: bool = False
    has_password: bool = False


class _Links(msgspec.Struct, rename="camel"):
    links: list[_Link]
    count: int | None = None
    next_page_token: str | None = None


class _Statistics(msgspec.Struct, rename="camel"):
    total_clicks: int = 0


_domains = msgspec.json.Decoder(list[_Domain])
_links = msgspec.json.Decoder(_Links)
_statistics = msgspec.json.Decoder(_Statistics)


class Shortio:
    name: ClassVar[str] = "shortio"
    label: ClassVar[str] = "Short.io"
    credentials: ClassVar[type[msgspec.Struct]] = ShortioCredentials
    options: ClassVar[type[msgspec.Struct]] = ShortioOptions

    def __init__(
        self, credentials: ShortioCredentials, options: ShortioOptions, http: SourceHttp
    ) -> None:
        self.http = http
        self.base = base_of(options.base_url, DEFAULT_BASE)
        self.statistics = base_of(options.base_url, DEFAULT_STATISTICS)
        self.headers = {"authorization": credentials.api_key, "accept": "application/json"}
        self.with_clicks = options.clicks

    async def page(self, cursor: str | None) -> Page:
        state = read_cursor(cursor)
        domains: list[list[Any]] = state.get("domains") or await self._domains()
        at: int = state.get("at", 0)
        if at >= len(domains):
            return Page(links=[], cursor=None, total=0 if cursor is None else None)
        domain_id, hostname = domains[at]
        params = {"domain_id": str(domain_id), "limit": str(PAGE_SIZE)}
        if state.get("token"):
            params["pageToken"] = str(state["token"])
        answer = await self._get(f"{self.base}/api/links", _links, params)
        clicks = await self._clicks(answer.links)
        if answer.next_page_token and answer.links:
            following: dict[str, Any] = {
                "domains": domains,
                "at": at,
                "token": answer.next_page_token,
            }
        else:
            following = {"domains": domains, "at": at + 1}
        # The count is the domain's: the account's total only when it has one domain.
        total = answer.count if cursor is None and len(domains) == 1 else None
        return Page(
            links=[_link(link, hostname, n) for link, n in zip(answer.links, clicks, strict=True)],
            cursor=cursor_of(following) if following["at"] < len(domains) else None,
            total=total,
        )

    async def _domains(self) -> list[list[Any]]:
        found = await self._get(f"{self.base}/api/domains", _domains)
        return [[domain.id, domain.hostname] for domain in found]

    async def _clicks(self, links: list[_Link]) -> list[int]:
        if not self.with_clicks:
            return [0 for _ in links]
        return await for_each(links, self._total_clicks)

    async def _total_clicks(self, link: _Link) -> int:
        answer = await self.http.request(
            "GET",
            f"{self.statistics}/statistics/link/{link.id_string}",
            headers=self.headers,
            params={"period": "total", "tzOffset": "0"},
            # A link deleted since the list was read has no statistics: no clicks.
            ok=lambda answer: answer.status < 300 or answer.status == 404,
        )
        if answer.status == 404:
            return 0
        return decode(self.label, _statistics, answer.body).total_clicks

    async def _get(
        self, url: str, decoder: msgspec.json.Decoder[T], params: dict[str, str] | None = None
    ) -> T:
        answer = await self.http.request("GET", url, headers=self.headers, params=params)
        return decode(self.label, decoder, answer.body)


def _link(link: _Link, hostname: str, clicks: int) -> SourceLink:
    return SourceLink(
        source_id=link.id_string,
        long_url=link.original_url or "",
        code=link.path,
        domain=hostname,
        title=link.title or None,
        tags=tuple(link.tags or ()),
        created_at=aware(link.created_at),
        expires_at=_moment(link.expires_at),
        max_clicks=link.clicks_limit,
        archived=link.archived,
        clicks=clicks,
        # Archived links still redirect in Hop: a password-protected link is reported,
        # not written (Short.io never tells its password; Hop must not serve it openly).
        problem=(
            "password-protected at Short.io, which never reveals the password: create it in "
            "Hop with a password"
            if link.has_password
            else None
        ),
    )


def _moment(value: datetime | int | None) -> datetime | None:
    if isinstance(value, int):
        return datetime.fromtimestamp(value / 1000, UTC)
    return aware(value)
