"""The guarded HTTP client for every address a user gives us that we call on a request.

Store integrations call user-supplied addresses (a WooCommerce site URL; a Shopify
shop name) while a request waits; the worker's webhook sender has its own small
HTTP/1.1 client (admin/outbound/http1.py). Both follow the one outbound policy
(admin/outbound/policy.py, governed by ``HOP_WEBHOOK_ALLOW_HTTP`` and
``HOP_WEBHOOK_NETWORKS``):

- the host is resolved when a connection is opened, every address it resolves to
  must be allowed, and the socket connects to one of exactly those addresses;
  TLS still verifies the certificate against, and sends SNI for, the host name;
- redirects are never followed (a 3xx is an answer for the caller to report): a
  server cannot bounce us to an internal address;
- no proxy from the environment, a time-out on every step, and at most
  ``max_bytes`` of an answer are read.
"""

from __future__ import annotations

import logging
import ssl
from collections.abc import Iterable, Mapping
from typing import Any, Literal
from urllib.parse import urlencode

import httpcore
import httpx
import msgspec

from admin.outbound.policy import (
    AddressPolicy,
    RefusedEndpoint,
    Resolver,
    UnresolvedHost,
    resolve_host,
    system_resolve,
)
from admin.wording import size as readable_size

# Their INFO and DEBUG lines carry URLs and request details: never in our log.
for _chatty in ("httpx", "httpcore"):
    logging.getLogger(_chatty).setLevel(logging.WARNING)


class OutboundRefused(Exception):
    """The address is not allowed; ``str()`` is safe for the caller's owner to read."""

    def __init__(self, message: str, detail: str | None = None) -> None:
        super().__init__(message)
        self.detail = detail


class HostNotFound(OutboundRefused):
    """The host name does not resolve: refused, as nothing can be checked, but a fact
    about the address rather than our rules (link health calls the link broken)."""


FailureKind = Literal["connect", "tls", "protocol", "other"]


class OutboundFailed(Exception):
    """No usable answer: could not connect, TLS failed, the answer broke off or was too big.
    ``kind`` says which, for callers that judge the address by it (link health)."""

    def __init__(self, message: str, kind: FailureKind = "other") -> None:
        super().__init__(message)
        self.kind: FailureKind = kind


class OutboundTimeout(Exception):
    """A step took longer than the time-out."""


class Answer(msgspec.Struct, frozen=True, kw_only=True):
    status: int
    headers: dict[str, str]  # lower-case names; the last of repeated headers
    body: bytes

    def header(self, name: str) -> str | None:
        return self.headers.get(name.lower())


class _CheckedBackend(httpcore.AsyncNetworkBackend):
    """Resolves the host, checks every address, connects to a checked one."""

    def __init__(self, policy: AddressPolicy, resolver: Resolver, resolve_seconds: float) -> None:
        self.policy = policy
        self.resolver = resolver
        self.resolve_seconds = resolve_seconds
        self.inner = httpcore.AnyIOBackend()

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,  # noqa: ASYNC109 - httpcore's interface
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        checked = await resolve_host(host, port, self.policy, self.resolver, self.resolve_seconds)
        addresses = [str(address) for address in checked]
        for index, address in enumerate(addresses):
            try:
                return await self.inner.connect_tcp(
                    address, port, timeout=timeout, socket_options=socket_options
                )
            except httpcore.ConnectError:
                if index == len(addresses) - 1:
                    raise
        raise RefusedEndpoint("the host name has no address")  # unreachable: addresses ≠ []

    async def sleep(self, seconds: float) -> None:
        await self.inner.sleep(seconds)


class _CheckedTransport(httpx.AsyncHTTPTransport):
    def __init__(
        self, backend: _CheckedBackend, ssl_context: ssl.SSLContext, connections: int
    ) -> None:
        super().__init__(verify=ssl_context, trust_env=False)
        # httpx offers no parameter for the network backend: the pool is rebuilt with
        # ours (tests/integration/test_outbound_client.py proves it is in use).
        self._pool = httpcore.AsyncConnectionPool(
            ssl_context=ssl_context,
            max_connections=connections,
            max_keepalive_connections=connections,
            keepalive_expiry=30.0,
            network_backend=backend,
        )


