"""A fake Shlink instance on loopback: ``GET /rest/v3/short-urls`` as Shlink 4 answers it.

Written from Shlink's OpenAPI description (docs/swagger in shlinkio/shlink): the
``X-Api-Key`` header, ``page``/``itemsPerPage`` (``-1`` for all) and ``orderBy``
paging, the ``{"shortUrls": {"data", "pagination"}}`` answer, and problem+json
errors (``https://shlink.io/api/error/invalid-api-key``, ``missing-authentication``).
Shlink itself has no rate limit; the 429 is a reverse proxy's, with ``Retry-After``.
"""

from __future__ import annotations

import math
from datetime import datetime
from typing import Any

import msgspec

from tests.support.fakes.stores import FakeServer, Request

Answer = tuple[int, dict[str, str], bytes]


def _problem(status: int, kind: str, title: str, detail: str, **extra: Any) -> Answer:
    body = {
        "type": f"https://shlink.io/api/error/{kind}",
        "title": title,
        "detail": detail,
        "status": status,
        **extra,
    }
    return status, {"Content-Type": "application/problem+json"}, msgspec.json.encode(body)


def shlink_url(
    code: str,
    long_url: str,
    created: str,
    *,
    domain: str | None = None,
    visits: int = 0,
    tags: tuple[str, ...] = (),
    valid_until: str | None = None,
    max_visits: int | None = None,
    title: str | None = None,
) -> dict[str, Any]:
    """One short URL as Shlink's API writes it (the default domain is ``s.test``)."""
    return {
        "shortCode": code,
        "shortUrl": f"https://{domain or 's.test'}/{code}",
        "longUrl": long_url,
        "dateCreated": created,
        "visitsSummary": {"total": visits, "nonBots": visits, "bots": 0},
        "tags": list(tags),
        "meta": {"validSince": None, "validUntil": valid_until, "maxVisits": max_visits},
        "domain": domain,
        "title": title,
        "crawlable": False,
        "forwardQuery": True,
        "hasRedirectRules": False,
    }


class FakeShlink:
    def __init__(self, api_key: str) -> None:
        self.api_key = api_key
        self.short_urls: list[dict[str, Any]] = []
        self.throttle_once = False
        self.fail_once = False
        self.server = FakeServer(self._handle)

    @property
    def url(self) -> str:
        return self.server.url

    @property
    def requests(self) -> list[Request]:
        return self.server.requests

    def _handle(self, request: Request) -> Answer:
        if self.throttle_once:
            self.throttle_once = False
            return 429, {"Retry-After": "1", "Content-Type": "text/html"}, b"<h1>429</h1>"
        if self.fail_once:
            self.fail_once = False
            return 503, {"Content-Type": "text/html"}, b"<h1>503 Service Unavailable</h1>"
        if request.path != "/rest/v3/short-urls" or request.method != "GET":
            return _problem(404, "not-found", "Not found", "Requested route does not exist.")
        key = request.headers.get("x-api-key")
        if not key:
            return _problem(
                401,
                "missing-authentication",
                "Invalid authorization",
                'Expected one of the following authentication headers, ["X-Api-Key"], but '
                "none were provided",
                expectedHeaders=["X-Api-Key"],
            )
        if key != self.api_key:
            return _problem(
                401,
                "invalid-api-key",
                "Invalid API key",
                "Provided API key does not exist or is invalid.",
            )
        return self._list(request)

    def _list(self, request: Request) -> Answer:
        page = int(request.query.get("page", ["1"])[0])
        per_page = int(request.query.get("itemsPerPage", ["10"])[0])
        order = request.query.get("orderBy", ["dateCreated-DESC"])[0]
        field, _, direction = order.partition("-")
        if field != "dateCreated":
            return _problem(400, "invalid-data", "Invalid data", "Provided data is not valid")
        items = sorted(
            self.short_urls,
            key=lambda item: datetime.fromisoformat(item["dateCreated"]),
            reverse=direction == "DESC",
        )
        if per_page < 0:
            per_page = max(1, len(items))
        chunk = items[(page - 1) * per_page : page * per_page]
        body = {
            "shortUrls": {
                "data": chunk,
                "pagination": {
                    "currentPage": page,
                    "pagesCount": math.ceil(len(items) / per_page),
                    "itemsPerPage": per_page,
                    "itemsInCurrentPage": len(chunk),
                    "totalItems": len(items),
                },
            }
        }
        return 200, {"Content-Type": "application/json"}, msgspec.json.encode(body)

    def close(self) -> None:
        self.server.close()
