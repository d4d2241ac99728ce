"""Where webhooks may go: the SSRF table, IPv4 spellings, names, development networks."""

from __future__ import annotations

import asyncio
import ipaddress

import pytest

from admin.outbound.policy import (
    AddressPolicy,
    RefusedEndpoint,
    embedded_ipv4,
    is_public,
    parse_endpoint,
    resolve_checked,
)

PUBLIC = AddressPolicy()


@pytest.mark.parametrize(
    "address",
    [
        # IPv4 special-purpose blocks
        "0.0.0.0",  # noqa: S104 - "this host": connects to loopback on Linux
        "0.1.2.3",
        "10.0.0.1",  # private
        "100.64.0.1",  # CGNAT
        "100.127.255.254",
        "127.0.0.1",  # loopback
        "127.255.255.254",
        "169.254.169.254",  # link-local: cloud metadata
        "172.16.5.4",
        "172.31.255.255",
        "192.0.0.8",  # IETF protocol assignments
        "192.0.0.9",  # PCP anycast: "globally reachable", still no receiver
        "192.0.0.170",  # NAT64 discovery
        "192.0.2.10",  # documentation
        "192.31.196.1",  # AS112-v4
        "192.52.193.1",  # AMT
        "192.88.99.1",  # deprecated 6to4 relay anycast
        "192.168.1.1",
        "192.175.48.1",  # direct delegation AS112
        "198.18.0.1",  # benchmarking
        "198.19.255.255",
        "198.51.100.7",  # documentation
        "203.0.113.7",  # documentation
        "224.0.0.1",  # multicast
        "239.255.255.250",
        "240.0.0.1",  # reserved
        "255.255.255.255",  # broadcast
        # IPv6 special-purpose blocks
        "::",  # unspecified
        "::1",  # loopback
        "::2",  # IPv4-compatible 0.0.0.2 (review)
        "64:ff9b:1::a00:1",  # local-use NAT64
        "100::1",  # discard-only
        "100:0:0:1::1",  # dummy prefix
        "2001:1::1",  # PCP anycast
        "2001:2::1",  # benchmarking
        "2001:3::1",  # AMT
        "2001:4:112::1",  # AS112-v6
        "2001:10::1",  # deprecated ORCHID
        "2001:20::1",  # ORCHIDv2
        "2001:30::1",  # drone DETs
        "2001:db8::1",  # documentation
        "2620:4f:8000::1",  # direct delegation AS112
        "3fff::1",  # documentation, unknown to Python 3.11's tables (review)
        "3fff:fff::1",
        "5f00::1",  # SRv6 SIDs, unknown to Python 3.11's tables (review)
        "fc00::1",  # unique local
        "fd12:3456::1",
        "fe80::1",  # link-local
        "fec0::1",  # deprecated site-local
        "ff02::1",  # multicast
        "4000::1",  # outside global unicast (2000::/3): reserved by the IETF
        "1::1",
        # IPv6 forms carrying a non-public IPv4 address
        "::ffff:127.0.0.1",  # IPv4-mapped
        "::ffff:169.254.169.254",
        "::ffff:10.0.0.1",
        "::127.0.0.1",  # IPv4-compatible (review)
        "::a9fe:a9fe",  # IPv4-compatible 169.254.169.254 (review)
        "::ffff:0:127.0.0.1",  # IPv4-translated (review)
        "::ffff:0:a9fe:a9fe",
        "64:ff9b::a00:1",  # NAT64 of 10.0.0.1
        "64:ff9b::7f00:1",
        "2002:7f00:1::1",  # 6to4 of 127.0.0.1
        "2002:a9fe:a9fe::1",
        "2001:0:4136:e378:8000:63bf:3fff:fdd2",  # Teredo, client 192.0.2.45
        "2001:0:a00:1:8000:63bf:f7f7:f7f7",  # Teredo, server 10.0.0.1, client 8.8.8.8
    ],
)
def test_non_public_addresses_are_refused(address: str) -> None:
    assert not is_public(ipaddress.ip_address(address))
    with pytest.raises(RefusedEndpoint):
        PUBLIC.check([address])


