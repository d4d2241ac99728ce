"""YOURLS, the self-hosted shortener: its links through ``yourls-api.php``'s ``stats`` action.

``action=stats&filter=last&limit=L&start=S&format=json`` answers the links newest
first, ``{"links": {"link_1": {shorturl, url, title, timestamp, ip, clicks}, ...},
"stats": {"total_links", "total_clicks"}}`` (includes/functions.php
``yourls_get_stats`` in YOURLS/YOURLS: ``ORDER BY timestamp DESC LIMIT start, limit``).
The cursor is the next offset. Newest first means a link made while the import runs
pushes the rest one place down: the next page then repeats a link (the job skips what
it has already imported) rather than missing one.

The request is a POST form, so the signature or password travels in the body and
never in a URL a proxy or the site's access log would keep.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, ClassVar
from urllib.parse import unquote, urlsplit

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

# YOURLS core caps neither ``limit`` nor ``start``; the bound is the size of one answer
# we read, so a page stays well under a megabyte.
PAGE_SIZE = 500

Secret = Annotated[str, msgspec.Meta(min_length=1, max_length=500)]


class YourlsCredentials(msgspec.Struct, rename="camel", forbid_unknown_fields=True, kw_only=True):
    """Either the passwordless API ``signature`` token or ``username`` and ``password``."""

    signature: Secret | None = None
    username: Secret | None = None
    password: Secret | None = None

    def __post_init__(self) -> None:
        # msgspec reports a ValueError raised here as the decode's ValidationError, so a
        # wrong shape is the request's 422 like any other field error.
        login = self.username is not None or self.password is not None
        if self.signature is not None and login:
            raise ValueError("give either `signature` or `username` and `password`, not both")
        if self.signature is None and (self.username is None or self.password is None):
            raise ValueError("give either `signature`, or both `username` and `password`")

    def form(self) -> dict[str, str]:
        if self.signature is not None:
            return {"signature": self.signature}
        return {"username": self.username or "", "password": self.password or ""}


class YourlsOptions(msgspec.Struct, rename="camel", forbid_unknown_fields=True, kw_only=True):
    base_url: BaseUrl  # the YOURLS site root, or its full .../yourls-api.php address


class _Link(msgspec.Struct):
    shorturl: str
    url: str | None = None
    title: str | None = None
    timestamp: str | None = None
    clicks: int | str | None = None  # MySQL hands numbers to PHP as strings


class _Stats(msgspec.Struct):
    total_links: int | str | None = None


class _Answer(msgspec.Struct):
    links: dict[str, _Link] = {}
    stats: _Stats = msgspec.field(default_factory=_Stats)


_decode_answer = msgspec.json.Decoder(_Answer).decode


def api_url(base_url: str) -> str:
    """The address of ``yourls-api.php``, whether the owner gave it or the site root."""
    url = base_url.rstrip("/")
    if urlsplit(url).path.endswith(".php"):
        return url
    return f"{url}/yourls-api.php"


def _number(value: int | str | None) -> int:
    if isinstance(value, int):
        return value
    return int(value) if value and value.strip().isdigit() else 0


def _created(timestamp: str | None) -> datetime | None:
    # YOURLS writes ``date('Y-m-d H:i:s')`` with PHP's zone forced to UTC.
    if not timestamp:
        return None
    try:
        return datetime.strptime(timestamp, "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC)
    except ValueError:
        return None


def _link(item: _Link) -> SourceLink:
    parts = urlsplit(item.shorturl)
    keyword = unquote(parts.path.rsplit("/", 1)[-1])
    return SourceLink(
        source_id=keyword,
        long_url=item.url or "",
        code=keyword or None,
        domain=parts.hostname or None,
        title=item.title or None,
        created_at=_created(item.timestamp),
        clicks=_number(item.clicks),
    )


class YourlsSource:
    name: ClassVar[str] = "yourls"
    label: ClassVar[str] = "YOURLS"
    credentials: ClassVar[type[msgspec.Struct]] = YourlsCredentials
    options: ClassVar[type[msgspec.Struct]] = YourlsOptions

    def __init__(
        self,
        credentials: YourlsCredentials,
        options: YourlsOptions,
        http: SourceHttp,
        *,
        page_size: int = PAGE_SIZE,
    ) -> None:
        self.http = http
        self.page_size = page_size
        self.url = api_url(options.base_url)
        self.auth = credentials.form()

    async def page(self, cursor: str | None) -> Page:
        start = int(read_cursor(cursor).get("start", 0))
        answer = await self.http.request(
            "POST",
            self.url,
            headers={"Accept": "application/json"},
            form={
                "action": "stats",
                "filter": "last",
                "limit": str(self.page_size),
                "start": str(start),
                "format": "json",
                **self.auth,
            },
        )
        try:
            decoded = _decode_answer(answer.body)
        except msgspec.DecodeError:
            raise SourceFailed("YOURLS answered something that is not its stats list") from None
        links = [_link(item) for item in decoded.links.values()]
        total = (
            _number(decoded.stats.total_links) if decoded.stats.total_links is not None else None
        )
        after = start + len(links)
        more = len(links) == self.page_size and (total is None or after < total)
        return Page(
            links=links,
            cursor=cursor_of({"start": after}) if more else None,
            total=total,
        )
