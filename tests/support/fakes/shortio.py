"""A fake Short.io API on loopback, real HTTP, in the shapes of its public reference.

- ``GET /api/domains``: the account's domains (``id``, ``hostname`` and the rest).
- ``GET /api/links?domain_id=…&limit=…&pageToken=…``: ``{"count", "links",
  "nextPageToken"}``, newest first; ``limit`` above 150 is a 400.
- ``GET /statistics/link/{idString}?period=total&tzOffset=0``: ``totalClicks`` and
  the rest (the statistics host is this same server); an unknown link is a 404.
- The key in the ``authorization`` header, bare (a wrong one is a 401).
- ``throttle_once``: one 429 with ``Retry-After: 1``; ``fail_once``: one 500.
"""

from __future__ import annotations

import base64
from typing import Any

from tests.support.fakes.stores import FakeServer, Request, _json

Answer = tuple[int, dict[str, str], bytes]


def shortio_links(domain_id: int, hostname: str, count: int) -> list[dict[str, Any]]:
    """``count`` links of one domain, oldest first, every field the list gives set."""
    return [
        {
            "originalURL": f"https://shop.example/{hostname}/{n}",
            "path": f"p{domain_id}x{n}",
            "idString": f"lnk_{domain_id}_{n:06d}",
            "id": f"lnk_{domain_id}_{n:06d}",
            "shortURL": f"https://{hostname}/p{domain_id}x{n}",
            "secureShortURL": f"https://{hostname}/p{domain_id}x{n}",
            "cloaking": False,
            "title": f"Link {n} on {hostname}",
            "tags": ["spring", f"d{domain_id}"],
            "createdAt": f"2024-10-{1 + n // 60:02d}T08:{n % 60:02d}:47.490Z",
            "expiresAt": None,
            "clicksLimit": None,
            "skipQS": False,
            "archived": False,
            "DomainId": domain_id,
            "OwnerId": 11111,
            "hasPassword": False,
            "source": "api",
            "User": {"id": 11111, "name": "Owner", "email": "owner@shop.example"},
        }
        for n in range(1, count + 1)
    ]


class FakeShortio:
    def __init__(self, api_key: str = "sk_shortio_Q4mX2") -> None:
        self.api_key = api_key
        self.domains: list[dict[str, Any]] = []
        self.links: dict[int, list[dict[str, Any]]] = {}  # domain id -> its links, oldest first
        self.clicks: dict[str, int] = {}  # idString -> total clicks
        self.throttle_once = False
        self.fail_once = False
        self.server = FakeServer(self._handle)

    def add_domain(self, domain_id: int, hostname: str, links: int) -> None:
        self.domains.append(
            {"id": domain_id, "hostname": hostname, "linkType": "random", "state": "configured"}
        )
        self.links[domain_id] = shortio_links(domain_id, hostname, links)

    @property
    def url(self) -> str:
        return self.server.url

    @property
    def requests(self) -> list[Request]:
        return self.server.requests

    def close(self) -> None:
        self.server.close()

    def _handle(self, request: Request) -> Answer:  # noqa: PLR0911 - one answer per case
        if self.throttle_once:
            self.throttle_once = False
            return _json(
                429,
                {"statusCode": 429, "error": "Too Many Requests", "message": "Rate limit exceeded"},
                **{"Retry-After": "1"},
            )
        if self.fail_once:
            self.fail_once = False
            return _json(
                500, {"statusCode": 500, "error": "Internal Server Error", "message": "Internal"}
            )
        if request.headers.get("authorization") != self.api_key:
            return _json(
                401,
                {
                    "statusCode": 401,
                    "error": "Unauthorized",
                    "message": "Unauthorized: wrong API key",
                },
            )
        if request.path == "/api/domains":
            return _json(200, self.domains)
        if request.path == "/api/links":
            return self._list(request)
        if request.path.startswith("/statistics/link/"):
            link_id = request.path.rsplit("/", 1)[1]
            if request.query.get("period") != ["total"] or link_id not in self._ids():
                return _json(404, {"statusCode": 404, "error": "Not Found", "message": "Not found"})
            clicks = self.clicks.get(link_id, 0)
            return _json(
                200,
                {
                    "totalClicks": clicks,
                    "humanClicks": clicks // 2,
                    "totalClicksChange": "0",
                    "humanClicksChange": "0",
                    "clickStatistics": {"datasets": []},
                    "browser": [],
                    "country": [],
                },
            )
        return _json(404, {"statusCode": 404, "error": "Not Found", "message": "Not found"})

    def _ids(self) -> set[str]:
        return {link["idString"] for links in self.links.values() for link in links}

    def _list(self, request: Request) -> Answer:
        query = {name: values[0] for name, values in request.query.items()}
        limit = int(query.get("limit", "150"))
        if limit > 150:
            return _json(
                400,
                {
                    "statusCode": 400,
                    "error": "Bad Request",
                    "message": "querystring/limit must be <= 150",
                },
            )
        newest_first = list(reversed(self.links.get(int(query["domain_id"]), [])))
        start = _offset(query["pageToken"]) if "pageToken" in query else 0
        page = newest_first[start : start + limit]
        body: dict[str, Any] = {"count": len(newest_first), "links": page}
        if start + limit < len(newest_first):
            body["nextPageToken"] = _token(start + limit)
        return _json(200, body)


def _token(offset: int) -> str:
    return base64.urlsafe_b64encode(f"offset:{offset}".encode()).decode()


def _offset(token: str) -> int:
    return int(base64.urlsafe_b64decode(token).decode().removeprefix("offset:"))
