"""Kutt: the user's links on a Kutt server (kutt.it or one's own) through API v2.

``GET /api/v2/links?skip=…&limit=50`` pages by offset (50 is the most it gives), newest
first, with the ``total``. The key goes in ``X-API-KEY``. A link on the server's own
domain has ``domain: null``: its host is read from the link's full short URL.
docs/import.md says what comes over.
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar
from urllib.parse import urlsplit

import msgspec

from admin.imports.sources.apiwire import aware, decode
from admin.imports.sources.base import BaseUrl, Page, SourceHttp, SourceLink, cursor_of, read_cursor

PAGE_SIZE = 50  # the most GET /api/v2/links gives


class KuttCredentials(msgspec.Struct, rename="camel", forbid_unknown_fields=True, kw_only=True):
    api_key: str = msgspec.field(name="apiKey")


class KuttOptions(msgspec.Struct, rename="camel", forbid_unknown_fields=True, kw_only=True):
    base_url: BaseUrl  # the Kutt server: https://kutt.it or one's own


class _Link(msgspec.Struct):
    id: str
    address: str | None = None
    target: str | None = None
    description: str | None = None
    domain: str | None = None
    link: str | None = None
    visit_count: int = 0
    created_at: datetime | None = None
    expire_in: datetime | None = None
    banned: bool = False
    password: bool = False


class _Links(msgspec.Struct):
    data: list[_Link]
    total: int | None = None


_links = msgspec.json.Decoder(_Links)


class Kutt:
    name: ClassVar[str] = "kutt"
    label: ClassVar[str] = "Kutt"
    credentials: ClassVar[type[msgspec.Struct]] = KuttCredentials
    options: ClassVar[type[msgspec.Struct]] = KuttOptions

    def __init__(
        self, credentials: KuttCredentials, options: KuttOptions, http: SourceHttp
    ) -> None:
        self.http = http
        self.base = options.base_url.rstrip("/").removesuffix("/api/v2")
        self.headers = {"X-API-KEY": credentials.api_key, "Accept": "application/json"}

    async def page(self, cursor: str | None) -> Page:
        skip = int(read_cursor(cursor).get("skip", 0))
        answer = await self.http.request(
            "GET",
            f"{self.base}/api/v2/links",
            headers=self.headers,
            params={"skip": str(skip), "limit": str(PAGE_SIZE)},
        )
        found = decode(self.label, _links, answer.body)
        after = skip + len(found.data)
        more = bool(found.data) and (found.total is None or after < found.total)
        return Page(
            links=[_link(link) for link in found.data],
            cursor=cursor_of({"skip": after}) if more else None,
            total=found.total,
        )


def _link(link: _Link) -> SourceLink:
    return SourceLink(
        source_id=link.id,
        long_url=link.target or "",
        code=link.address,
        domain=link.domain or _host(link.link),
        title=link.description or None,
        created_at=aware(link.created_at),
        expires_at=aware(link.expire_in),
        clicks=link.visit_count,
        # Archived links still redirect in Hop: a banned link (Kutt's admin stopped it)
        # must not start redirecting again, nor a password-protected one openly (Kutt
        # never tells its password). Both are reported, not written.
        problem=_refused(link),
    )


def _refused(link: _Link) -> str | None:
    if link.banned:
        return "Kutt has this link banned: it is not brought back to life"
    if link.password:
        return (
            "password-protected at Kutt, which never reveals the password: create it in Hop "
            "with a password"
        )
    return None


def _host(url: str | None) -> str | None:
    return urlsplit(url).hostname if url else None
