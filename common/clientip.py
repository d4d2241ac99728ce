"""The visitor's address behind trusted proxies: the one check the admin, the edge and the
worker use (HOP_TRUSTED_PROXIES, docs/security.md)."""

from __future__ import annotations

import functools
import ipaddress
from collections.abc import Iterable

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class TrustedProxies:
    """The networks whose word about the client is believed: its address in
    ``X-Forwarded-For`` and (edge, worker) its country in HOP_COUNTRY_HEADER. Without any,
    nobody's is: anyone can send those headers."""

    def __init__(self, networks: Iterable[str | Network]) -> None:
        self.networks: tuple[Network, ...] = tuple(ipaddress.ip_network(n) for n in networks)
        # Peers repeat (a proxy's few addresses), so the answer per peer is cached.
        self.trusts = functools.lru_cache(maxsize=1024)(self._trusts)

    def __bool__(self) -> bool:
        return bool(self.networks)

    def _trusts(self, peer: str) -> bool:
        """Whether ``peer`` (an address without its port) is one of the trusted proxies."""
        try:
            address = ipaddress.ip_address(peer)
        except ValueError:  # a Unix socket, "unknown": nobody we know
            return False
        return self._covers(address)

    def _covers(self, address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
        return any(address in network for network in self.networks)

    def client_ip(self, peer: str, forwarded_for: str | None) -> str:
        """The nearest address in ``X-Forwarded-For`` not belonging to a trusted proxy;
        the peer itself when it is no trusted proxy or says nothing."""
        if not self.networks or not forwarded_for:
            return peer
        hops = [hop.strip() for hop in forwarded_for.split(",")] + [peer]
        for hop in reversed(hops):
            try:
                address = ipaddress.ip_address(hop)
            except ValueError:
                return hop
            if not self._covers(address):
                return str(address)
        return hops[0]


def peer_host(peer: str) -> str:
    """``"1.2.3.4:5678"`` or ``"[::1]:5678"`` → the address without the port."""
    host = peer.rpartition(":")[0] if peer.count(":") == 1 or peer.startswith("[") else peer
    return host.strip("[]") or peer


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
