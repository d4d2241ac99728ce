"""The TXT lookup behind domain verification: a real DNS query (dnspython's async stub
resolver) to the system's resolvers, or to HOP_DNS_RESOLVER when set."""

from __future__ import annotations

import dns.asyncresolver
import dns.exception
import dns.name
import dns.resolver

from admin.errors import ServiceUnavailable, retry_after

LOOKUP_SECONDS = 5.0


class TxtLookup:
    def __init__(self, resolver_address: str | None) -> None:
        """``resolver_address``: ``IP:PORT`` (``[IPv6]:PORT``), or None for the system's."""
        self.resolver_address = resolver_address

    def _resolver(self) -> dns.asyncresolver.Resolver:
        if self.resolver_address is None:
            resolver = dns.asyncresolver.Resolver()
        else:
            host, _, port = self.resolver_address.rpartition(":")
            resolver = dns.asyncresolver.Resolver(configure=False)
            resolver.nameservers = [host.strip("[]")]
            resolver.port = int(port)
        resolver.lifetime = LOOKUP_SECONDS
        return resolver

    async def texts(self, name: str) -> list[str]:
        """Every TXT string at ``name`` (the strings of one record joined, as RFC 7208
        reads them); empty when the name or the record does not exist."""
        try:
            answer = await self._resolver().resolve(name, "TXT", search=False)
        except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer, dns.name.NameTooLong):
            # NameTooLong: no record can exist at a name longer than DNS allows.
            return []
        except (dns.exception.Timeout, dns.resolver.NoNameservers) as error:
            raise retry_after(
                ServiceUnavailable(f"The DNS lookup of {name} failed ({type(error).__name__})."),
                30,
            ) from None
        return [b"".join(record.strings).decode("utf-8", "replace") for record in answer]
