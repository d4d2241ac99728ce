"""The webhook client's answer parser against anything a receiver could send.

The receiver is untrusted: whatever bytes it answers, reading them must end in a
parsed Answer or a clean failure of the attempt (ProtocolError, IncompleteReadError,
StaleConnection), never another exception. The parser is under test here, not the
network, so the bytes are fed straight into an asyncio.StreamReader;
tests/integration/test_webhook_http.py covers the same parser over loopback sockets.
"""

from __future__ import annotations

import asyncio

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from admin.outbound.http1 import (
    MAX_HEAD_BYTES,
    Answer,
    ProtocolError,
    StaleConnection,
    parse_head,
    read_answer,
)

CLEAN_FAILURES = (ProtocolError, asyncio.IncompleteReadError, StaleConnection)
FUZZ = settings(
    max_examples=400, database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

# Numbers as hostile receivers write them: signs, other digits, hex prefixes,
# underscores, spaces, lists, absurd lengths, and arbitrary bytes.
NUMBERS = st.one_of(
    st.integers(-5, 300).map(lambda n: str(n).encode()),
    st.integers(0, 300).map(lambda n: b"%x" % n),
    st.sampled_from(
        [
            b"\xb2",
            "\u00b2".encode(),
            "\u0662".encode(),
            b"0x10",
            b"1_0",
            b"+5",
            b" 5",
            b"5 ",
            b"5, 5",
            b"5, 6",
            b"",
            b"9" * 40,
            b"f" * 40,
            b"-0",
        ]
    ),
    st.binary(max_size=6),
)
STATUS_LINES = st.one_of(
    st.sampled_from(
        [
            b"HTTP/1.1 200 OK",
            b"HTTP/1.0 200 OK",
            b"HTTP/1.1 204 No Content",
            b"HTTP/1.1 304 Not Modified",
            b"HTTP/1.1 100 Continue",
            b"HTTP/1.1 503",
            b"HTTP/1.1 2\xb20 OK",
            b"HTTP/1.1 600 Odd",
            b"HTTP/2 200",
            b"HTTP/1.1  200 OK",
        ]
    ),
    st.builds(
        lambda version, code, reason: b"HTTP/1." + version + b" " + code + reason,
        st.sampled_from([b"0", b"1", b"9"]),
        NUMBERS,
        st.binary(max_size=8),
    ),
)
FIELD_NAMES = st.sampled_from(
    [b"Content-Length", b"content-length", b"Transfer-Encoding", b"Connection", b"Retry-After"]
)
FIELD_VALUES = st.one_of(
    NUMBERS,
    st.sampled_from([b"chunked", b"Chunked", b"gzip, chunked", b"chunked, chunked", b"close"]),
    st.binary(max_size=12),
)
HEADER_LINES = st.one_of(
    st.builds(lambda name, value: name + b": " + value, FIELD_NAMES, FIELD_VALUES),
    st.binary(max_size=24),
)
CHUNKS = st.builds(
    lambda size, extension, data, end: size + extension + b"\r\n" + data + end,
    st.one_of(st.integers(0, 40).map(lambda n: b"%x" % n), NUMBERS),
    st.sampled_from([b"", b";a=b", b" ;x", b";\x00"]),
    st.binary(max_size=40),
    st.sampled_from([b"\r\n", b"", b"\n", b"xx"]),
)
BODIES = st.one_of(
    st.binary(max_size=80),
    st.builds(
        lambda chunks, last: b"".join(chunks) + last,
        st.lists(CHUNKS, max_size=4),
        st.sampled_from([b"", b"0\r\n\r\n", b"0\r\nX-T: 1\r\n\r\n", b"0\r\nbad\r\n\r\n"]),
    ),
)
ANSWERS = st.builds(
    lambda interim, status, headers, body: (
        b"HTTP/1.1 100 Continue\r\n\r\n" * interim
        + status
        + b"\r\n"
        + b"".join(line + b"\r\n" for line in headers)
        + b"\r\n"
        + body
    ),
    st.integers(0, 10),
    STATUS_LINES,
    st.lists(HEADER_LINES, max_size=5),
    BODIES,
)


def _read(data: bytes, keep: int, stale_if_silent: bool) -> Answer | BaseException:
    async def scenario() -> Answer:
        reader = asyncio.StreamReader(limit=MAX_HEAD_BYTES)
        reader.feed_data(data)
        reader.feed_eof()
        return await read_answer(reader, keep, stale_if_silent=stale_if_silent)

    try:
        return asyncio.run(scenario())
    except CLEAN_FAILURES as exc:
        return exc


def _check(result: Answer | BaseException, keep: int) -> None:
    if isinstance(result, Answer):
        assert 200 <= result.status <= 599
        assert len(result.body) <= keep
        assert all(isinstance(v, str) for v in result.headers.values())


@FUZZ
@given(data=st.binary(max_size=512), keep=st.integers(0, 64), stale=st.booleans())
def test_arbitrary_bytes(data: bytes, keep: int, stale: bool) -> None:
    _check(_read(data, keep, stale), keep)


@FUZZ
@given(data=ANSWERS, keep=st.integers(0, 64), stale=st.booleans())
def test_near_valid_answers(data: bytes, keep: int, stale: bool) -> None:
    _check(_read(data, keep, stale), keep)


@FUZZ
@given(data=ANSWERS, edits=st.data(), keep=st.integers(0, 64))
def test_near_valid_answers_with_bytes_changed(
    data: bytes, edits: st.DataObject, keep: int
) -> None:
    mutated = bytearray(data)
    for _ in range(edits.draw(st.integers(1, 4))):
        if not mutated:
            break
        where = edits.draw(st.integers(0, len(mutated) - 1))
        mutated[where : where + 1] = edits.draw(st.binary(max_size=3))
    _check(_read(bytes(mutated), keep, False), keep)


@FUZZ
@given(raw=st.binary(max_size=256))
def test_parse_head_raises_only_protocol_errors(raw: bytes) -> None:
    try:
        status, version, headers = parse_head(raw)
    except ProtocolError:
        return
    assert 100 <= status <= 599
    assert version in ("HTTP/1.0", "HTTP/1.1")
    assert all(name == name.lower() for name in headers)


def test_the_fuzzers_reach_both_outcomes() -> None:
    ok = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n"
    answer = _read(ok, 64, False)
    assert isinstance(answer, Answer)
    assert (answer.status, answer.body, answer.reusable) == (200, b"ok", True)
    assert isinstance(_read(b"", 64, True), StaleConnection)
    assert isinstance(_read(b"", 64, False), asyncio.IncompleteReadError)
    assert isinstance(_read(b"HTTP/1.1 2\xb20 OK\r\n\r\n", 64, False), ProtocolError)
