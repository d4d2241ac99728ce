"""One delivery attempt over HTTP, bounded in time and memory, to a checked address.

- The endpoint is parsed and its host resolved here, at connect time, and the
  request goes to one of exactly the addresses that passed the policy (the URL
  names the IP; ``Host`` and TLS SNI/certificate checks use the host name), so
  DNS rebinding cannot swap the address after the check.
- One deadline covers everything (resolve, connect, TLS, send, the answer).
- Redirects are not followed; proxies from the environment are ignored.
- At most ``KEEP_BYTES`` of the answer are kept and little more is read: a
  receiver streaming gigabytes costs one network read.
- Connections are pooled per (scheme, host name, address, port), so a TLS
  connection verified for one name never carries a request for another.
"""

from __future__ import annotations

import asyncio
import ipaddress
import ssl
import time
from collections import OrderedDict
from urllib.parse import SplitResult

import httpx
import msgspec

from admin.webhooks.ssrf import (
    AddressPolicy,
    IPAddress,
    RefusedEndpoint,
    Resolver,
    parse_endpoint,
    resolve_checked,
    system_resolve,
)

KEEP_BYTES = 2048
_MAX_CLIENTS = 256
_Key = tuple[str, str, str, int]


class Outcome(msgspec.Struct, frozen=True, kw_only=True):
    status_code: int | None
    duration_ms: int
    body: str | None
    error: str | None
    retry_after: str | None = None

    @property
    def succeeded(self) -> bool:
        return self.status_code is not None and 200 <= self.status_code < 300


def _text(raw: bytes) -> str:
    # PostgreSQL text cannot hold NUL; a cut multi-byte character becomes U+FFFD.
    return raw.decode("utf-8", "replace").replace("\x00", "\ufffd")


def _describe(exc: httpx.HTTPError) -> str:
    kinds: dict[type[httpx.HTTPError], str] = {
        httpx.ConnectError: "could not connect",
        httpx.ConnectTimeout: "connect timed out",
        httpx.ReadTimeout: "no answer in time",
        httpx.WriteTimeout: "send timed out",
        httpx.RemoteProtocolError: "invalid HTTP answer",
    }
    kind = kinds.get(type(exc), type(exc).__name__)
    detail = str(exc).strip()
    return f"{kind}: {detail}"[:500] if detail else kind


def _host_header(parts: SplitResult) -> str:
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    elif not host.isascii():
        host = host.encode("idna").decode("ascii")
    return f"{host}:{parts.port}" if parts.port else host


def _url_for(parts: SplitResult, address: IPAddress) -> str:
    scheme = parts.scheme.lower()
    port = parts.port or (443 if scheme == "https" else 80)
    literal = f"[{address}]" if isinstance(address, ipaddress.IPv6Address) else str(address)
    query = f"?{parts.query}" if parts.query else ""
    return f"{scheme}://{literal}:{port}{parts.path or '/'}{query}"


class Sender:
    def __init__(
        self,
        policy: AddressPolicy,
        *,
        allow_http: bool,
        timeout: float,
        resolver: Resolver = system_resolve,
        ssl_context: ssl.SSLContext | None = None,
    ) -> None:
        self.policy = policy
        self.allow_http = allow_http
        self.timeout = timeout
        self.resolver = resolver
        self.ssl_context = ssl_context or ssl.create_default_context()
        self._clients: OrderedDict[_Key, httpx.AsyncClient] = OrderedDict()
        self._closing: set[asyncio.Task[None]] = set()

    async def post(self, endpoint: str, body: bytes, headers: dict[str, str]) -> Outcome:
        started = time.perf_counter()
        status: int | None = None
        kept: str | None = None
        retry_after: str | None = None
        error: str | None = None
        try:
            async with asyncio.timeout(self.timeout):
                parts = parse_endpoint(endpoint, allow_http=self.allow_http)
                addresses = await resolve_checked(
                    parts, self.policy, self.resolver, resolve_seconds=self.timeout
                )
                status, raw, retry_after = await self._post_checked(parts, addresses, body, headers)
                kept = _text(raw)
        except TimeoutError:
            error = f"no complete answer within {self.timeout:g} s"
        except RefusedEndpoint as exc:
            error = f"endpoint refused: {exc}"
        except httpx.HTTPError as exc:
            error = _describe(exc)
        duration = round((time.perf_counter() - started) * 1000)
        if status is not None and not 200 <= status < 300 and error is None:
            error = f"HTTP {status}"
        return Outcome(
            status_code=status,
            duration_ms=duration,
            body=kept,
            error=error,
            retry_after=retry_after,
        )

    async def _post_checked(
        self,
        parts: SplitResult,
        addresses: list[IPAddress],
        body: bytes,
        headers: dict[str, str],
    ) -> tuple[int, bytes, str | None]:
        https = parts.scheme.lower() == "https"
        host = parts.hostname or ""
        request_headers = {**headers, "Host": _host_header(parts)}
        extensions = {"sni_hostname": host} if https else {}
        for index, address in enumerate(addresses):
            client = self._client(parts, address)
            request = client.build_request(
                "POST",
                _url_for(parts, address),
                content=body,
                headers=request_headers,
                extensions=extensions,
            )
            try:
                response = await client.send(request, stream=True)
            except httpx.ConnectError:
                if index == len(addresses) - 1:
                    raise
                continue  # the next checked address of the same name
            try:
                raw = bytearray()
                async for chunk in response.aiter_raw():
                    raw += chunk[: KEEP_BYTES - len(raw)]
                    if len(raw) >= KEEP_BYTES:
                        break
            finally:
                await response.aclose()
            return response.status_code, bytes(raw), response.headers.get("retry-after")
        raise RefusedEndpoint("the host name has no address")  # unreachable: addresses ≠ []

    def _client(self, parts: SplitResult, address: IPAddress) -> httpx.AsyncClient:
        scheme = parts.scheme.lower()
        key = (scheme, (parts.hostname or "").lower(), str(address), parts.port or 0)
        client = self._clients.get(key)
        if client is not None:
            self._clients.move_to_end(key)
            return client
        client = httpx.AsyncClient(
            verify=self.ssl_context,
            follow_redirects=False,
            trust_env=False,
            timeout=httpx.Timeout(self.timeout),
            limits=httpx.Limits(
                max_connections=32, max_keepalive_connections=8, keepalive_expiry=30
            ),
        )
        self._clients[key] = client
        if len(self._clients) > _MAX_CLIENTS:
            _, oldest = self._clients.popitem(last=False)
            # The least recently used of this many clients is idle; close it aside.
            task = asyncio.get_running_loop().create_task(oldest.aclose())
            self._closing.add(task)
            task.add_done_callback(self._closing.discard)
        return client

    async def aclose(self) -> None:
        clients, self._clients = list(self._clients.values()), OrderedDict()
        for client in clients:
            await client.aclose()
