"""A fake Bitly API v4 on loopback, real HTTP/1.1 with keep-alive, fast enough for the
import benchmark (100,000 links: ~1,000 pages and 100,000 click summaries).

It speaks what the import reads, in Bitly's shapes (dev.bitly.com/api-reference):

- ``GET /v4/groups``: ``{"groups": [{guid, name, organization_guid, is_active, ...}]}``;
- ``GET /v4/groups/{guid}/bitlinks``: ``size`` (at most 100, else 400), ``archived``
  (``off`` by default, ``on``, ``both``), ``search_after``; answers ``{"links": [...],
  "pagination": {"search_after", "next", "size", "page", "total"}}`` (``prev`` after the
  first batch) with an empty ``search_after`` on the last batch;
- ``GET /v4/bitlinks/{domain}/{hash}/clicks/summary``: ``{"total_clicks", "unit",
  "units", "unit_reference"}``;
- ``Authorization: Bearer <token>``, a wrong or missing one ``403 {"message":
  "FORBIDDEN", ...}``; errors as ``{"message", "resource", "description"}``.

Fault switches: ``throttle_once`` (the next request gets ``429 RATE_LIMIT_EXCEEDED``,
with ``Retry-After`` only when ``retry_after`` is set: Bitly documents none) and
``fail_once`` (the next request gets a 503). It runs on asyncio in its own thread;
``requests`` counts the requests served.
"""

from __future__ import annotations

import asyncio
import base64
import threading
from collections.abc import Sequence
from typing import Any, Protocol
from urllib.parse import parse_qs, unquote, urlsplit

import msgspec

