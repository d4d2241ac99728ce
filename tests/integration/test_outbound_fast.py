"""The plain outbound client (admin/outbound/fast.py) against raw HTTP/1.1 servers on
loopback: what it sends, the policy on every address, bounded answers and time, kept-alive
connections reused and bounded, a stale one retried, and TLS to the name's certificate."""

from __future__ import annotations

import asyncio
import base64
import ssl
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import TracebackType

import msgspec
import pytest

from admin.outbound.client import OutboundFailed, OutboundRefused, OutboundTimeout
from admin.outbound.fast import PlainClient
from admin.outbound.policy import AddressPolicy, Resolver, system_resolve
from tests.support.certificates import certificate

LOOPBACK = AddressPolicy(["127.0.0.0/8"])
OK = b'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"ok":true}'


class Seen(msgspec.Struct, frozen=True, kw_only=True):
    method: str
    target: str
    headers: dict[str, str]  # lower-case names
    body: bytes
    connection: int  # which connection, from 1
    index: int  # which request on its connection, from 0


Reply = tuple[bytes | None, bool]  # the answer (None: close without one), keep the connection
Answerer = Callable[[Seen], Awaitable[Reply]]


async def ok(_: Seen) -> Reply:
    return OK, True


class Loopback:
    """A raw server in the test's event loop: reads each request whole, hands it to
    ``answer`` and writes what that returns."""

    def __init__(self, answer: Answerer = ok, tls: ssl.SSLContext | None = None) -> None:
        self.answer = answer
        self.tls = tls
        self.requests: list[Seen] = []
        self.connections = 0
        self.port = 0

    async def __aenter__(self) -> Loopback:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0, ssl=self.tls)
        self.port = self.server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.server.close()
        await self.server.wait_closed()

    def url(self, path: str = "/", host: str = "127.0.0.1", scheme: str = "http") -> str:
        return f"{scheme}://{host}:{self.port}{path}"

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        connection = self.connections
        try:
            for index in range(1000):
                seen = await _read_request(reader, connection, index)
                self.requests.append(seen)
                reply, keep_open = await self.answer(seen)
                if reply is None:
                    break
                writer.write(reply)
                await writer.drain()
                if not keep_open:
                    break
        except (asyncio.IncompleteReadError, ConnectionError, ssl.SSLError):
            pass
        finally:
            writer.close()


async def _read_request(reader: asyncio.StreamReader, connection: int, index: int) -> Seen:
    head = (await reader.readuntil(b"\r\n\r\n"))[:-4].decode("latin-1")
    request_line, *lines = head.split("\r\n")
    method, target, _ = request_line.split(" ")
    headers = {
        name.strip().lower(): value.strip()
        for name, value in (line.split(":", 1) for line in lines)
    }
    body = await reader.readexactly(int(headers.get("content-length", "0")))
    return Seen(
        method=method,
        target=target,
        headers=headers,
        body=body,
        connection=connection,
        index=index,
    )


def _client(
    policy: AddressPolicy = LOOPBACK,
    *,
    timeout: float = 5,
    resolver: Resolver = system_resolve,
    ssl_context: ssl.SSLContext | None = None,
    connections: int = 4,
) -> PlainClient:
    return PlainClient(
        policy,
        timeout=timeout,
        max_bytes=1000,
        user_agent="hop-test",
        resolver=resolver,
        ssl_context=ssl_context,
        connections=connections,
    )


def test_a_get_with_params_and_a_name_sends_what_the_url_says() -> None:
    async def resolve(host: str, _: int) -> list[str]:
        return {"api.test": ["127.0.0.1"]}[host]

    async def scenario() -> tuple[int, dict[str, str], bytes, Seen]:
        async with Loopback() as server:
            client = _client(resolver=resolve)
            try:
                answer = await client.request(
                    "GET",
                    server.url("/v4/bitlinks/bit.ly%2Fab c/clicks/summary?x=1", host="api.test"),
                    params={"unit": "day", "units": "-1", "q": "a b&c=d"},
                    headers={"Authorization": "Bearer t0ken"},
                )
            finally:
                await client.aclose()
            return answer.status, answer.headers, answer.body, server.requests[0]

    status, headers, body, seen = asyncio.run(scenario())
    assert (status, body) == (200, b'{"ok":true}')
    assert headers["content-type"] == "application/json"
    assert seen.method == "GET"
    assert seen.target == (
        "/v4/bitlinks/bit.ly%2Fab%20c/clicks/summary?x=1&unit=day&units=-1&q=a%20b%26c%3Dd"
    )
    assert seen.headers["host"].startswith("api.test:")
    assert seen.headers["user-agent"] == "hop-test"
    assert seen.headers["authorization"] == "Bearer t0ken"
    assert "accept-encoding" not in seen.headers  # nothing to decompress
    assert "content-length" not in seen.headers  # a GET without a body says none
    assert seen.body == b""


