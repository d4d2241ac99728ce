"""A small HTTP/1.1 client: send one request, read a bounded answer.

The webhook sender (admin/worker/sender.py) POSTs deliveries with it, and the plain
outbound client (admin/outbound/fast.py) calls import sources' APIs with it.

Why not httpx: on the benchmark machine httpx spent about 1 ms of CPU per
request and its pool slowed down sharply with concurrency (850 requests/s at 4
concurrent, 110 at 64), while the same receiver took 7,000+ requests/s from
plain asyncio streams. Its callers need little of HTTP: a request line, headers
and a body, keep-alive, a status, a few headers, and at most ``keep`` bytes of
the body; they never follow redirects and never decompress (they ask for no
content coding). Everything it does not understand is an error of the attempt,
not a guess. It does not read answers to HEAD (which have no body whatever
their headers say): nobody sends one.

The receiver is untrusted, so the answer is read against strict grammars
(RFC 9112): a status code of exactly three ASCII digits, header names that are
tokens, values without control characters, a Content-Length of ASCII digits, a
chunk size of ASCII hex digits. What does not fit raises ``ProtocolError`` with
a short fixed reason (never text from the answer); an answer that ends early
raises ``asyncio.IncompleteReadError``. Nothing else escapes the parser
(tests/unit/test_http1_fuzz.py fuzzes it). Framing that other parsers
could read differently is refused rather than resolved: Transfer-Encoding
together with Content-Length, Content-Length values that disagree, a transfer
coding other than ``chunked``, Transfer-Encoding in an HTTP/1.0 answer.

Bounds: the answer's head may be ``MAX_HEAD_BYTES``; of the body at most
``keep`` bytes are read (a chunked body's framing included), and a connection
whose body was not read to its end is closed, not reused.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import ssl
import time
from urllib.parse import SplitResult, quote

MAX_HEAD_BYTES = 16 * 1024
MAX_INTERIM_ANSWERS = 8  # 1xx answers before the real one
_CRLF = b"\r\n"
_STATUS_LINE = re.compile(rb"HTTP/1\.([01]) ([1-5][0-9]{2})(?: [^\x00-\x08\x0a-\x1f\x7f]*)?")
_TOKEN = re.compile(rb"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")
_CONTROL = re.compile(rb"[\x00-\x08\x0a-\x1f\x7f]")  # control characters but HTAB
_DIGITS = re.compile(r"[0-9]{1,18}")  # up to 18 digits: below 2**63 whatever reads it
_HEX_DIGITS = re.compile(rb"[0-9A-Fa-f]{1,16}")
_NO_BODY_STATUSES = (204, 304)
# What stays as it is in a request target: RFC 3986 pchar and query characters, and %
# (a URL given to us already percent-encoded is sent as it came).
_TARGET_SAFE = "!$&'()*+,;=:@/?%~-._"


class ProtocolError(Exception):
    """The answer is not HTTP/1.x as we read it, or is larger than we accept."""


class StaleConnection(Exception):
    """A kept-alive connection was closed by the server before answering anything."""


class Answer:
    __slots__ = ("body", "headers", "reusable", "status")

    def __init__(self, status: int, headers: dict[str, str], body: bytes, reusable: bool) -> None:
        self.status = status
        self.headers = headers
        self.body = body
        self.reusable = reusable


def parse_head(raw: bytes) -> tuple[int, str, dict[str, str]]:
    """Status, version and headers (lower-case names) of a head without its final CRLF CRLF.

    A field sent more than once is combined into one comma-separated value, as
    RFC 9110 section 5.3 reads it; callers judge the lists they care about.
    """
    status_line, *lines = raw.split(_CRLF)
    status = _STATUS_LINE.fullmatch(status_line)
    if status is None:
        raise ProtocolError("not an HTTP/1.x status line")
    headers: dict[str, str] = {}
    for line in lines:
        key, text = _field(line)
        headers[key] = f"{headers[key]}, {text}" if key in headers else text
    return int(status[2]), f"HTTP/1.{status[1].decode()}", headers


def _field(line: bytes) -> tuple[str, str]:
    name, colon, value = line.partition(b":")
    if not colon or not _TOKEN.fullmatch(name) or _CONTROL.search(value):
        raise ProtocolError("malformed header line")
    return name.decode("ascii").lower(), value.strip(b" \t").decode("latin-1")


def content_length(value: str) -> int:
    """The one length a Content-Length field states; ProtocolError if it is not exactly one."""
    values = {item.strip(" \t") for item in value.split(",")}
    if len(values) != 1:
        raise ProtocolError("conflicting Content-Length values")
    (text,) = values
    if not _DIGITS.fullmatch(text):
        raise ProtocolError("invalid Content-Length")
    return int(text)


async def _line(reader: asyncio.StreamReader) -> bytes:
    try:
        return await reader.readuntil(_CRLF)
    except asyncio.LimitOverrunError:
        raise ProtocolError(f"line longer than {MAX_HEAD_BYTES} bytes") from None


async def _head(reader: asyncio.StreamReader, first: bool, stale_if_silent: bool) -> bytes:
    try:
        return await reader.readuntil(_CRLF + _CRLF)
    except asyncio.IncompleteReadError as exc:
        if first and stale_if_silent and not exc.partial:
            raise StaleConnection from None
        raise
    except asyncio.LimitOverrunError:
        raise ProtocolError(f"answer head larger than {MAX_HEAD_BYTES} bytes") from None


async def read_answer(
    reader: asyncio.StreamReader, keep: int, *, stale_if_silent: bool = False
) -> Answer:
    """One answer: ProtocolError, IncompleteReadError or (``stale_if_silent`` and not
    one byte came) StaleConnection if there is none to read."""
    for interim in range(MAX_INTERIM_ANSWERS + 1):
        raw = await _head(reader, interim == 0, stale_if_silent)
        status, version, headers = parse_head(raw[:-4])
        if not 100 <= status < 200:  # informational answers precede the real one
            break
    else:
        raise ProtocolError(f"more than {MAX_INTERIM_ANSWERS} informational answers")
    body, complete = await _body(reader, status, version, headers, keep)
    reusable = (
        complete and version == "HTTP/1.1" and "close" not in headers.get("connection", "").lower()
    )
    return Answer(status, headers, body, reusable)


async def _body(
    reader: asyncio.StreamReader, status: int, version: str, headers: dict[str, str], keep: int
) -> tuple[bytes, bool]:
    """Up to ``keep`` bytes of the body, and whether it was read to its end."""
    coding = headers.get("transfer-encoding")
    length = headers.get("content-length")
    if coding is not None and length is not None:
        raise ProtocolError("both Transfer-Encoding and Content-Length")
    if status in _NO_BODY_STATUSES:
        # No body whatever the headers say; one announced anyway makes the
        # connection's state uncertain, so it is not reused.
        return b"", coding is None and (length is None or content_length(length) == 0)
    if coding is not None:
        if version != "HTTP/1.1":
            raise ProtocolError("Transfer-Encoding in an HTTP/1.0 answer")
        if coding.lower() != "chunked":
            raise ProtocolError("unsupported Transfer-Encoding")
        return await _chunked(reader, keep)
    if length is not None:
        size = content_length(length)
        if size <= keep:
            return await reader.readexactly(size), True
        return await reader.readexactly(keep), False
    return await _until_close(reader, keep), False


def _chunk_size(line: bytes) -> int:
    size, _, extensions = line[:-2].partition(b";")
    size = size.rstrip(b" \t")
    if not _HEX_DIGITS.fullmatch(size) or _CONTROL.search(extensions):
        raise ProtocolError("invalid chunk size")
    return int(size, 16)


async def _chunked(reader: asyncio.StreamReader, keep: int) -> tuple[bytes, bool]:
    kept = bytearray()
    read, limit = 0, keep + MAX_HEAD_BYTES  # framing and trailers count too
    while read <= limit:
        line = await _line(reader)
        read += len(line)
        size = _chunk_size(line)
        if size == 0:
            while read <= limit:  # trailers, up to the empty line
                trailer = await _line(reader)
                read += len(trailer)
                if trailer == _CRLF:
                    return bytes(kept), True
                _field(trailer[:-2])  # checked, not kept
            break
        if len(kept) + size > keep or read + size > limit:
            kept += await reader.readexactly(max(0, keep - len(kept)))
            break
        kept += await reader.readexactly(size)
        if await reader.readexactly(2) != _CRLF:
            raise ProtocolError("chunk not followed by CRLF")
        read += size + 2
    return bytes(kept[:keep]), False


async def _until_close(reader: asyncio.StreamReader, keep: int) -> bytes:
    kept = bytearray()
    while len(kept) < keep:
        piece = await reader.read(keep - len(kept))
        if not piece:
            break
        kept += piece
    return bytes(kept)


class Connection:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.used = 0  # requests answered on it
        self.idle_since = time.monotonic()

    @classmethod
    async def open(
        cls, address: str, port: int, tls: ssl.SSLContext | None, server_hostname: str
    ) -> Connection:
        reader, writer = await asyncio.open_connection(
            address,
            port,
            ssl=tls,
            server_hostname=server_hostname if tls is not None else None,
            limit=MAX_HEAD_BYTES,
        )
        return cls(reader, writer)

    def closed(self) -> bool:
        return self.writer.is_closing() or self.reader.at_eof()

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.writer.close()

    async def exchange(self, head: bytes, body: bytes, keep: int) -> Answer:
        self.writer.write(head + body)
        await self.writer.drain()
        answer = await read_answer(self.reader, keep, stale_if_silent=self.used > 0)
        self.used += 1
        self.idle_since = time.monotonic()
        return answer


def request_head(
    target: str,
    headers: list[tuple[str, str]],
    body_length: int | None,
    method: str = "POST",
) -> bytes:
    """The request line and headers; ``body_length`` None: no body, no Content-Length."""
    if method == "HEAD":
        raise ValueError("answers to HEAD are not read")
    lines = [f"{method} {target} HTTP/1.1"]
    for name, value in headers:
        if "\r" in value or "\n" in value:
            raise ValueError(f"header {name} contains a line break")
        lines.append(f"{name}: {value}")
    if body_length is not None:
        lines.append(f"Content-Length: {body_length}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def request_target(path: str, query: str) -> str:
    """The request line's target for a URL's path and query, percent-encoded where needed."""
    target = quote(path or "/", safe=_TARGET_SAFE)
    return f"{target}?{quote(query, safe=_TARGET_SAFE)}" if query else target


def host_header(parts: SplitResult) -> str:
    """The ``Host`` header of a URL: IPv6 literals bracketed, names in IDNA form."""
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    elif not host.isascii():
        host = host.encode("idna").decode("ascii")
    return f"{host}:{parts.port}" if parts.port else host
