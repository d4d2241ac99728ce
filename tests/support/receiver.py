"""A real webhook receiver on loopback: records every request, answers as told.

It runs a threaded ``http.server`` (HTTP/1.1, keep-alive) in the test process.
``behaviour`` maps each request to a ``Reply``: a status, headers, a body, a
delay before answering, or an endless body ("flood").
"""

from __future__ import annotations

import socketserver
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import msgspec

from common.signing import SignatureError, verify
from tests.support.waiting import eventually


class Reply(msgspec.Struct, frozen=True, kw_only=True):
    status: int = 200
    body: bytes = b"ok"
    headers: dict[str, str] = msgspec.field(default_factory=dict)
    delay: float = 0.0
    flood: bool = False  # announce 1 GiB and stream until the client hangs up


class Received(msgspec.Struct, kw_only=True):
    path: str
    headers: dict[str, str]  # lower-case names
    body: bytes
    at: float  # time.monotonic()
    signature_ok: bool

    @property
    def event_id(self) -> str:
        return self.headers.get("svc-event-id", "")

    @property
    def delivery_id(self) -> str:
        return self.headers.get("svc-delivery-id", "")

    @property
    def attempt(self) -> int:
        return int(self.headers.get("svc-delivery-attempt", "0"))

    def envelope(self) -> dict[str, object]:
        decoded: dict[str, object] = msgspec.json.decode(self.body)
        return decoded


Behaviour = Callable[[Received], Reply]


def always(status: int, **reply: object) -> Behaviour:
    answer = Reply(status=status, **reply)  # type: ignore[arg-type]
    return lambda _: answer


class Receiver:
    def __init__(self, secrets: list[str] | None = None) -> None:
        self.secrets = list(secrets or [])
        self.behaviour: Behaviour = always(200)
        self.requests: list[Received] = []
        self.flooded_bytes = 0
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def _record(self, received: Received) -> Reply:
        with self._lock:
            self.requests.append(received)
            return self.behaviour(received)

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: object) -> None:  # noqa: A002
                return

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                headers = {name.lower(): value for name, value in self.headers.items()}
                try:
                    verify(body, headers.get("svc-signature"), receiver.secrets)
                    signature_ok = bool(receiver.secrets)
                except SignatureError:
                    signature_ok = False
                reply = receiver._record(
                    Received(
                        path=self.path,
                        headers=headers,
                        body=body,
                        at=time.monotonic(),
                        signature_ok=signature_ok,
                    )
                )
                if reply.delay:
                    time.sleep(reply.delay)
                try:
                    self._answer(reply)
                except OSError:
                    self.close_connection = True  # the dispatcher hung up first

            def _answer(self, reply: Reply) -> None:
                self.send_response(reply.status)
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                if reply.flood:
                    self.send_header("Content-Length", str(1 << 30))
                    self.end_headers()
                    chunk = b"x" * 65536
                    while True:
                        self.wfile.write(chunk)
                        with receiver._lock:
                            receiver.flooded_bytes += len(chunk)
                self.send_header("Content-Length", str(len(reply.body)))
                self.end_headers()
                self.wfile.write(reply.body)

        return Handler

    def wait_for(self, count: int, timeout: float = 30) -> list[Received]:
        """Poll until ``count`` requests arrived (or the timeout passes); return them all."""
        eventually(lambda: len(self.requests) >= count, timeout, every=0.02)
        with self._lock:
            return list(self.requests)

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


class RawReceiver:
    """A receiver on loopback that answers every request with the same raw bytes, then
    hangs up: for answers no HTTP server library would write."""

    def __init__(self, answer: bytes) -> None:
        self.answer = answer
        self.requests = 0
        receiver = self

        class Handler(socketserver.StreamRequestHandler):
            def handle(self) -> None:
                head = b""
                while not head.endswith(b"\r\n\r\n"):
                    line = self.rfile.readline(65536)
                    if not line:
                        return
                    head += line
                length = 0
                for line in head.split(b"\r\n"):
                    name, _, value = line.partition(b":")
                    if name.strip().lower() == b"content-length":
                        length = int(value)
                self.rfile.read(length)
                receiver.requests += 1
                self.wfile.write(receiver.answer)

        self._server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/hooks"

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