def test_posts_json_and_form_bodies_with_basic_auth() -> None:
    async def scenario() -> list[Seen]:
        async with Loopback() as server:
            client = _client()
            try:
                await client.request("POST", server.url("/j"), json={"a": [1, "é"]})
                await client.request(
                    "POST", server.url("/f"), form={"q": "a b", "k": "&="}, auth=("ann", "s3:cr")
                )
                await client.request("POST", server.url("/empty"))
            finally:
                await client.aclose()
            return server.requests

    as_json, as_form, empty = asyncio.run(scenario())
    assert as_json.headers["content-type"] == "application/json"
    assert msgspec.json.decode(as_json.body) == {"a": [1, "é"]}
    assert as_json.headers["content-length"] == str(len(as_json.body))
    assert as_form.headers["content-type"] == "application/x-www-form-urlencoded"
    assert as_form.body == b"q=a+b&k=%26%3D"
    assert as_form.headers["authorization"] == "Basic " + base64.b64encode(b"ann:s3:cr").decode()
    assert "authorization" not in as_json.headers
    assert empty.headers["content-length"] == "0"


def test_addresses_the_policy_refuses_are_never_connected_to() -> None:
    async def resolve(host: str, _: int) -> list[str]:
        return {"inside.test": ["10.0.0.7"], "mixed.test": ["127.0.0.1", "10.0.0.7"]}[host]

    async def scenario() -> tuple[list[OutboundRefused], int]:
        refusals: list[OutboundRefused] = []
        async with Loopback() as server:
            attempts = [
                (AddressPolicy(), server.url()),  # public only: loopback refused
                (LOOPBACK, server.url(host="inside.test")),
                (LOOPBACK, server.url(host="mixed.test")),  # every address must pass
            ]
            for policy, url in attempts:
                client = _client(policy, resolver=resolve)
                try:
                    await client.request("GET", url)
                except OutboundRefused as exc:
                    refusals.append(exc)
                finally:
                    await client.aclose()
            return refusals, server.connections

    refusals, connections = asyncio.run(scenario())
    assert len(refusals) == 3
    assert connections == 0
    assert "10.0.0.7" not in str(refusals[1])  # the owner never reads our addresses
    assert refusals[1].detail == "inside.test resolves to 10.0.0.7"


def test_a_redirect_is_an_answer_not_followed() -> None:
    async def redirect(_: Seen) -> Reply:
        location = b"Location: http://169.254.169.254/latest/meta-data\r\n"
        return b"HTTP/1.1 302 Found\r\n" + location + b"Content-Length: 0\r\n\r\n", True

    async def scenario() -> tuple[int, str | None, int]:
        async with Loopback(redirect) as server:
            client = _client()
            try:
                answer = await client.request("GET", server.url("/go"))
            finally:
                await client.aclose()
            return answer.status, answer.header("Location"), len(server.requests)

    assert asyncio.run(scenario()) == (302, "http://169.254.169.254/latest/meta-data", 1)


def test_no_answer_within_the_time_out() -> None:
    async def scenario() -> None:
        never = asyncio.Event()

        async def silent(_: Seen) -> Reply:
            await never.wait()
            return None, False

        async with Loopback(silent) as server:
            client = _client(timeout=0.2)
            try:
                await client.request("GET", server.url())
            finally:
                never.set()
                await client.aclose()

    with pytest.raises(OutboundTimeout):
        asyncio.run(scenario())


@pytest.mark.parametrize(
    "answer",
    [
        b"HTTP/1.1 200 OK\r\nContent-Length: 1001\r\n\r\n" + b"x" * 1001,
        b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
        + b"".join(b"64\r\n" + b"y" * 100 + b"\r\n" for _ in range(11))
        + b"0\r\n\r\n",
        b"HTTP/1.0 200 OK\r\n\r\n" + b"z" * 1001,  # read until the server closes
    ],
    ids=["content-length", "chunked", "until-close"],
)
def test_an_answer_over_max_bytes_fails(answer: bytes) -> None:
    async def big(_: Seen) -> Reply:
        return answer, False

    async def scenario() -> None:
        async with Loopback(big) as server:
            client = _client()
            try:
                await client.request("GET", server.url())
            finally:
                await client.aclose()

    with pytest.raises(OutboundFailed, match="larger than 1,000 bytes"):
        asyncio.run(scenario())


