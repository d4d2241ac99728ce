"""What a destination's host is: an IP address (plain or disguised), or a name with its
registrable domain by the Public Suffix List (bundled with the ``publicsuffixlist``
package, never fetched at run time).

Two registrable domains matter. ``site`` honours the list's private section too
(``alice.github.io``, ``bob.blogspot.com``): it is what the safety index and the spam-wave
count group links by, one per owner of a site. ``domain`` uses the ICANN section only
(``github.io``, ``paypal.co.uk``): it says who owns the name, for brand checks.
"""

from __future__ import annotations

import functools
import ipaddress
import re
from typing import Final, Literal

import msgspec
from publicsuffixlist import PublicSuffixList

_ALL: Final = PublicSuffixList()
_ICANN: Final = PublicSuffixList(only_icann=True)
# The WHATWG URL standard (what browsers follow) reads a host whose last label is a
# number (decimal, 0x-hex or 0-octal) as an IPv4 address in any of its spellings:
# 3232235777, 0xC0A80101 and 0300.0250.1.1 are all 192.168.1.1.
_NUMERIC_LABEL: Final = re.compile(r"(?:0x[0-9a-f]*|[0-9]+)")
_MAX_NAMES: Final = 65536

IpKind = Literal["", "plain", "encoded"]


class Host(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    name: str  # lower-case ASCII (IDNA) form, no trailing dot; IPv6 without brackets
    ip: IpKind = ""
    site: str  # registrable domain, private suffixes included; the name itself for IPs
    domain: str  # registrable domain by the ICANN section ("" when there is none)
    suffix: str  # the ICANN public suffix ("co.uk")
    labels: tuple[str, ...] = ()  # the name's labels in Unicode (punycode decoded)


def ascii_host(hostname: str) -> str:
    """The host as DNS sees it: IDNA-encoded, lower case, without a trailing dot."""
    name = hostname.strip("[]").rstrip(".").lower()
    return name if name.isascii() else name.encode("idna").decode("ascii")


def _unicode_label(label: str) -> str:
    if not label.startswith("xn--"):
        return label
    try:
        return label[4:].encode("ascii").decode("punycode")
    except UnicodeError:
        return label


def _ip_kind(name: str) -> IpKind:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        pass
    else:
        return "plain"
    if _NUMERIC_LABEL.fullmatch(name.rsplit(".", 1)[-1]):
        return "encoded"
    return ""


@functools.lru_cache(maxsize=_MAX_NAMES)
def analyse(hostname: str) -> Host:
    """The host of an accepted destination (admin/urls.py validated it), cached."""
    name = ascii_host(hostname)
    ip = _ip_kind(name)
    if ip:
        return Host(name=name, ip=ip, site=name, domain="", suffix="")
    domain = _ICANN.privatesuffix(name) or ""
    return Host(
        name=name,
        site=_ALL.privatesuffix(name) or name,
        domain=domain,
        suffix=_ICANN.publicsuffix(name) or "",
        labels=tuple(_unicode_label(label) for label in name.split(".")),
    )


def site_of(hostname: str) -> str:
    """The registrable domain a link is indexed by (see the module docstring)."""
    return analyse(hostname).site


def under(name: str, domain: str) -> bool:
    """Whether ``name`` is ``domain`` or one of its subdomains."""
    return name == domain or name.endswith("." + domain)