class OutboundClient:
    """One pooled client per admin process for calls to user-supplied addresses."""

    def __init__(
        self,
        policy: AddressPolicy,
        *,
        timeout: float,
        max_bytes: int,
        user_agent: str,
        resolver: Resolver = system_resolve,
        ssl_context: ssl.SSLContext | None = None,
        connections: int = 64,
    ) -> None:
        self.max_bytes = max_bytes
        backend = _CheckedBackend(policy, resolver, timeout)
        transport = _CheckedTransport(
            backend, ssl_context or ssl.create_default_context(), connections
        )
        self.client = httpx.AsyncClient(
            transport=transport,
            timeout=httpx.Timeout(timeout),
            follow_redirects=False,
            trust_env=False,
            headers={"User-Agent": user_agent},
        )

    async def request(
        self,
        method: str,
        url: str,
        *,
        headers: Mapping[str, str] | None = None,
        params: Mapping[str, str] | None = None,
        json: Any = None,
        form: Mapping[str, str] | None = None,
        auth: tuple[str, str] | None = None,
    ) -> Answer:
        """``json`` or ``form`` (``application/x-www-form-urlencoded``) is the body."""
        content = msgspec.json.encode(json) if json is not None else None
        send_headers = dict(headers or {})
        if content is not None:
            send_headers["Content-Type"] = "application/json"
        elif form is not None:
            content = urlencode(form).encode()
            send_headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            async with self.client.stream(
                method,
                url,
                headers=send_headers,
                params=params,
                content=content,
                auth=httpx.BasicAuth(*auth) if auth else None,
            ) as response:
                body = await self._read(response)
                return Answer(
                    status=response.status_code,
                    headers={name.lower(): value for name, value in response.headers.items()},
                    body=body,
                )
        except RefusedEndpoint as exc:
            raise OutboundRefused(str(exc), exc.detail) from None
        except httpx.TimeoutException:
            raise OutboundTimeout("no answer in time") from None
        except httpx.HTTPError as exc:
            raise OutboundFailed(_describe(exc)) from None
        except ssl.SSLError as exc:
            raise OutboundFailed(f"TLS failed: {exc.reason or exc}") from None

    async def status_of(
        self, method: str, url: str, *, headers: Mapping[str, str] | None = None
    ) -> int:
        """The status of ``method`` on ``url`` (no body sent), reading no byte of the
        answer's body: the connection is closed instead (link health's HEAD and one-byte
        GET, which a server may answer with a whole page)."""
        try:
            async with self.client.stream(method, url, headers=dict(headers or {})) as response:
                return response.status_code
        except UnresolvedHost as exc:
            raise HostNotFound(str(exc), exc.detail) from None
        except RefusedEndpoint as exc:
            raise OutboundRefused(str(exc), exc.detail) from None
        except httpx.TimeoutException:
            raise OutboundTimeout("no answer in time") from None
        except httpx.HTTPError as exc:
            raise OutboundFailed(_describe(exc), _kind(exc)) from None
        except ssl.SSLError as exc:
            raise OutboundFailed(f"TLS failed: {exc.reason or exc}", "tls") from None
        except httpx.InvalidURL:
            raise OutboundFailed("the URL is not valid") from None

    async def _read(self, response: httpx.Response) -> bytes:
        declared = response.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self.max_bytes:
            raise OutboundFailed(f"the answer is larger than {readable_size(self.max_bytes)}")
        chunks: list[bytes] = []
        size = 0
        async for chunk in response.aiter_bytes():
            size += len(chunk)
            if size > self.max_bytes:
                raise OutboundFailed(f"the answer is larger than {readable_size(self.max_bytes)}")
            chunks.append(chunk)
        return b"".join(chunks)

    async def aclose(self) -> None:
        await self.client.aclose()


def _kind(exc: httpx.HTTPError) -> FailureKind:
    cause: BaseException | None = exc
    while cause is not None:  # httpx's error, httpcore's, then the ssl module's
        if isinstance(cause, ssl.SSLError):
            return "tls"
        cause = cause.__cause__ or cause.__context__
    if isinstance(exc, httpx.ConnectError):
        return "connect"
    if isinstance(exc, httpx.RemoteProtocolError):
        return "protocol"
    return "other"


def _describe(exc: httpx.HTTPError) -> str:
    cause = exc.__cause__ or exc.__context__
    if isinstance(cause, ssl.SSLCertVerificationError):
        return f"TLS certificate not accepted: {cause.verify_message}"
    if isinstance(exc, httpx.ConnectError):
        return "could not connect"
    if isinstance(exc, httpx.RemoteProtocolError):
        return "the connection broke off or the answer was not valid HTTP"
    return "the request failed"