def test_an_answer_of_exactly_max_bytes_is_read() -> None:
    async def full(_: Seen) -> Reply:
        return b"HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n" + b"x" * 1000, True

    async def scenario() -> int:
        async with Loopback(full) as server:
            client = _client()
            try:
                return len((await client.request("GET", server.url())).body)
            finally:
                await client.aclose()

    assert asyncio.run(scenario()) == 1000


def test_kept_alive_connections_are_reused_and_bounded_per_host() -> None:
    async def scenario() -> tuple[int, list[int], int]:
        async with Loopback() as server:
            client = _client(connections=2)
            try:
                for _ in range(5):
                    await client.request("GET", server.url())
                sequential = server.connections
                answers = await asyncio.gather(
                    *(client.request("GET", server.url(f"/{n}")) for n in range(20))
                )
            finally:
                await client.aclose()
            return sequential, [answer.status for answer in answers], server.connections

    sequential, statuses, connections = asyncio.run(scenario())
    assert sequential == 1  # five requests, one connection
    assert statuses == [200] * 20
    assert connections <= 2  # twenty at once, never more than two connections


def test_a_connection_closed_after_answering_is_not_a_failure() -> None:
    async def once(_: Seen) -> Reply:
        return OK, False  # keep-alive was not refused, yet the server hangs up

    async def scenario() -> tuple[list[int], int]:
        async with Loopback(once) as server:
            client = _client()
            try:
                statuses = [(await client.request("GET", server.url())).status for _ in range(3)]
            finally:
                await client.aclose()
            return statuses, server.connections

    assert asyncio.run(scenario()) == ([200, 200, 200], 3)


def test_a_stale_kept_alive_connection_is_retried_once_on_a_new_one() -> None:
    async def drops_the_second(seen: Seen) -> Reply:
        # The first connection's second request meets a server that dropped it.
        return (None, False) if seen.index == 1 else (OK, True)

    async def scenario() -> tuple[list[int], list[tuple[int, int]]]:
        async with Loopback(drops_the_second) as server:
            client = _client()
            try:
                statuses = [(await client.request("GET", server.url())).status for _ in range(2)]
            finally:
                await client.aclose()
            return statuses, [(seen.connection, seen.index) for seen in server.requests]

    statuses, requests = asyncio.run(scenario())
    assert statuses == [200, 200]
    assert requests == [(1, 0), (1, 1), (2, 0)]


def test_a_new_connection_closed_without_an_answer_is_a_failure() -> None:
    async def hangs_up(_: Seen) -> Reply:
        return None, False

    async def scenario() -> int:
        async with Loopback(hangs_up) as server:
            client = _client()
            try:
                with pytest.raises(OutboundFailed, match="broke off"):
                    await client.request("GET", server.url())
            finally:
                await client.aclose()
            return len(server.requests)

    assert asyncio.run(scenario()) == 1  # not retried: only a kept-alive one is


def test_a_closed_port_is_a_failure() -> None:
    async def scenario() -> None:
        async with Loopback() as server:
            url = server.url()
        client = _client()
        try:
            await client.request("GET", url)
        finally:
            await client.aclose()

    with pytest.raises(OutboundFailed, match="could not connect"):
        asyncio.run(scenario())


def test_https_verifies_the_names_certificate_and_sends_sni(tmp_path: Path) -> None:
    ca, cert, key = certificate(tmp_path, "api.test")
    names: list[str | None] = []

    async def resolve(host: str, _: int) -> list[str]:
        return {"api.test": ["127.0.0.1"], "other.test": ["127.0.0.1"]}[host]

    async def scenario() -> tuple[list[str], int, Seen]:
        server_tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        server_tls.load_cert_chain(cert, key)

        def sni(_: ssl.SSLObject, name: str | None, __: ssl.SSLContext) -> None:
            names.append(name)

        server_tls.sni_callback = sni
        failures: list[str] = []
        async with Loopback(tls=server_tls) as server:
            trusted = ssl.create_default_context(cafile=str(ca))
            clients = [
                (_client(resolver=resolve), "api.test"),  # the system's CAs: not ours
                (_client(resolver=resolve, ssl_context=trusted), "other.test"),  # wrong name
                (_client(resolver=resolve, ssl_context=trusted), "api.test"),
            ]
            status = 0
            for client, host in clients:
                try:
                    status = (
                        await client.request("GET", server.url(host=host, scheme="https"))
                    ).status
                except OutboundFailed as exc:
                    failures.append(str(exc))
                finally:
                    await client.aclose()
            return failures, status, server.requests[0]

    failures, status, seen = asyncio.run(scenario())
    assert len(failures) == 2
    assert all("TLS certificate not accepted" in failure for failure in failures)
    assert status == 200
    assert names == ["api.test", "other.test", "api.test"]  # SNI: the name, not the address
    assert seen.headers["host"].startswith("api.test:")
