"""A fake Rebrandly API v1 on loopback, real HTTP, in the shapes of its public reference.

- ``GET /v1/links``: ``orderBy=createdAt``, ``orderDir`` (desc by default), ``limit``
  (1 to 25, default 25; more is a 403 ``InvalidFormat``), ``last`` (the id of the last
  link of the page before; an unknown one is a 404 ``NotFound``); a JSON array of links.
- ``GET /v1/links/count``: ``{"count": n}``; ``GET /v1/links/{id}/tags``: the tags.
- The key in the ``apikey`` header (a wrong one is a 401); a ``workspace`` header is
  recorded in ``requests``.
- ``throttle_once``: one 429 with ``Retry-After: 1`` and the rate-limit headers;
  ``fail_once``: one 503.
"""

from __future__ import annotations

from typing import Any

from tests.support.fakes.stores import FakeServer, Request, _json

Answer = tuple[int, dict[str, str], bytes]


def rebrandly_links(count: int) -> list[dict[str, Any]]:
    """``count`` links, oldest first, every field the list gives set."""
    return [
        {
            "id": f"{n:032x}",
            "title": f"Spring sale {n}",
            "slashtag": f"sale{n}",
            "destination": f"https://shop.example/sale/{n}?utm_source=rebrandly",
            "shortUrl": f"rebrand.ly/sale{n}",
            "domain": {"id": "8f104cc5b6ee4a4ba7897b06ac2ddcfb", "fullName": "rebrand.ly"},
            "createdAt": f"2024-03-{1 + n // 60:02d}T10:{n % 60:02d}:12.000Z",
            "updatedAt": f"2024-03-{1 + n // 60:02d}T10:{n % 60:02d}:12.000Z",
            "clicks": n * 3,
            "lastClickAt": "2024-04-01T08:00:00.000Z",
            "favourite": n % 2 == 0,
            "forwardParameters": True,
            "status": "active",
        }
        for n in range(1, count + 1)
    ]


class FakeRebrandly:
    def __init__(self, links: int = 0, api_key: str = "rb-key-7f3a9c") -> None:
        self.api_key = api_key
        self.links = rebrandly_links(links)
        self.tags: dict[str, list[str]] = {}  # link id -> its tags' names
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

    def _handle(self, request: Request) -> Answer:  # noqa: PLR0911 - one answer per case
        if self.throttle_once:
            self.throttle_once = False
            return _json(
                429,
                {"code": "RateLimit", "message": "Too many requests"},
                **{
                    "Retry-After": "1",
                    "X-RateLimit-Limit": "10",
                    "X-RateLimit-Remaining": "0",
                    "X-RateLimit-Reset": "1",
                },
            )
        if self.fail_once:
            self.fail_once = False
            return _json(503, {"code": "ServiceUnavailable", "message": "Service unavailable"})
        if request.headers.get("apikey") != self.api_key:
            return _json(401, {"code": "Unauthorized", "message": "Unauthorized"})
        path = request.path.rstrip("/")
        if path == "/v1/links":
            return self._list(request)
        if path == "/v1/links/count":
            return _json(200, {"count": len(self.links)})
        if path.startswith("/v1/links/") and path.endswith("/tags"):
            link_id = path.split("/")[3]
            if not any(link["id"] == link_id for link in self.links):
                return _not_found("link.id")
            names = self.tags.get(link_id, [])
            return _json(
                200,
                [{"id": f"t{i}", "name": name, "color": "FF9944"} for i, name in enumerate(names)],
            )
        return _not_found("path")

    def _list(self, request: Request) -> Answer:
        query = {name: values[0] for name, values in request.query.items()}
        limit = query.get("limit", "25")
        if not limit.isdigit() or not 1 <= int(limit) <= 25:
            return _json(
                403,
                {
                    "code": "InvalidFormat",
                    "errors": [
                        {
                            "property": "limit",
                            "constraints": {"max": "limit must not be greater than 25"},
                        }
                    ],
                },
            )
        ordered = sorted(
            self.links,
            key=lambda link: link["createdAt"],
            reverse=query.get("orderDir", "desc") == "desc",
        )
        start = 0
        if "last" in query:
            ids = [link["id"] for link in ordered]
            if query["last"] not in ids:
                return _not_found("last")
            start = ids.index(query["last"]) + 1
        return _json(200, ordered[start : start + int(limit)])


def _not_found(field: str) -> Answer:
    return _json(404, {"code": "NotFound", "message": "Not found", "source": field})
