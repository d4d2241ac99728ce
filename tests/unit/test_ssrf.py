"""Where webhooks may go: the SSRF table, IPv4 spellings, names, development networks."""

from __future__ import annotations

import asyncio
import ipaddress

import pytest

from admin.webhooks.ssrf import (
    AddressPolicy,
    RefusedEndpoint,
    is_public,
    parse_endpoint,
    resolve_checked,
)

PUBLIC = AddressPolicy()


@pytest.mark.parametrize(
    "address",
    [
        "127.0.0.1",  # loopback
        "127.255.255.254",
        "0.0.0.0",  # noqa: S104 - "this host": connects to loopback on Linux
        "10.0.0.1",  # private
        "172.16.5.4",
        "192.168.1.1",
        "169.254.169.254",  # link-local: cloud metadata
        "100.64.0.1",  # CGNAT
        "100.127.255.254",
        "224.0.0.1",  # multicast
        "239.255.255.250",
        "255.255.255.255",  # broadcast
        "240.0.0.1",  # reserved
        "192.0.2.10",  # documentation
        "198.18.0.1",  # benchmarking
        "192.0.0.8",  # IETF protocol assignments
        "::1",  # IPv6 loopback
        "::",  # unspecified
        "fe80::1",  # link-local
        "fc00::1",  # unique local
        "fd12:3456::1",
        "ff02::1",  # multicast
        "2001:db8::1",  # documentation
        "::ffff:127.0.0.1",  # IPv4-mapped loopback
        "::ffff:169.254.169.254",
        "::ffff:10.0.0.1",
        "64:ff9b::a00:1",  # NAT64 of 10.0.0.1
        "2002:7f00:1::1",  # 6to4 of 127.0.0.1
        "2001:0:4136:e378:8000:63bf:3fff:fdd2",  # Teredo
    ],
)
def test_non_public_addresses_are_refused(address: str) -> None:
    assert not is_public(ipaddress.ip_address(address))
    with pytest.raises(RefusedEndpoint):
        PUBLIC.check([address])


@pytest.mark.parametrize(
    "address", ["93.184.215.14", "1.1.1.1", "2606:4700:4700::1111", "::ffff:93.184.215.14"]
)
def test_public_addresses_pass(address: str) -> None:
    assert PUBLIC.check([address]) == [ipaddress.ip_address(address)]


@pytest.mark.parametrize(
    "url",
    [
        "https://2130706433/",  # decimal 127.0.0.1
        "https://0177.0.0.1/",  # octal
        "https://0x7f.0.0.1/",  # hex
        "https://0x7f000001/",
        "https://127.1/",  # short form
        "https://017700000001/",
        "https://1.2.3.04/",
    ],
)
def test_other_ipv4_spellings_are_refused(url: str) -> None:
    with pytest.raises(RefusedEndpoint, match="four decimal numbers"):
        parse_endpoint(url, allow_http=False)


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("http://hooks.example.com/", "https"),
        ("ftp://hooks.example.com/", "http or https"),
        ("https://user:pw@hooks.example.com/", "user name"),
        ("https://hooks.example.com/#x", "fragment"),
        ("https://hooks example.com/", "spaces"),
        ("https://[::1/", "IPv6"),
    ],
)
def test_malformed_endpoints(url: str, message: str) -> None:
    with pytest.raises(RefusedEndpoint, match=message):
        parse_endpoint(url, allow_http=False)


def test_http_only_when_allowed() -> None:
    assert parse_endpoint("http://hooks.example.com/x", allow_http=True).hostname == (
        "hooks.example.com"
    )


def _resolver(table: dict[str, list[str]]):  # type: ignore[no-untyped-def]
    async def resolve(host: str, port: int) -> list[str]:
        if host not in table:
            raise OSError("Name or service not known")
        return table[host]

    return resolve


def _check(url: str, table: dict[str, list[str]], policy: AddressPolicy = PUBLIC) -> list[str]:
    parts = parse_endpoint(url, allow_http=True)
    return [str(a) for a in asyncio.run(resolve_checked(parts, policy, _resolver(table)))]


def test_names_are_judged_by_every_address_they_resolve_to() -> None:
    table = {
        "good.example": ["93.184.215.14", "2606:4700:4700::1111"],
        "rebind.example": ["93.184.215.14", "127.0.0.1"],  # one bad address is enough
        "metadata.example": ["169.254.169.254"],
        "mapped.example": ["::ffff:127.0.0.1"],
        "empty.example": [],
    }
    assert _check("https://good.example/x", table) == ["93.184.215.14", "2606:4700:4700::1111"]
    for name in ("rebind", "metadata", "mapped"):
        with pytest.raises(RefusedEndpoint, match="non-public"):
            _check(f"https://{name}.example/", table)
    with pytest.raises(RefusedEndpoint, match="no address"):
        _check("https://empty.example/", table)
    with pytest.raises(RefusedEndpoint, match="does not resolve"):
        _check("https://missing.example/", table)


def test_development_networks_allow_only_themselves() -> None:
    loopback = AddressPolicy(["127.0.0.0/8", "::1/128"])
    assert _check("http://127.0.0.1:8080/", {}, loopback) == ["127.0.0.1"]
    assert _check("http://[::1]:8080/", {}, loopback) == ["::1"]
    assert _check("http://[::ffff:127.0.0.1]/", {}, loopback) == ["::ffff:7f00:1"]
    for url in ("http://93.184.215.14/", "http://10.0.0.1/", "http://[2606:4700::1]/"):
        with pytest.raises(RefusedEndpoint):
            _check(url, {}, loopback)
