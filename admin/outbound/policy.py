"""Where webhooks and store calls may go: endpoint URLs and the addresses behind them.

A webhook endpoint is a URL a customer chose and our servers POST to, the
classic server-side request forgery vector; a store address (a WooCommerce site,
a Shopify shop) is the same kind of thing. The rules:

- ``https`` only, unless ``HOP_WEBHOOK_ALLOW_HTTP`` (development);
- the host is a DNS name or a canonical IP literal. Other IPv4 spellings that
  some resolvers accept (``2130706433``, ``0177.0.0.1``, ``0x7f.1``, ``127.1``)
  are refused outright rather than guessed at;
- every address the name resolves to must be allowed, and the dispatcher
  connects to one of exactly those checked addresses, so a DNS answer that
  changes between check and connect (rebinding) cannot redirect it.

Allowed means public, judged by our own table below rather than by the Python
version's ``ipaddress`` tables: an IPv4 address outside every special-purpose
block; an IPv6 address in global unicast space (2000::/3) outside every
special-purpose block; an IPv6 address that carries an IPv4 address (mapped,
IPv4-compatible, IPv4-translated, NAT64, 6to4, Teredo) by the IPv4 inside, all
of them for Teredo. When ``HOP_WEBHOOK_NETWORKS`` lists networks (development
and tests), allowed means inside one of those networks and nothing else, the
IPv4 inside judged the same way.

What the owner is told never includes what a name resolved to: a name in an
internal zone must not become a way to read our internal addresses. The
address goes to the operator's log only (``RefusedEndpoint.detail``).
"""

from __future__ import annotations

import asyncio
import ipaddress
import re
import socket
from collections.abc import Awaitable, Callable, Sequence
from urllib.parse import SplitResult

from admin.urls import InvalidUrl, parse_http_url

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IPv4 = ipaddress.IPv4Address
IPv6 = ipaddress.IPv6Address
Resolver = Callable[[str, int], Awaitable[list[str]]]

# Special-purpose blocks, transcribed on 2026-11-22 from the IANA IPv4 Special-Purpose
# Address Registry and the IANA IPv6 Special-Purpose Address Registry (its revision of
# 2025-10-09), with multicast, reserved and deprecated space from the IANA IPv4 and
# IPv6 Address Space registries (RFC 1112, RFC 3879, RFC 4291). Every block is
# refused, the few the registries call globally reachable included (PCP, TURN and
# DNS-SD anycast, AMT, AS112, ORCHIDv2, drone DETs): they are service addresses and
# identifiers, never a webhook receiver. Check the registries again when they change.
_IPV4_SPECIAL = tuple(
    ipaddress.IPv4Network(block)
    for block in (
        "0.0.0.0/8",  # "this network"
        "10.0.0.0/8",  # private use
        "100.64.0.0/10",  # shared address space (carrier-grade NAT)
        "127.0.0.0/8",  # loopback
        "169.254.0.0/16",  # link-local: cloud metadata services live here
        "172.16.0.0/12",  # private use
        "192.0.0.0/24",  # IETF protocol assignments: DS-Lite, NAT64 discovery, anycast
        "192.0.2.0/24",  # documentation (TEST-NET-1)
        "192.31.196.0/24",  # AS112-v4
        "192.52.193.0/24",  # AMT
        "192.88.99.0/24",  # deprecated 6to4 relay anycast
        "192.168.0.0/16",  # private use
        "192.175.48.0/24",  # direct delegation AS112 service
        "198.18.0.0/15",  # benchmarking
        "198.51.100.0/24",  # documentation (TEST-NET-2)
        "203.0.113.0/24",  # documentation (TEST-NET-3)
        "224.0.0.0/4",  # multicast
        "240.0.0.0/4",  # reserved
        "255.255.255.255/32",  # limited broadcast
    )
)
_IPV6_SPECIAL = tuple(
    ipaddress.IPv6Network(block)
    for block in (
        "::/128",  # unspecified
        "::1/128",  # loopback
        "64:ff9b:1::/48",  # local-use IPv4/IPv6 translation: the IPv4 inside is not findable
        "100::/64",  # discard-only
        "100:0:0:1::/64",  # dummy prefix
        "2001::/23",  # IETF protocol assignments (Teredo, 2001::/32, is judged by its IPv4)
        "2001:db8::/32",  # documentation
        "2620:4f:8000::/48",  # direct delegation AS112 service
        "3fff::/20",  # documentation
        "5f00::/16",  # segment routing (SRv6) SIDs
        "fc00::/7",  # unique local
        "fe80::/10",  # link-local
        "fec0::/10",  # deprecated site-local
        "ff00::/8",  # multicast
    )
)
_GLOBAL_UNICAST = ipaddress.IPv6Network("2000::/3")  # all IANA allocates to registries
_LOW_32 = 0xFFFFFFFF
# IPv6 forms that carry an IPv4 address in their low 32 bits.
_CARRY_LOW_32 = (
    ipaddress.IPv6Network("::ffff:0:0/96"),  # IPv4-mapped
    ipaddress.IPv6Network("::ffff:0:0:0/96"),  # IPv4-translated (SIIT)
    ipaddress.IPv6Network("64:ff9b::/96"),  # NAT64 well-known prefix
    ipaddress.IPv6Network("::/96"),  # IPv4-compatible (deprecated), after :: and ::1
)
_TEREDO = ipaddress.IPv6Network("2001::/32")
_SIX_TO_FOUR = ipaddress.IPv6Network("2002::/16")
# A host whose last label is numeric (or 0x-hex) is an IPv4 address to URL
# parsers and resolvers alike, whatever else it looks like.
_NUMERIC_LABEL = re.compile(r"(?:0x[0-9a-f]*|[0-9]+)", re.IGNORECASE)
RESOLVE_TIMEOUT_SECONDS = 3.0


