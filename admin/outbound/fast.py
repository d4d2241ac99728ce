"""The plain outbound client: the guarded client's rules at a fraction of its cost.

Import jobs call a source's API for every link (Bitly's click totals: one GET a
link, ~101,000 requests for 100,000 links), and httpx (under OutboundClient,
admin/outbound/client.py) spent ~1 ms of CPU on each. ``PlainClient`` answers the
same ``request`` with the same ``Answer`` and exceptions over the small HTTP/1.1
client the webhook sender uses (admin/outbound/http1.py), under the same rules:

- the host is resolved when a connection is opened, every address it resolves to
  must be allowed by the ``AddressPolicy`` (``resolve_host``), and the socket
  connects to one of exactly those addresses; TLS verifies the certificate
  against, and sends SNI for, the host name;
- redirects are never followed (a 3xx is an answer for the caller), no proxy is
  used, no content coding is asked for (so none is decoded);
- one time-out covers the whole request: resolve, connect, TLS, send, the answer;
- at most ``max_bytes`` of an answer are read: a larger one is OutboundFailed.

Kept-alive connections are pooled per (scheme, host name, port)
(admin/outbound/pool.py), and at most ``connections`` requests per origin are in
flight at once: the others wait their turn rather than open more connections.
A kept-alive connection the server closed while idle is retried once on a new one.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import functools
import ssl
from collections.abc import AsyncIterator, Mapping
from typing import Any, NamedTuple
from urllib.parse import quote, urlencode, urlsplit

import msgspec

from admin.outbound.client import Answer, OutboundFailed, OutboundRefused, OutboundTimeout
from admin.outbound.http1 import (
    Connection,
    ProtocolError,
    StaleConnection,
    host_header,
    request_head,
    request_target,
)
from admin.outbound.policy import (
    AddressPolicy,
    RefusedEndpoint,
    Resolver,
    resolve_host,
    system_resolve,
)
from admin.outbound.pool import IdleConnections
from admin.wording import size

_Origin = tuple[str, str, int]  # scheme, host name (lower case), port
_DEFAULT_PORTS = {"http": 80, "https": 443}
_METHODS_WITH_BODY = frozenset({"POST", "PUT", "PATCH"})


class _Request(NamedTuple):
    origin: _Origin
    host: str  # as the URL spells it: SNI and the certificate check use it
    head: bytes
    body: bytes


class _Slots:
    """At most ``bound`` holders per key at once; a key nobody holds or waits for is
    forgotten, so an origin called once costs nothing afterwards."""

    def __init__(self, bound: int) -> None:
        self.bound = bound
        self._gates: dict[_Origin, tuple[asyncio.Semaphore, list[int]]] = {}

    @contextlib.asynccontextmanager
    async def held(self, key: _Origin) -> AsyncIterator[None]:
        gate = self._gates.get(key)
        if gate is None:
            gate = self._gates[key] = (asyncio.Semaphore(self.bound), [0])
        semaphore, users = gate
        users[0] += 1
        try:
            async with semaphore:
                yield
        finally:
            users[0] -= 1
            if users[0] == 0:
                del self._gates[key]


class PlainClient:
    """One pooled client per worker for calls to user-supplied addresses (import sources)."""

    def __init__(
        self,
        policy: AddressPolicy,
        *,
        timeout: float,
        max_bytes: int,
        user_agent: str,
        resolver: Resolver = system_resolve,
        ssl_context: ssl.SSLContext | None = None,
        connections: int = 16,
    ) -> None:
        self.policy = policy
        self.timeout = timeout
        self.max_bytes = max_bytes
        self.user_agent = user_agent
        self.resolver = resolver
        self.ssl_context = ssl_context or ssl.create_default_context()
        self._idle = IdleConnections[_Origin](connections)
        self._slots = _Slots(connections)

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
        request = self._compose(
            method, url, headers=headers, params=params, json=json, form=form, auth=auth
        )
        try:
            async with asyncio.timeout(self.timeout), self._slots.held(request.origin):
                answer = await self._idle.exchange(
                    request.origin,
                    functools.partial(self._connect, request.origin, request.host),
                    request.head,
                    request.body,
                    self.max_bytes + 1,  # one byte more tells a too-large answer
                )
        except RefusedEndpoint as exc:
            raise OutboundRefused(str(exc), exc.detail) from None
        except TimeoutError:  # before OSError, of which it is one
            raise OutboundTimeout("no answer in time") from None
        except (OSError, ProtocolError, StaleConnection, asyncio.IncompleteReadError) as exc:
            raise OutboundFailed(_describe(exc)) from None
        if len(answer.body) > self.max_bytes:
            raise OutboundFailed(f"the answer is larger than {size(self.max_bytes)}")
        return Answer(status=answer.status, headers=answer.headers, body=answer.body)

    def _compose(
        self,
        method: str,
        url: str,
        *,
        headers: Mapping[str, str] | None,
        params: Mapping[str, str] | None,
        json: Any,
        form: Mapping[str, str] | None,
        auth: tuple[str, str] | None,
    ) -> _Request:
        if method == "HEAD":  # its answer's headers describe a body that never comes
            raise ValueError("PlainClient does not send HEAD")
        parts = urlsplit(url)
        scheme = parts.scheme.lower()
        host = parts.hostname
        if scheme not in _DEFAULT_PORTS or not host:
            raise OutboundFailed("the URL is not an http or https URL with a host")
        try:
            port = parts.port or _DEFAULT_PORTS[scheme]
            send = [("Host", host_header(parts))]
        except (ValueError, UnicodeError):
            raise OutboundFailed("the URL's host or port is not valid") from None
        query = parts.query
        if params:
            extra = urlencode(params, quote_via=quote)
            query = f"{query}&{extra}" if query else extra
        given = {name.lower() for name in headers or ()}
        if "user-agent" not in given:
            send.append(("User-Agent", self.user_agent))
        if "accept" not in given:
            send.append(("Accept", "*/*"))
        send.extend((headers or {}).items())
        if auth is not None:
            send.append(("Authorization", _basic(*auth)))
        body, content_type = _body(json, form)
        if content_type is not None:
            send.append(("Content-Type", content_type))
        length = len(body) if body or method in _METHODS_WITH_BODY else None
        try:
            head = request_head(request_target(parts.path, query), send, length, method)
        except ValueError:  # a line break in a header value, or a character beyond Latin-1
            raise OutboundFailed("a request header is not valid") from None
        return _Request((scheme, host, port), host, head, body)

    async def _connect(self, origin: _Origin, host: str) -> Connection:
        """A new connection to one of the addresses the host resolves to, all allowed."""
        scheme, _, port = origin
        addresses = await resolve_host(host, port, self.policy, self.resolver, self.timeout)
        tls = self.ssl_context if scheme == "https" else None
        for address in addresses[:-1]:
            try:
                return await Connection.open(str(address), port, tls, host)
            except ssl.SSLError:
                raise  # the server is there: its certificate or TLS is the problem
            except OSError:
                continue  # unreachable: the next checked address of the same name
        return await Connection.open(str(addresses[-1]), port, tls, host)

    async def aclose(self) -> None:
        await self._idle.aclose()


def _basic(user: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode("ascii")


def _body(json: Any, form: Mapping[str, str] | None) -> tuple[bytes, str | None]:
    if json is not None:
        return msgspec.json.encode(json), "application/json"
    if form is not None:
        return urlencode(form).encode(), "application/x-www-form-urlencoded"
    return b"", None


def _describe(exc: BaseException) -> str:
    if isinstance(exc, ssl.SSLCertVerificationError):
        return f"TLS certificate not accepted: {exc.verify_message}"
    if isinstance(exc, ssl.SSLError):
        return f"TLS failed: {exc.reason or exc}"
    if isinstance(exc, ConnectionRefusedError) or (
        isinstance(exc, OSError) and not isinstance(exc, ConnectionError)
    ):
        return "could not connect"
    return "the connection broke off or the answer was not valid HTTP"
