"""Where webhooks may go: endpoint URLs and the addresses behind them (DESIGN §5).

A webhook endpoint is a URL a customer chose and our servers POST to, the
classic server-side request forgery vector. The rules:

- ``https`` only, unless ``HOP_WEBHOOK_ALLOW_HTTP`` (development);
- the host is a DNS name or a canonical IP literal. Other IPv4 spellings that
  some resolvers accept (``2130706433``, ``0177.0.0.1``, ``0x7f.1``, ``127.1``)
  are refused outright rather than guessed at;
- every address the name resolves to must be allowed, and the dispatcher
  connects to one of exactly those checked addresses, so a DNS answer that
  changes between check and connect (rebinding) cannot redirect it.

Allowed means public (globally routable unicast: not loopback, private,
link-local, CGNAT, multicast, documentation, benchmarking or otherwise
reserved, IPv4-mapped and NAT64/6to4/Teredo IPv6 judged by the IPv4 inside)
or, when ``HOP_WEBHOOK_NETWORKS`` lists networks (development and tests),
inside one of those networks and nothing else.
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
Resolver = Callable[[str, int], Awaitable[list[str]]]

# Beyond what ``is_global`` already excludes, spelled out so that the policy
# does not depend on the Python version's registry tables.
_BLOCKED = tuple(
    ipaddress.ip_network(net)
    for net in (
        "0.0.0.0/8",
        "10.0.0.0/8",
        "100.64.0.0/10",
        "127.0.0.0/8",
        "169.254.0.0/16",
        "172.16.0.0/12",
        "192.0.0.0/24",
        "192.0.2.0/24",
        "192.88.99.0/24",
        "192.168.0.0/16",
        "198.18.0.0/15",
        "198.51.100.0/24",
        "203.0.113.0/24",
        "224.0.0.0/4",
        "240.0.0.0/4",
        "::/128",
        "::1/128",
        "64:ff9b:1::/48",
        "100::/64",
        "2001::/23",
        "2001:db8::/32",
        "fc00::/7",
        "fe80::/10",
        "fec0::/10",
        "ff00::/8",
    )
)
_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")
# A host whose last label is numeric (or 0x-hex) is an IPv4 address to URL
# parsers and resolvers alike, whatever else it looks like.
_NUMERIC_LABEL = re.compile(r"(?:0x[0-9a-f]*|[0-9]+)", re.IGNORECASE)
RESOLVE_TIMEOUT_SECONDS = 3.0


class RefusedEndpoint(ValueError):
    """Why an endpoint or address is refused; safe to show to the webhook's owner."""


def embedded_ipv4(address: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 address stands for (mapped, NAT64, 6to4, Teredo)."""
    if address.ipv4_mapped is not None:
        return address.ipv4_mapped
    if address in _NAT64:
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    if address.sixtofour is not None:
        return address.sixtofour
    if address.teredo is not None:
        return address.teredo[1]
    return None


def is_public(address: IPAddress) -> bool:
    if isinstance(address, ipaddress.IPv6Address):
        if address.scope_id:
            return False
        inner = embedded_ipv4(address)
        if inner is not None:
            return is_public(inner)
    if any(address in network for network in _BLOCKED if network.version == address.version):
        return False
    return address.is_global and not address.is_multicast


class AddressPolicy:
    """Public addresses only, or (development) only addresses in ``networks``."""

    def __init__(self, networks: Sequence[str] = ()) -> None:
        self.networks = tuple(ipaddress.ip_network(net, strict=False) for net in networks)

    def allows(self, address: IPAddress) -> bool:
        if not self.networks:
            return is_public(address)
        if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
            address = address.ipv4_mapped
        return any(address in network for network in self.networks)

    def check(self, addresses: Sequence[str]) -> list[IPAddress]:
        """The parsed addresses, or RefusedEndpoint if any one of them is not allowed."""
        if not addresses:
            raise RefusedEndpoint("the host name has no address")
        parsed = [ipaddress.ip_address(address.split("%", 1)[0]) for address in addresses]
        for address in parsed:
            if not self.allows(address):
                raise RefusedEndpoint(f"resolves to a non-public address ({address})")
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
    host = parts.hostname or ""
    literal = literal_address(host)
    if literal is not None:
        return policy.check([str(literal)])
    port = parts.port or (443 if parts.scheme.lower() == "https" else 80)
    try:
        async with asyncio.timeout(resolve_seconds):
            addresses = await resolver(host, port)
    except (OSError, UnicodeError, TimeoutError):
        raise RefusedEndpoint(f"the host name {host!r} does not resolve") from None
    return policy.check(addresses)
