"""The dispatcher's HTTP client and sender against raw servers on loopback: framing,
bounds, keep-alive, and TLS to a checked address with the name's certificate."""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from admin.outbound.http1 import MAX_HEAD_BYTES, Connection, ProtocolError, request_head
from admin.outbound.policy import AddressPolicy
from admin.worker.sender import Sender
from tests.support.certificates import certificate

LOOPBACK = AddressPolicy(["127.0.0.0/8"])
Script = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


async def _read_request(reader: asyncio.StreamReader) -> bytes:
    head = await reader.readuntil(b"\r\n\r\n")
    length = next(
        int(line.split(b":")[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length")
    )
    return head + await reader.readexactly(length)


def answering(*answers: bytes, close: bool = False) -> Script:
    """A server that reads one request per answer and writes the answer raw."""

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            for answer in answers:
                await _read_request(reader)
                writer.write(answer)
                await writer.drain()
                if close:
                    break
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()

    return serve


async def _exchange(script: Script, keep: int = 2048, requests: int = 1) -> list[object]:
    server = await asyncio.start_server(script, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    head = request_head("/hook", [("Host", "127.0.0.1")], 2)
    results: list[object] = []
    connection = await Connection.open("127.0.0.1", port, None, "127.0.0.1")
    try:
        for _ in range(requests):
            try:
                answer = await connection.exchange(head, b"{}", keep)
                results.append((answer.status, answer.body, answer.reusable))
            except ProtocolError as exc:
                results.append(exc)
    finally:
        connection.close()
        server.close()
        await server.wait_closed()
    return results


def run(script: Script, keep: int = 2048, requests: int = 1) -> list[object]:
    return asyncio.run(_exchange(script, keep, requests))


def test_length_delimited_answers_keep_the_connection() -> None:
    ok = b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
    assert run(answering(ok, ok), requests=2) == [(200, b"ok", True), (200, b"ok", True)]


def test_a_long_body_is_cut_and_the_connection_dropped() -> None:
    answer = b"HTTP/1.1 500 Oops\r\nContent-Length: 5000\r\n\r\n" + b"y" * 5000
    assert run(answering(answer)) == [(500, b"y" * 2048, False)]


def test_chunked_answers() -> None:
    head = b"HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n"
    small = head + b"3\r\nabc\r\n2;x=1\r\nde\r\n0\r\n\r\n"
    assert run(answering(small)) == [(201, b"abcde", True)]
    chunk = b"400\r\n" + b"z" * 1024 + b"\r\n"
    endless = head + chunk * 3  # more than kept, and no last chunk: cut, not reused
    assert run(answering(endless)) == [(201, b"z" * 2048, False)]


def test_close_delimited_informational_and_connection_close() -> None:
    assert run(answering(b"HTTP/1.0 200 OK\r\n\r\nbye", close=True)) == [(200, b"bye", False)]
    continued = b"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\nContent-Length: 0\r\n\r\n"
    assert run(answering(continued)) == [(204, b"", True)]
    closing = b"HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
    assert run(answering(closing)) == [(200, b"", False)]


def test_answers_without_a_body_do_not_wait_for_the_close() -> None:
    # 204 and 304 have no body whatever their headers say; without Content-Length
    # the old reader waited for the server to hang up and then dropped the connection.
    no_content = b"HTTP/1.1 204 No Content\r\n\r\n"
    assert run(answering(no_content, no_content), requests=2) == [(204, b"", True)] * 2


def test_tolerated_forms() -> None:
    same_twice = b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\ncontent-length: 2\r\n\r\nok"
    assert run(answering(same_twice)) == [(200, b"ok", True)]
    listed = b"HTTP/1.1 200 OK\r\nContent-Length: 2, 2\r\n\r\nok"
    assert run(answering(listed)) == [(200, b"ok", True)]
    bare = b"HTTP/1.1 200\r\nContent-Length: 0\r\n\r\n"  # no reason phrase
    assert run(answering(bare)) == [(200, b"", True)]
    trailers = (
        b"HTTP/1.1 200 OK\r\nTransfer-Encoding: Chunked\r\n\r\n"
        b"2 ;ext\r\nok\r\n0\r\nX-Checksum: 1\r\n\r\n"
    )
    assert run(answering(trailers)) == [(200, b"ok", True)]


CHUNKED = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
NOT_HTTP = [
    (b"SMTP ready\r\n\r\n", "not an HTTP/1.x status line"),
    (b"HTTP/1.1 2xx Fine\r\n\r\n", "not an HTTP/1.x status line"),
    (b"HTTP/1.1 2\xb20 OK\r\n\r\n", "not an HTTP/1.x status line"),  # "2\u00b20".isdigit()
    ("HTTP/1.1 2\u00b20 OK\r\n\r\n".encode(), "not an HTTP/1.x status line"),
    ("HTTP/1.1 \u0662\u0660\u0660 OK\r\n\r\n".encode(), "not an HTTP/1.x status line"),
    (b"HTTP/1.1 600 Nope\r\n\r\n", "not an HTTP/1.x status line"),
    (b"HTTP/1.1 20 OK\r\n\r\n", "not an HTTP/1.x status line"),
    (b"HTTP/1.1 2000 OK\r\n\r\n", "not an HTTP/1.x status line"),
    (b"HTTP/2 200 OK\r\n\r\n", "not an HTTP/1.x status line"),
    (b"HTTP/1.1 200 O\nK\r\n\r\n", "not an HTTP/1.x status line"),
    (b"HTTP/1.1 200 OK\r\nno colon here\r\n\r\n", "malformed header line"),
    (b"HTTP/1.1 200 OK\r\nX-A: b\nSet-Cookie: c\r\n\r\n", "malformed header line"),
    (b"HTTP/1.1 200 OK\r\nX-A: 1\r\n folded\r\n\r\n", "malformed header line"),
    (b"HTTP/1.1 200 OK\r\nX A: 1\r\n\r\n", "malformed header line"),
    (b"HTTP/1.1 200 OK\r\nX-A: \x00\r\n\r\n", "malformed header line"),
    (b"HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", "invalid Content-Length"),
    ("HTTP/1.1 200 OK\r\nContent-Length: \u00b2\r\n\r\n".encode(), "invalid Content-Length"),
    (b"HTTP/1.1 200 OK\r\nContent-Length: \xb2\r\n\r\n", "invalid Content-Length"),
    (b"HTTP/1.1 200 OK\r\nContent-Length: +2\r\n\r\nok", "invalid Content-Length"),
    (b"HTTP/1.1 200 OK\r\nContent-Length: 0x2\r\n\r\nok", "invalid Content-Length"),
    (b"HTTP/1.1 200 OK\r\nContent-Length: 1_0\r\n\r\n", "invalid Content-Length"),
    (b"HTTP/1.1 200 OK\r\nContent-Length: " + b"9" * 19 + b"\r\n\r\n", "invalid Content-Length"),
    (b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nok", "conflicting"),
    (b"HTTP/1.1 200 OK\r\nContent-Length: 2, 3\r\n\r\nok", "conflicting"),
    (
        b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n",
        "both Transfer-Encoding and Content-Length",
    ),
    (b"HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", "unsupported"),
    (b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked, chunked\r\n\r\n", "unsupported"),
    (
        b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n",
        "unsupported",
    ),
    (b"HTTP/1.0 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", "HTTP/1.0"),
    (CHUNKED + b"-5\r\nhello\r\n0\r\n\r\n", "invalid chunk size"),  # readexactly(-5)
    (CHUNKED + "\u00b2\r\nab\r\n0\r\n\r\n".encode(), "invalid chunk size"),
    (CHUNKED + b"0x2\r\nab\r\n0\r\n\r\n", "invalid chunk size"),
    (CHUNKED + b"1_0\r\n" + b"a" * 16 + b"\r\n0\r\n\r\n", "invalid chunk size"),
    (CHUNKED + b" 2\r\nab\r\n0\r\n\r\n", "invalid chunk size"),
    (CHUNKED + b"+2\r\nab\r\n0\r\n\r\n", "invalid chunk size"),
    (CHUNKED + b"\r\n", "invalid chunk size"),
    (CHUNKED + b"1" * 17 + b"\r\n", "invalid chunk size"),
    (CHUNKED + b"2\r\nabXY", "chunk not followed by CRLF"),
    (CHUNKED + b"2\r\nab\r\n0\r\nno colon\r\n\r\n", "malformed header line"),
    (CHUNKED + b"2" + b";" * (MAX_HEAD_BYTES + 10) + b"\r\n", "line longer than"),
    (b"HTTP/1.1 100 Continue\r\n\r\n" * 9 + b"HTTP/1.1 200 OK\r\n\r\n", "informational"),
    (b"HTTP/1.1 200 OK\r\nX-Big: " + b"a" * (MAX_HEAD_BYTES + 10) + b"\r\n\r\n", "larger than"),
    (b"HTTP/1.1 204 No Content\r\nContent-Length: x\r\n\r\n", "invalid Content-Length"),
]


@pytest.mark.parametrize(("answer", "reason"), NOT_HTTP)
def test_what_is_not_http_is_an_error_with_a_reason(answer: bytes, reason: str) -> None:
    (result,) = run(answering(answer))
    assert isinstance(result, ProtocolError), result
    assert reason in str(result)


@pytest.mark.parametrize(
    ("answer", "error"),
    [
        (CHUNKED + b"-5\r\nhello\r\n0\r\n\r\n", "invalid HTTP answer: invalid chunk size"),
        # Latin-1 superscript two: a digit to str.isdigit(), not to int().
        (
            b"HTTP/1.1 200 OK\r\nContent-Length: \xb2\r\n\r\n",
            "invalid HTTP answer: invalid Content-Length",
        ),
        (b"HTTP/1.1 2\xb20 OK\r\n\r\n", "invalid HTTP answer: not an HTTP/1.x status line"),
    ],
)
def test_the_sender_reports_a_hostile_answer_as_a_failed_attempt(answer: bytes, error: str) -> None:
    async def scenario() -> tuple[int | None, str | None]:
        server = await asyncio.start_server(answering(answer), "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        sender = Sender(LOOPBACK, allow_http=True, timeout=5)
        try:
            outcome = await sender.post(f"http://127.0.0.1:{port}/x", b"{}", {}, pool="wh_1")
        finally:
            await sender.aclose()
            server.close()
            await server.wait_closed()
        return outcome.status_code, outcome.error

    assert asyncio.run(scenario()) == (None, error)


def test_sender_retries_once_on_a_connection_the_server_dropped() -> None:
    async def scenario() -> list[int | None]:
        # Each connection answers once without saying it will close, then closes.
        server = await asyncio.start_server(
            answering(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", close=True), "127.0.0.1", 0
        )
        port = server.sockets[0].getsockname()[1]
        sender = Sender(LOOPBACK, allow_http=True, timeout=5)
        codes = []
        for _ in range(3):
            outcome = await sender.post(f"http://127.0.0.1:{port}/x", b"{}", {}, pool="wh_1")
            codes.append(outcome.status_code)
            await asyncio.sleep(0.05)
        await sender.aclose()
        server.close()
        await server.wait_closed()
        return codes

    assert asyncio.run(scenario()) == [200, 200, 200]


def test_tls_goes_to_the_checked_address_with_the_names_certificate(tmp_path: Path) -> None:
    ca, cert, key = certificate(tmp_path, "hooks.test")
    seen: dict[str, object] = {}
    names: list[str | None] = []

    async def scenario() -> tuple[object, object]:
        server_tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        server_tls.load_cert_chain(cert, key)

        def sni(sock: ssl.SSLObject, name: str | None, _: ssl.SSLContext) -> None:
            names.append(name)

        server_tls.sni_callback = sni

        async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            try:
                seen["request"] = await _read_request(reader)
                writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
                await writer.drain()
            except (asyncio.IncompleteReadError, ConnectionError, ssl.SSLError):
                pass
            finally:
                writer.close()

        server = await asyncio.start_server(serve, "127.0.0.1", 0, ssl=server_tls)
        port = server.sockets[0].getsockname()[1]

        async def resolve(host: str, _: int) -> list[str]:
            return {"hooks.test": ["127.0.0.1"], "other.test": ["127.0.0.1"]}[host]

        client_tls = ssl.create_default_context(cafile=str(ca))
        sender = Sender(
            LOOPBACK, allow_http=False, timeout=5, resolver=resolve, ssl_context=client_tls
        )
        good = await sender.post(f"https://hooks.test:{port}/in", b"{}", {}, pool="wh_1")
        wrong = await sender.post(f"https://other.test:{port}/in", b"{}", {}, pool="wh_1")
        await sender.aclose()
        server.close()
        await server.wait_closed()
        return good, wrong

    good, wrong = asyncio.run(scenario())
    assert good.status_code == 200, good.error  # type: ignore[attr-defined]
    assert names == ["hooks.test", "other.test"]  # SNI carries the name, not the address
    request = seen["request"]
    assert isinstance(request, bytes)
    assert request.startswith(b"POST /in HTTP/1.1\r\n")
    assert b"Host: hooks.test:" in request
    assert wrong.status_code is None  # type: ignore[attr-defined]
    assert "TLS certificate not accepted" in wrong.error  # type: ignore[attr-defined]


def test_a_refused_address_stays_out_of_the_attempt_log(caplog: pytest.LogCaptureFixture) -> None:
    # The attempt log is the owner's to read; what the name resolved to (after a
    # harmless registration, a DNS change can point it inside) is the operator's.
    async def resolve(host: str, _: int) -> list[str]:
        return ["10.1.2.3"]

    async def scenario() -> str | None:
        sender = Sender(AddressPolicy(), allow_http=False, timeout=5, resolver=resolve)
        outcome = await sender.post("https://hooks.example/in", b"{}", {}, pool="wh_1")
        await sender.aclose()
        return outcome.error

    with caplog.at_level("WARNING", logger="admin.worker.sender"):
        error = asyncio.run(scenario())
    assert error == "endpoint refused: resolves to a non-public address"
    (record,) = caplog.records
    assert record.action == "webhook.endpoint_refused"  # type: ignore[attr-defined]
    assert record.webhook == "wh_1"  # type: ignore[attr-defined]
    assert record.detail == "hooks.example resolves to 10.1.2.3"  # type: ignore[attr-defined]


def test_a_name_is_resolved_and_checked_at_every_attempt_a_literal_once() -> None:
    # The sender keeps what an endpoint URL decides (its parts, a literal's check), but a
    # host name's addresses can change between attempts (DNS rebinding): every attempt
    # resolves it again and checks what it got.
    answers = [["127.0.0.1"], ["127.0.0.1"], ["10.1.2.3"]]
    asked: list[str] = []

    async def resolve(host: str, _: int) -> list[str]:
        asked.append(host)
        return answers[len(asked) - 1]

    async def scenario() -> list[tuple[int | None, str | None]]:
        ok = b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"
        server = await asyncio.start_server(answering(ok, ok, ok, ok), "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        sender = Sender(LOOPBACK, allow_http=True, timeout=5, resolver=resolve)
        outcomes = []
        try:
            for endpoint in ["hooks.test", "hooks.test", "127.0.0.1", "127.0.0.1", "hooks.test"]:
                outcome = await sender.post(f"http://{endpoint}:{port}/x", b"{}", {}, pool="wh_1")
                outcomes.append((outcome.status_code, outcome.error))
        finally:
            await sender.aclose()
            server.close()
            await server.wait_closed()
        return outcomes

    outcomes = asyncio.run(scenario())
    assert asked == ["hooks.test"] * 3  # never for the literals
    assert outcomes[:4] == [(200, None)] * 4
    assert outcomes[4] == (None, "endpoint refused: resolves to a non-public address")
    refused = Sender(LOOPBACK, allow_http=True, timeout=5)
    outcome = asyncio.run(refused.post("http://10.0.0.1:9/x", b"{}", {}, pool="wh_1"))
    assert outcome.error == "endpoint refused: is not a public address"
    outcome = asyncio.run(refused.post("http://10.0.0.1:9/x", b"{}", {}, pool="wh_1"))
    assert outcome.error == "endpoint refused: is not a public address"  # not cached as allowed
