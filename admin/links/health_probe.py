"""One check of one destination (admin/links/health.py): is anything answering there?

Under the one outbound policy (admin/outbound/): the host is resolved and every address
checked before a connection is opened, redirects are not followed (a 3xx is an answer),
and no byte of a body is read. Requests carry our own User-Agent and nothing about any
visitor: no cookie, no referrer, no client address (docs/privacy.md).

- ``HEAD``; a 2xx or 3xx answer: ok.
- Anything else (405 or 501 from a server that does not do HEAD, a 404 that may be
  HEAD's alone, a connection that broke off): ``GET`` with ``Range: bytes=0-0``, whose
  answer decides: 2xx, 3xx and 416 ok; 404, 410 and 5xx broken; 401, 403, 429 and
  the other 4xx unknown (the page may be fine for people: a login, a bot wall, a limit).
- No such host (DNS), a refused connection, a failed TLS handshake: broken.
- No answer within ``timeout`` seconds, or an address the policy refuses (a private
  one): unknown. A slow or walled-off server is not evidence that the page is gone.

A broken finding is tried once more after the host's gap (``HostGate``) before it counts.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from typing import Literal
from urllib.parse import urlsplit

import msgspec

from admin.outbound.client import (
    HostNotFound,
    OutboundClient,
    OutboundFailed,
    OutboundRefused,
    OutboundTimeout,
)

Status = Literal["ok", "broken", "unknown"]
_UNKNOWN_STATUSES = frozenset({401, 403, 429})


class Finding(msgspec.Struct, frozen=True, kw_only=True):
    status: Status
    http_status: int | None
    reason: str  # ok, http_<status>, dns, connect, tls, protocol, timeout, not_allowed, ...


def judge(status: int) -> Finding:
    """What an answer's status says of the page."""
    if 200 <= status < 400 or status == 416:  # 416: a range of an empty page
        return Finding(status="ok", http_status=status, reason="ok")
    if status in (404, 410) or 500 <= status < 600:
        return Finding(status="broken", http_status=status, reason=f"http_{status}")
    return Finding(status="unknown", http_status=status, reason=f"http_{status}")


class HostGate:
    """At most one request in flight per host, and ``gap`` seconds between the end of one
    and the start of the next (in this worker). A host nobody waits for is forgotten."""

    def __init__(self, gap: float) -> None:
        self.gap = gap
        self._hosts: dict[str, tuple[asyncio.Lock, list[float], list[int]]] = {}

    @contextlib.asynccontextmanager
    async def turn(self, host: str) -> AsyncIterator[None]:
        entry = self._hosts.get(host)
        if entry is None:
            entry = self._hosts[host] = (asyncio.Lock(), [0.0], [0])
        lock, last, users = entry
        users[0] += 1
        try:
            async with lock:
                wait = last[0] + self.gap - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
                try:
                    yield
                finally:
                    last[0] = time.monotonic()
        finally:
            users[0] -= 1
            if users[0] == 0 and time.monotonic() - last[0] >= self.gap:
                del self._hosts[host]

    def prune(self) -> None:
        """Forget the hosts nobody waits for whose gap has passed (after each batch)."""
        now = time.monotonic()
        for host, (_, last, users) in list(self._hosts.items()):
            if users[0] == 0 and now - last[0] >= self.gap:
                del self._hosts[host]

    def remembered(self) -> int:
        return len(self._hosts)


class Prober:
    def __init__(self, client: OutboundClient, gate: HostGate, *, timeout: float) -> None:
        self.client = client
        self.gate = gate
        self.timeout = timeout

    async def check(self, url: str) -> Finding:
        """The destination's finding; a broken one is confirmed by a second try."""
        finding = await self._once(url)
        if finding.status == "broken":
            finding = await self._once(url)  # after the host's gap
        return finding

    async def _once(self, url: str) -> Finding:
        head = await self._request("HEAD", url)
        if isinstance(head, int):
            if 200 <= head < 400:
                return judge(head)
        elif head.reason != "protocol":  # a HEAD that broke off may be HEAD's alone
            return head
        get = await self._request("GET", url, {"Range": "bytes=0-0"})
        return judge(get) if isinstance(get, int) else get

    async def _request(
        self, method: str, url: str, headers: dict[str, str] | None = None
    ) -> int | Finding:
        """The answer's status, or the finding of no answer."""
        host = (urlsplit(url).hostname or "").lower()
        async with self.gate.turn(host):
            try:
                async with asyncio.timeout(self.timeout):
                    return await self.client.status_of(method, url, headers=headers)
            except HostNotFound:
                return Finding(status="broken", http_status=None, reason="dns")
            except OutboundRefused:
                return Finding(status="unknown", http_status=None, reason="not_allowed")
            except (OutboundTimeout, TimeoutError):
                return Finding(status="unknown", http_status=None, reason="timeout")
            except OutboundFailed as exc:
                if exc.kind == "other":
                    return Finding(status="unknown", http_status=None, reason="failed")
                return Finding(status="broken", http_status=None, reason=exc.kind)
