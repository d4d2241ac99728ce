"""One delivery attempt over HTTP, bounded in time and memory, to a checked address.

- The endpoint is parsed and its host resolved here, at connect time, and the
  connection goes to one of exactly the addresses that passed the policy; the
  ``Host`` header and TLS (SNI and certificate check) use the host name. A DNS
  answer that changes after the check (rebinding) cannot move the request.
- One deadline covers everything: resolve, connect, TLS, send, the answer.
- Redirects are not followed; no proxy is used.
- At most ``KEEP_BYTES`` of the answer are kept and little more is read
  (admin/worker/http1.py): a receiver streaming gigabytes costs a few KB.
- Kept-alive connections are pooled per webhook and (scheme, host name,
  address, port): a TLS connection verified for one name never carries a
  request for another, and one receiver's pool cannot crowd out another's.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import ssl
import time
from collections import OrderedDict
from urllib.parse import SplitResult, quote

import msgspec

from admin.outbound.policy import (
    AddressPolicy,
    IPAddress,
    RefusedEndpoint,
    Resolver,
    literal_address,
    parse_endpoint,
    resolve_host,
    system_resolve,
)
from admin.worker.http1 import Answer, Connection, ProtocolError, StaleConnection, request_head

logger = logging.getLogger(__name__)
KEEP_BYTES = 2048
IDLE_SECONDS = 30.0  # a kept-alive connection unused this long is closed, not reused
_MAX_POOLS = 1024
_MAX_TARGETS = 1024
_TARGET_SAFE = "!$&'()*+,;=:@/?%~-._"
_Key = tuple[str, str, str, str, int]


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


def _describe(exc: BaseException) -> str:
    if isinstance(exc, ssl.SSLCertVerificationError):
        return f"TLS certificate not accepted: {exc.verify_message}"
    if isinstance(exc, ssl.SSLError):
        return f"TLS failed: {exc.reason or exc}"
    if isinstance(exc, ConnectionRefusedError):
        return "could not connect: connection refused"
    if isinstance(exc, asyncio.IncompleteReadError | ConnectionResetError | StaleConnection):
        return "connection closed before a complete answer"
    if isinstance(exc, ProtocolError):
        return f"invalid HTTP answer: {exc}"
    return f"could not connect: {exc.strerror or exc}" if isinstance(exc, OSError) else str(exc)


def _host_header(parts: SplitResult) -> str:
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    elif not host.isascii():
        host = host.encode("idna").decode("ascii")
    return f"{host}:{parts.port}" if parts.port else host


def _target(parts: SplitResult) -> str:
    path = quote(parts.path or "/", safe=_TARGET_SAFE)
    return f"{path}?{quote(parts.query, safe=_TARGET_SAFE)}" if parts.query else path


@dataclasses.dataclass(frozen=True, slots=True)
class _Target:
    """What an endpoint URL decides once and for all: the request target and ``Host``,
    and, for an IP literal, the checked address (the policy is fixed). Not a Struct: it
    holds addresses, never crosses a wire and has no schema."""

    https: bool
    host: str
    port: int
    path: str
    host_header: str
    literal: list[IPAddress] | None


def _parse_target(endpoint: str, policy: AddressPolicy, allow_http: bool) -> _Target:
    """RefusedEndpoint for a URL or an IP literal the policy refuses."""
    parts = parse_endpoint(endpoint, allow_http=allow_http)
    https = parts.scheme.lower() == "https"
    host = parts.hostname or ""
    literal = literal_address(host)
    return _Target(
        https=https,
        host=host,
        port=parts.port or (443 if https else 80),
        path=_target(parts),
        host_header=_host_header(parts),
        literal=None if literal is None else policy.check([str(literal)]),
    )


class Sender:
    def __init__(
        self,
        policy: AddressPolicy,
        *,
        allow_http: bool,
        timeout: float,
        resolver: Resolver = system_resolve,
        ssl_context: ssl.SSLContext | None = None,
        connections: int = 4,
    ) -> None:
        self.policy = policy
        self.allow_http = allow_http
        self.timeout = timeout
        self.resolver = resolver
        self.ssl_context = ssl_context or ssl.create_default_context()
        self.connections = connections
        self._idle: OrderedDict[_Key, list[Connection]] = OrderedDict()
        self._targets: dict[str, _Target] = {}

    def _target_of(self, endpoint: str) -> _Target:
        # Parsing and checking the same URL for every attempt cost ~30 µs each; a name
        # is still resolved and its addresses checked at every attempt.
        target = self._targets.get(endpoint)
        if target is None:
            target = _parse_target(endpoint, self.policy, self.allow_http)
            if len(self._targets) >= _MAX_TARGETS:
                self._targets.clear()
            self._targets[endpoint] = target
        return target

    async def post(
        self, endpoint: str, body: bytes, headers: dict[str, str], *, pool: str = ""
    ) -> Outcome:
        """One attempt; ``pool`` names whose connections to use (the webhook id)."""
        started = time.perf_counter()
        answer: Answer | None = None
        error: str | None = None
        try:
            async with asyncio.timeout(self.timeout):
                target = self._target_of(endpoint)
                addresses = target.literal or await resolve_host(
                    target.host, target.port, self.policy, self.resolver, self.timeout
                )
                answer = await self._post_checked(target, addresses, body, headers, pool)
        except TimeoutError:
            error = f"no complete answer within {self.timeout:g} s"
        except RefusedEndpoint as exc:
            error = f"endpoint refused: {exc}"  # the attempt log: the owner reads it
            if exc.detail:
                logger.warning(
                    "webhook endpoint refused at send time",
                    extra={
                        "action": "webhook.endpoint_refused",
                        "webhook": pool,
                        "reason": str(exc),
                        "detail": exc.detail,
                    },
                )
        except (OSError, ProtocolError, StaleConnection, asyncio.IncompleteReadError) as exc:
            error = _describe(exc)
        duration = round((time.perf_counter() - started) * 1000)
        if answer is None:
            return Outcome(status_code=None, duration_ms=duration, body=None, error=error)
        return Outcome(
            status_code=answer.status,
            duration_ms=duration,
            body=_text(answer.body),
            error=None if 200 <= answer.status < 300 else f"HTTP {answer.status}",
            retry_after=answer.headers.get("retry-after"),
        )

    async def _post_checked(
        self,
        target: _Target,
        addresses: list[IPAddress],
        body: bytes,
        headers: dict[str, str],
        pool: str,
    ) -> Answer:
        head = request_head(
            target.path, [("Host", target.host_header), *headers.items()], len(body)
        )
        scheme = "https" if target.https else "http"
        for index, address in enumerate(addresses):
            key = (pool, scheme, target.host.lower(), str(address), target.port)
            try:
                return await self._exchange(key, target.https, target.host, head, body)
            except OSError:
                if index == len(addresses) - 1:
                    raise
                # Unreachable: try the next checked address of the same name.
        raise RefusedEndpoint("the host name has no address")  # unreachable: addresses ≠ []

    async def _exchange(
        self, key: _Key, https: bool, host: str, head: bytes, body: bytes
    ) -> Answer:
        connection = self._take(key)
        if connection is not None:
            try:
                answer = await self._use(connection, head, body)
            except (StaleConnection, ConnectionResetError, BrokenPipeError):
                connection = None  # the server dropped it while idle: once more, fresh
            else:
                self._give(key, connection, answer)
                return answer
        address = key[3]
        connection = await Connection.open(
            address, key[4], self.ssl_context if https else None, host
        )
        answer = await self._use(connection, head, body)
        self._give(key, connection, answer)
        return answer

    async def _use(self, connection: Connection, head: bytes, body: bytes) -> Answer:
        try:
            return await connection.post(head, body, KEEP_BYTES)
        except BaseException:
            connection.close()  # half-used (error, time-out, cancel): never reused
            raise

    def _take(self, key: _Key) -> Connection | None:
        idle = self._idle.get(key)
        now = time.monotonic()
        while idle:
            connection = idle.pop()
            if not connection.closed() and now - connection.idle_since < IDLE_SECONDS:
                return connection
            connection.close()
        return None

    def _give(self, key: _Key, connection: Connection, answer: Answer) -> None:
        idle = self._idle.setdefault(key, [])
        self._idle.move_to_end(key)
        if answer.reusable and len(idle) < self.connections:
            idle.append(connection)
        else:
            connection.close()
        while len(self._idle) > _MAX_POOLS:
            _, oldest = self._idle.popitem(last=False)
            for stale in oldest:
                stale.close()

    async def aclose(self) -> None:
        pools, self._idle = list(self._idle.values()), OrderedDict()
        writers = [connection.writer for idle in pools for connection in idle]
        for connection in (c for idle in pools for c in idle):
            connection.close()
        for writer in writers:
            try:
                await writer.wait_closed()
            except (OSError, ssl.SSLError):
                continue
