"""A website on loopback for the link health checks (admin/links/health_probe.py): real
HTTP/1.1 (``http.server``, threaded), answering HEAD and GET per path as told, recording
every request with its time."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import msgspec


class Hit(msgspec.Struct, frozen=True, kw_only=True):
    method: str
    path: str
    headers: dict[str, str]  # lower-case names
    started: float  # time.monotonic() when the request arrived
    ended: float  # when its answer was about to be sent


# (method, path) -> (status, delay in seconds before answering)
Answer = Callable[[str, str], tuple[int, float]]


def plain(method: str, path: str) -> tuple[int, float]:
    """/status/<n> answers n; /nohead answers HEAD 405 and GET 206; /slow/<s> waits s
    seconds, then 200; anything else 200."""
    parts = path.split("?", 1)[0].strip("/").split("/")
    if parts[0] == "status":
        return int(parts[1]), 0.0
    if parts[0] == "nohead":
        return (405, 0.0) if method == "HEAD" else (206, 0.0)
    if parts[0] == "slow":
        return 200, float(parts[1])
    return 200, 0.0


class Site:
    def __init__(self, answer: Answer = plain, host: str = "127.0.0.1") -> None:
        self.answer = answer
        self.hits: list[Hit] = []
        self._lock = threading.Lock()
        site = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: object) -> None:  # noqa: A002
                return

            def _serve(self) -> None:
                started = time.monotonic()
                status, delay = site.answer(self.command, self.path)
                if delay:
                    time.sleep(delay)
                body = b"" if self.command == "HEAD" else b"<html>a page</html>" * 100
                # Recorded before the answer goes: a client that has it finds it recorded.
                with site._lock:
                    site.hits.append(
                        Hit(
                            method=self.command,
                            path=self.path,
                            headers={k.lower(): v for k, v in self.headers.items()},
                            started=started,
                            ended=time.monotonic(),
                        )
                    )
                try:
                    self.send_response(status)
                    self.send_header("Content-Length", str(len(body) if body else 1900))
                    self.end_headers()
                    self.wfile.write(body)
                except OSError:
                    self.close_connection = True

            do_GET = do_HEAD = _serve  # noqa: N815

        self._server = ThreadingHTTPServer((host, 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def requests(self, path: str | None = None) -> list[Hit]:
        with self._lock:
            return [hit for hit in self.hits if path is None or hit.path == path]

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
