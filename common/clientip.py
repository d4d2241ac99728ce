"""The visitor's IP address behind trusted proxies (shared by the admin and the worker)."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Sequence

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_networks(networks: Iterable[str]) -> tuple[Network, ...]:
    return tuple(ipaddress.ip_network(network) for network in networks)


def peer_host(peer: str) -> str:
    """``"1.2.3.4:5678"`` or ``"[::1]:5678"`` → the address without the port."""
    host = peer.rpartition(":")[0] if peer.count(":") == 1 or peer.startswith("[") else peer
    return host.strip("[]") or peer


def client_ip(peer: str, forwarded_for: str | None, trusted: Sequence[Network]) -> str:
    """The nearest address in ``X-Forwarded-For`` not belonging to a trusted proxy.

    Without trusted proxies the header is ignored: anyone can send it.
    """
    if not trusted or not forwarded_for:
        return peer
    hops = [hop.strip() for hop in forwarded_for.split(",")] + [peer]
    for hop in reversed(hops):
        try:
            address = ipaddress.ip_address(hop)
        except ValueError:
            return hop
        if not any(address in network for network in trusted):
            return str(address)
    return hops[0]


def client_network(address: str) -> str:
    """The rate-limit bucket of a client address: an IPv4 address, or an IPv6 /64.

    One IPv6 subscriber (a home, a VM) is routinely given a whole /64, so keying
    by the full address would give it 2**64 buckets. IPv4 stays per address: a
    /24 would put unrelated customers of one ISP or cloud in the same bucket.
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((int(ip), 64), strict=False))
    return str(ip)
