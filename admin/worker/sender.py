"""One delivery attempt over HTTP, bounded in time and memory, to a checked address.

- The endpoint is parsed and its host resolved here, at connect time, and the
  connection goes to one of exactly the addresses that passed the policy; the
  ``Host`` header and TLS (SNI and certificate check) use the host name. A DNS
  answer that changes after the check (rebinding) cannot move the request.
- One deadline covers everything: resolve, connect, TLS, send, the answer.
- Redirects are not followed; no proxy is used.
- At most ``KEEP_BYTES`` of the answer are kept and little more is read
  (admin/outbound/http1.py): a receiver streaming gigabytes costs a few KB.
- Kept-alive connections are pooled (admin/outbound/pool.py) per webhook and
  (scheme, host name, address, port): a TLS connection verified for one name
  never carries a request for another, and one receiver's pool cannot crowd
  out another's.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import logging
import ssl
import time

import msgspec

from admin.outbound.http1 import (
    Answer,
    Connection,
    ProtocolError,
    StaleConnection,
    host_header,
    request_head,
    request_target,
)
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
from admin.outbound.pool import IdleConnections

logger = logging.getLogger(__name__)
KEEP_BYTES = 2048
_MAX_TARGETS = 1024
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
        path=request_target(parts.path, parts.query),
        host_header=host_header(parts),
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
        self._idle = IdleConnections[_Key](connections)
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
            tls = self.ssl_context if target.https else None
            try:
                connect = functools.partial(
                    Connection.open, str(address), target.port, tls, target.host
                )
                return await self._idle.exchange(key, connect, head, body, KEEP_BYTES)
            except OSError:
                if index == len(addresses) - 1:
                    raise
                # Unreachable: try the next checked address of the same name.
        raise RefusedEndpoint("the host name has no address")  # unreachable: addresses ≠ []

    async def aclose(self) -> None:
        await self._idle.aclose()