@pytest.mark.parametrize(
    "address",
    [
        "8.8.8.8",
        "1.1.1.1",
        "93.184.215.14",
        "100.63.255.255",  # just outside CGNAT
        "100.128.0.0",
        "172.15.255.255",  # just outside 172.16.0.0/12
        "172.32.0.0",
        "192.0.1.255",
        "198.17.255.255",
        "223.255.255.255",
        "2606:4700::1111",
        "2606:4700:4700::1111",
        "2a00:1450::",
        "2001:4860:4860::8888",
        "2001:200::1",  # just outside 2001::/23
        "3ffe::1",  # just outside 3fff::/20 (old 6bone, now ordinary unicast space)
        "::ffff:93.184.215.14",  # IPv4-mapped public
        "64:ff9b::808:808",  # NAT64 of 8.8.8.8: how IPv6-only networks (DNS64) reach IPv4
        "2002:808:808::1",  # 6to4 of 8.8.8.8
    ],
)
def test_public_addresses_pass(address: str) -> None:
    assert is_public(ipaddress.ip_address(address))
    assert PUBLIC.check([address]) == [ipaddress.ip_address(address)]


@pytest.mark.parametrize(
    ("address", "carried"),
    [
        ("::ffff:127.0.0.1", ["127.0.0.1"]),
        ("::127.0.0.1", ["127.0.0.1"]),
        ("::ffff:0:127.0.0.1", ["127.0.0.1"]),
        ("64:ff9b::a00:1", ["10.0.0.1"]),
        ("2002:7f00:1::1", ["127.0.0.1"]),
        ("2001:0:4136:e378:8000:63bf:3fff:fdd2", ["65.54.227.120", "192.0.2.45"]),
        ("::", []),
        ("::1", []),
        ("2606:4700::1111", []),
    ],
)
def test_embedded_ipv4(address: str, carried: list[str]) -> None:
    inner = embedded_ipv4(ipaddress.IPv6Address(address))
    assert [str(a) for a in inner] == carried


def test_the_policy_does_not_depend_on_pythons_tables() -> None:
    # Python 3.11 calls these global; our table does not.
    assert ipaddress.ip_address("5f00::1").is_global
    assert not is_public(ipaddress.ip_address("5f00::1"))


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
        with pytest.raises(RefusedEndpoint) as refused:
            _check(f"https://{name}.example/", table)
        # The owner learns that the name's address is not public, not which address
        # it is (an internal zone must not become a way to read our network).
        assert str(refused.value) == "resolves to a non-public address"
        assert refused.value.detail is not None
        assert refused.value.detail.startswith(f"{name}.example resolves to ")  # operator's log
    with pytest.raises(RefusedEndpoint) as literal:
        _check("https://10.1.2.3/", table)
    assert str(literal.value) == "is not a public address"
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


@pytest.mark.parametrize(
    ("networks", "address", "allowed"),
    [
        # Every IPv6 form carrying an IPv4 address is judged by that address, as
        # the public policy does, not only IPv4-mapped ones.
        (["127.0.0.0/8"], "::ffff:127.0.0.1", True),
        (["127.0.0.0/8"], "::127.0.0.1", True),
        (["127.0.0.0/8"], "::ffff:0:127.0.0.1", True),
        (["127.0.0.0/8"], "64:ff9b::7f00:1", True),
        (["::/0"], "::ffff:169.254.169.254", False),
        (["::/0"], "::a9fe:a9fe", False),
        (["::/0"], "::ffff:0:a9fe:a9fe", False),
        (["::/0"], "64:ff9b::a9fe:a9fe", False),
        (["::/0"], "2002:a9fe:a9fe::1", False),
        (["::/0"], "2606:4700::1111", True),
        (["64:ff9b::/96"], "64:ff9b::a9fe:a9fe", False),
        (["10.0.0.0/8"], "2001:0:a00:1:8000:63bf:f5ff:fffe", True),  # server and client
        (["10.0.0.0/8"], "2001:0:a00:1:8000:63bf:f7f7:f7f7", False),  # client 8.8.8.8
    ],
)
def test_development_networks_judge_the_ipv4_inside(
    networks: list[str], address: str, allowed: bool
) -> None:
    assert AddressPolicy(networks).allows(ipaddress.ip_address(address)) is allowed