class RefusedEndpoint(ValueError):
    """Why an endpoint or address is refused. ``str()`` is safe to show to the webhook's
    owner; ``detail`` (which address a name resolved to) is for the operator's log only."""

    def __init__(self, message: str, detail: str | None = None) -> None:
        super().__init__(message)
        self.detail = detail


class UnresolvedHost(RefusedEndpoint):
    """The host name does not resolve (no such name, or the resolver failed)."""


def embedded_ipv4(address: IPv6) -> tuple[IPv4, ...]:
    """The IPv4 addresses an IPv6 address carries (mapped, IPv4-compatible,
    IPv4-translated, NAT64, 6to4; Teredo's server and client), or ``()``."""
    if int(address) <= 1:  # :: and ::1 are themselves, not IPv4-compatible addresses
        return ()
    if any(address in prefix for prefix in _CARRY_LOW_32):
        return (IPv4(int(address) & _LOW_32),)
    if address in _SIX_TO_FOUR:
        return (IPv4((int(address) >> 80) & _LOW_32),)
    if address in _TEREDO:
        server = IPv4((int(address) >> 64) & _LOW_32)
        return (server, IPv4(~int(address) & _LOW_32))
    return ()


def is_public(address: IPAddress) -> bool:
    if isinstance(address, IPv4):
        return not any(address in block for block in _IPV4_SPECIAL)
    if address.scope_id:
        return False
    inner = embedded_ipv4(address)
    if inner:
        return all(is_public(carried) for carried in inner)
    return address in _GLOBAL_UNICAST and not any(address in block for block in _IPV6_SPECIAL)


class AddressPolicy:
    """Public addresses only, or (development) only addresses in ``networks``."""

    def __init__(self, networks: Sequence[str] = ()) -> None:
        self.networks = tuple(ipaddress.ip_network(net, strict=False) for net in networks)

    def allows(self, address: IPAddress) -> bool:
        if not self.networks:
            return is_public(address)
        inner = embedded_ipv4(address) if isinstance(address, IPv6) else ()
        return all(self._listed(carried) for carried in inner or (address,))

    def _listed(self, address: IPAddress) -> bool:
        return any(address in network for network in self.networks)

    def check(self, addresses: Sequence[str], *, host: str | None = None) -> list[IPAddress]:
        """The parsed addresses, or RefusedEndpoint if any one of them is not allowed.

        ``host`` is the name they came from (None: the endpoint is an IP literal);
        the refusal then says only that the name resolves to a non-public address.
        """
        if not addresses:
            raise RefusedEndpoint("the host name has no address")
        parsed = [ipaddress.ip_address(address.split("%", 1)[0]) for address in addresses]
        for address in parsed:
            if not self.allows(address):
                if host is None:
                    raise RefusedEndpoint("is not a public address", detail=str(address))
                raise RefusedEndpoint(
                    "resolves to a non-public address", detail=f"{host} resolves to {address}"
                )
        return parsed


def _ipv4_spelling(host: str) -> bool:
    return bool(_NUMERIC_LABEL.fullmatch(host.rstrip(".").rsplit(".", 1)[-1]))


def parse_endpoint(raw: str, *, allow_http: bool) -> SplitResult:
    """The split URL of a valid endpoint, or RefusedEndpoint naming the problem."""
    try:
        parts = parse_http_url(raw)
    except InvalidUrl as exc:
        raise RefusedEndpoint(str(exc)) from None
    if parts.scheme.lower() != "https" and not allow_http:
        raise RefusedEndpoint("must be an https URL")
    if parts.fragment or raw.endswith("#"):
        raise RefusedEndpoint("must not contain a #fragment")
    host = parts.hostname or ""
    if ":" not in host and _ipv4_spelling(host):
        try:
            ipaddress.IPv4Address(host)
        except ValueError:
            raise RefusedEndpoint(
                "must write an IPv4 address as four decimal numbers (like 203.0.113.7)"
            ) from None
    return parts


def literal_address(host: str) -> IPAddress | None:
    try:
        return ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return None


async def system_resolve(host: str, port: int) -> list[str]:
    """Every address ``host`` resolves to, through the system resolver."""
    infos = await asyncio.get_running_loop().getaddrinfo(
        host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP
    )
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


async def resolve_checked(
    parts: SplitResult,
    policy: AddressPolicy,
    resolver: Resolver = system_resolve,
    resolve_seconds: float = RESOLVE_TIMEOUT_SECONDS,
) -> list[IPAddress]:
    """The allowed addresses of the endpoint's host, or RefusedEndpoint."""
    port = parts.port or (443 if parts.scheme.lower() == "https" else 80)
    return await resolve_host(parts.hostname or "", port, policy, resolver, resolve_seconds)


async def resolve_host(
    host: str,
    port: int,
    policy: AddressPolicy,
    resolver: Resolver = system_resolve,
    resolve_seconds: float = RESOLVE_TIMEOUT_SECONDS,
) -> list[IPAddress]:
    """The allowed addresses of ``host`` (a name or an IP literal), or RefusedEndpoint."""
    literal = literal_address(host)
    if literal is not None:
        return policy.check([str(literal)])
    try:
        async with asyncio.timeout(resolve_seconds):
            addresses = await resolver(host, port)
    except (OSError, UnicodeError, TimeoutError):
        raise UnresolvedHost(f"the host name {host!r} does not resolve") from None
    return policy.check(addresses, host=host)
