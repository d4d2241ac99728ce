"""The guarded client connects only to addresses the policy checked, follows no redirect and
reads bounded answers (admin/outbound/client.py), against real loopback servers."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from admin.outbound.client import OutboundClient, OutboundFailed, OutboundRefused
from admin.outbound.policy import AddressPolicy, Resolver, system_resolve
from tests.support.fakes.stores import FakeServer, Request


@pytest.fixture
def server() -> Iterator[FakeServer]:
    def handle(request: Request) -> tuple[int, dict[str, str], bytes]:
        if request.path == "/redirect":
            return 302, {"Location": "http://169.254.169.254/latest/meta-data"}, b""
        if request.path == "/big":
            return 200, {}, b"x" * 5000
        return 200, {"Content-Type": "application/json"}, b'{"ok": true}'

    fake = FakeServer(handle)
    yield fake
    fake.close()


def _client(policy: AddressPolicy, resolver: Resolver = system_resolve) -> OutboundClient:
    return OutboundClient(policy, timeout=3, max_bytes=1000, user_agent="test", resolver=resolver)


def _get(http: OutboundClient, url: str) -> int:
    async def run() -> int:
        try:
            return (await http.request("GET", url)).status
        finally:
            await http.aclose()

    return asyncio.run(run())


def test_loopback_refused_by_the_public_policy(server: FakeServer) -> None:
    http = _client(AddressPolicy())
    with pytest.raises(OutboundRefused):
        _get(http, f"{server.url}/")
    assert server.requests == []  # never connected


def test_a_name_resolving_to_a_private_address_is_refused(server: FakeServer) -> None:
    async def resolver(host: str, port: int) -> list[str]:
        return ["10.0.0.7"]

    http = _client(AddressPolicy(["127.0.0.0/8"]), resolver)
    port = server.url.rsplit(":", 1)[1]
    with pytest.raises(OutboundRefused):
        _get(http, f"http://store.internal:{port}/")


def test_allowed_network_redirects_not_followed_and_size_bounded(server: FakeServer) -> None:
    loopback = AddressPolicy(["127.0.0.0/8"])
    assert _get(_client(loopback), f"{server.url}/") == 200
    assert _get(_client(loopback), f"{server.url}/redirect") == 302
    assert [r.path for r in server.requests] == ["/", "/redirect"]
    with pytest.raises(OutboundFailed):
        _get(_client(loopback), f"{server.url}/big")