MAX_SIZE = 100
_encode = msgspec.json.Encoder().encode
_REASONS = {200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found"}
_REASONS |= {429: "Too Many Requests", 503: "Service Unavailable"}


class Links(Protocol):
    """A group's links, in Bitly's JSON shape, by position; and each one's clicks."""

    def __len__(self) -> int: ...
    def link(self, index: int) -> dict[str, Any]: ...
    def clicks(self, bitlink: str) -> int | None: ...


class LinkList:
    """Links the test writes out; ``clicks`` by bitlink id ("bit.ly/abc")."""

    def __init__(self, links: Sequence[dict[str, Any]], clicks: dict[str, int] | None = None):
        self.links = list(links)
        self.totals = clicks or {}
        self.ids = {link["id"] for link in self.links}

    def __len__(self) -> int:
        return len(self.links)

    def link(self, index: int) -> dict[str, Any]:
        return self.links[index]

    def clicks(self, bitlink: str) -> int | None:
        return self.totals.get(bitlink, 0) if bitlink in self.ids else None


class GeneratedLinks:
    """``count`` links made when asked for (the benchmark's 100,000 take no memory):
    link ``n`` is ``bit.ly/g{n}`` to ``https://example.com/{n}`` with ``n % 50`` clicks."""

    def __init__(self, count: int, prefix: str = "g") -> None:
        self.count = count
        self.prefix = prefix

    def __len__(self) -> int:
        return self.count

    def link(self, index: int) -> dict[str, Any]:
        code = f"{self.prefix}{index}"
        return bitlink(code, f"https://example.com/{index}", title=f"Link {index}")

    def clicks(self, bitlink_id: str) -> int | None:
        number = bitlink_id.removeprefix(f"bit.ly/{self.prefix}")
        if not number.isdigit() or int(number) >= self.count:
            return None
        return int(number) % 50


def bitlink(code: str, long_url: str, **fields: Any) -> dict[str, Any]:
    """One link as ``GET /v4/groups/{guid}/bitlinks`` lists it."""
    return {
        "references": {"group": "https://api-ssl.bitly.com/v4/groups/Bg"},
        "link": f"https://bit.ly/{code}",
        "id": f"bit.ly/{code}",
        "long_url": long_url,
        "title": None,
        "archived": False,
        "created_at": "2024-03-05T10:20:30+0000",
        "created_by": "someone",
        "client_id": "a5e8cebb233c5d07e5c553e917dffb92fec5264d",
        "custom_bitlinks": [],
        "tags": [],
        "deeplinks": [],
        "is_deleted": False,
        **fields,
    }


def _error(status: int, message: str, resource: str, description: str) -> tuple[int, bytes]:
    return status, _encode({"message": message, "resource": resource, "description": description})


class FakeBitly:
    def __init__(self, token: str, groups: dict[str, Links]) -> None:
        self.token = token
        self.groups = groups  # guid -> its links, in the order Bitly lists them
        self.inactive: set[str] = set()
        self.throttle_once = False
        self.fail_once = False
        self.retry_after: str | None = None
        self.requests = 0
        self.last_query: dict[str, list[str]] = {}  # of the last bitlinks request
        self._writers: set[asyncio.StreamWriter] = set()
        self._loop = asyncio.new_event_loop()
        self._started = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        self._started.wait()

    # The server: one task per connection, requests answered in turn (keep-alive).

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._server = self._loop.run_until_complete(
            asyncio.start_server(self._connection, "127.0.0.1", 0, backlog=256)
        )
        self.port = self._server.sockets[0].getsockname()[1]
        self._started.set()
        self._loop.run_forever()
        self._loop.close()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def close(self) -> None:
        async def stop() -> None:
            self._server.close()
            for writer in list(self._writers):
                writer.close()
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await self._server.wait_closed()

        asyncio.run_coroutine_threadsafe(stop(), self._loop).result(5)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._writers.add(writer)
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                lines = head.decode("latin-1").split("\r\n")
                method, target, _ = lines[0].split(" ", 2)
                headers = {}
                for line in lines[1:]:
                    name, _, value = line.partition(":")
                    if name:
                        headers[name.strip().lower()] = value.strip()
                length = int(headers.get("content-length", "0") or 0)
                if length:
                    await reader.readexactly(length)
                status, body, extra = self._answer(method, target, headers)
                out = [f"HTTP/1.1 {status} {_REASONS.get(status, 'Error')}"]
                out += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
                out += [f"{name}: {value}" for name, value in extra.items()]
                writer.write(("\r\n".join(out) + "\r\n\r\n").encode() + body)
                await writer.drain()
                if headers.get("connection", "").lower() == "close":
                    break
        except (asyncio.IncompleteReadError, ConnectionError, ValueError):
            pass
        finally:
            self._writers.discard(writer)
            writer.close()

    # The API.

    def _answer(  # noqa: PLR0911 - one answer per case the fake plays
        self, method: str, target: str, headers: dict[str, str]
    ) -> tuple[int, bytes, dict[str, str]]:
        self.requests += 1
        if self.throttle_once:
            self.throttle_once = False
            status, body = _error(
                429, "RATE_LIMIT_EXCEEDED", "bitlinks", "You have exceeded your rate limit."
            )
            return status, body, {"Retry-After": self.retry_after} if self.retry_after else {}
        if self.fail_once:
            self.fail_once = False
            return 503, b'{"message":"TEMPORARILY_UNAVAILABLE"}', {}
        if headers.get("authorization") != f"Bearer {self.token}":
            return (
                *_error(
                    403, "FORBIDDEN", "", "You are currently forbidden to access this resource."
                ),
                {},
            )
        parts = urlsplit(target)
        path = unquote(parts.path)
        query = parse_qs(parts.query, keep_blank_values=True)
        if method != "GET":
            return (*_error(405, "METHOD_NOT_ALLOWED", "", "Method not allowed."), {})
        if path == "/v4/groups":
            return 200, self._groups(), {}
        if path.startswith("/v4/groups/") and path.endswith("/bitlinks"):
            guid = path.removeprefix("/v4/groups/").removesuffix("/bitlinks")
            return (*self._bitlinks(guid, query), {})
        if path.startswith("/v4/bitlinks/") and path.endswith("/clicks/summary"):
            bitlink_id = path.removeprefix("/v4/bitlinks/").removesuffix("/clicks/summary")
            return (*self._clicks(bitlink_id, query), {})
        return (*_error(404, "NOT_FOUND", "", "The requested resource was not found."), {})

    def _groups(self) -> bytes:
        return _encode(
            {
                "groups": [
                    {
                        "created": "2020-01-01T00:00:00+0000",
                        "modified": "2020-01-01T00:00:00+0000",
                        "bsds": ["brand.example"],
                        "guid": guid,
                        "organization_guid": "Oa1b2c3d4e5",
                        "name": f"Group {guid}",
                        "is_active": guid not in self.inactive,
                        "role": "org-admin",
                        "references": {
                            "organization": "https://api-ssl.bitly.com/v4/organizations/Oa1b2c3d4e5"
                        },
                    }
                    for guid in self.groups
                ]
            }
        )

    def _bitlinks(self, guid: str, query: dict[str, list[str]]) -> tuple[int, bytes]:
        self.last_query = query
        links = self.groups.get(guid)
        if links is None or guid in self.inactive:
            return _error(
                403, "FORBIDDEN", "groups", "You are currently forbidden to access this resource."
            )
        size_text = query.get("size", ["50"])[0]
        if not size_text.isdigit() or not 1 <= int(size_text) <= MAX_SIZE:
            return _error(400, "INVALID_ARG_SIZE", "bitlinks", "The value provided is invalid.")
        size = int(size_text)
        archived = query.get("archived", ["off"])[0]
        start = _position(query.get("search_after", [""])[0])
        if start is None:
            return _error(
                400, "INVALID_ARG_SEARCH_AFTER", "bitlinks", "The value provided is invalid."
            )
        wanted = self._positions(links, archived)
        chunk = wanted[start : start + size]
        end = start + len(chunk)
        token = _token(end) if end < len(wanted) else ""
        pagination: dict[str, Any] = {
            "next": f"https://api-ssl.bitly.com/v4/groups/{guid}/bitlinks?search_after={token}"
            if token
            else "",
            "search_after": token,
            "size": size,
            "page": start // size + 1,
            "total": len(wanted),
        }
        if start:
            pagination["prev"] = f"https://api-ssl.bitly.com/v4/groups/{guid}/bitlinks"
        return 200, _encode({"links": [links.link(i) for i in chunk], "pagination": pagination})

    @staticmethod
    def _positions(links: Links, archived: str) -> Sequence[int]:
        if archived == "both":
            return range(len(links))
        on = archived == "on"
        return [i for i in range(len(links)) if bool(links.link(i).get("archived")) is on]

    def _clicks(self, bitlink_id: str, query: dict[str, list[str]]) -> tuple[int, bytes]:
        for links in self.groups.values():
            total = links.clicks(bitlink_id)
            if total is not None:
                units = int(query.get("units", ["-1"])[0])
                return 200, _encode(
                    {
                        "unit_reference": "2026-11-27T00:00:00+0000",
                        "total_clicks": total,
                        "units": units,
                        "unit": query.get("unit", ["day"])[0],
                    }
                )
        return _error(404, "NOT_FOUND", "bitlinks", "The requested resource was not found.")


def _token(position: int) -> str:
    """An opaque search_after, as Bitly's look: base64 of where the next batch starts."""
    return base64.urlsafe_b64encode(f"pos:{position}".encode()).decode()


def _position(token: str) -> int | None:
    if not token:
        return 0
    try:
        text = base64.urlsafe_b64decode(token.encode()).decode()
    except ValueError:
        return None
    number = text.removeprefix("pos:")
    return int(number) if text.startswith("pos:") and number.isdigit() else None
