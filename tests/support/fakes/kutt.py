"""A fake Kutt API v2 server on loopback, real HTTP, answering as Kutt's own source does
(server/handlers/links.handler.js, helpers.handler.js, utils.js).

- ``GET /api/v2/links?skip=…&limit=…``: ``{"total", "limit", "skip", "data"}``, newest
  first; ``limit`` defaults to 10 and is cut to 50.
- A link is sanitised as Kutt does: ``id`` is its uuid, ``password`` only says whether
  it has one, ``domain`` is null on the server's own domain, ``link`` the short URL.
- The key in ``X-API-KEY``; a wrong one is a 401 ``{"error": "Unauthorized."}``.
- ``throttle_once``: one 429 with ``Retry-After: 1`` (express-rate-limit's);
  ``fail_once``: one 500 ``{"error": "An error occurred."}``.
"""

from __future__ import annotations

import uuid
from typing import Any

from tests.support.fakes.stores import FakeServer, Request, _json

Answer = tuple[int, dict[str, str], bytes]
DEFAULT_DOMAIN = "kutt.example"


def kutt_links(count: int) -> list[dict[str, Any]]:
    """``count`` links, oldest first, as Kutt's API gives them."""
    links = []
    for n in range(1, count + 1):
        domain = "go.brand.example" if n % 3 == 0 else None
        address = f"k{n}"
        links.append(
            {
                "id": str(uuid.UUID(int=n)),
                "address": address,
                "banned": False,
                "created_at": f"2025-01-{1 + n // 60:02d}T09:{n % 60:02d}:00.000Z",
                "updated_at": f"2025-01-{1 + n // 60:02d}T09:{n % 60:02d}:00.000Z",
                "password": False,
                "description": f"Kutt link {n}",
                "expire_in": None,
                "target": f"https://docs.example/{n}",
                "visit_count": n * 7,
                "domain": domain,
                "link": f"https://{domain or DEFAULT_DOMAIN}/{address}",
            }
        )
    return links


class FakeKutt:
    def __init__(self, links: int = 0, api_key: str = "kutt_9v1ZbQ0pLx") -> None:
        self.api_key = api_key
        self.links = kutt_links(links)
        self.throttle_once = False
        self.fail_once = False
        self.server = FakeServer(self._handle)

    @property
    def url(self) -> str:
        return self.server.url

    @property
    def requests(self) -> list[Request]:
        return self.server.requests

    def close(self) -> None:
        self.server.close()

    def _handle(self, request: Request) -> Answer:
        if self.throttle_once:
            self.throttle_once = False
            return _json(
                429,
                {"error": "Too many requests, please try again later."},
                **{"Retry-After": "1", "X-RateLimit-Limit": "100", "X-RateLimit-Remaining": "0"},
            )
        if self.fail_once:
            self.fail_once = False
            return _json(500, {"error": "An error occurred."})
        if request.headers.get("x-api-key") != self.api_key:
            return _json(401, {"error": "Unauthorized."})
        if request.path.rstrip("/") not in ("/api/v2/links", "/api/links"):
            return _json(404, {"error": "Not found."})
        query = {name: values[0] for name, values in request.query.items()}
        limit = min(int(query.get("limit") or 10), 50)
        skip = int(query.get("skip") or 0)
        newest_first = list(reversed(self.links))
        return _json(
            200,
            {
                "total": len(newest_first),
                "limit": limit,
                "skip": skip,
                "data": newest_first[skip : skip + limit],
            },
        )
