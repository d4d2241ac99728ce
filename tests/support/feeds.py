"""Threat-feed servers on loopback that speak the real formats: URLhaus's ``csv_online``
dump, PhishTank's ``online-valid.json`` and Google Web Risk's Update API
(``threatLists:computeDiff``, ``hashes:search``). Tests set what they list."""

from __future__ import annotations

import base64
import hashlib
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

import msgspec

URLHAUS_HEADER = """################################################################
# abuse.ch URLhaus Database Dump (CSV - online URLs only)      #
# Last updated: 2026-11-22 12:00:07 (UTC)                      #
#                                                              #
# Terms Of Use: https://urlhaus.abuse.ch/api/                  #
# For questions please contact urlhaus [at] abuse.ch           #
################################################################
#
# id,dateadded,url,url_status,last_online,threat,tags,urlhaus_link,reporter
"""


def urlhaus_dump(urls: list[str]) -> bytes:
    rows = "".join(
        f'"{3000000 + n}","2026-11-22 11:59:07","{url}","online","2026-11-22 11:59:07",'
        f'"malware_download","32-bit,elf,mips","https://urlhaus.abuse.ch/url/{3000000 + n}/",'
        '"reporter"\n'
        for n, url in enumerate(urls)
    )
    return (URLHAUS_HEADER + rows).encode()


def phishtank_dump(urls: list[str]) -> bytes:
    return json.dumps(
        [
            {
                "phish_id": str(9000000 + n),
                "url": url,
                "phish_detail_url": f"http://www.phishtank.com/phish_detail.php?phish_id={n}",
                "submission_time": "2026-11-22T10:00:00+00:00",
                "verified": "yes",
                "verification_time": "2026-11-22T10:05:00+00:00",
                "online": "yes",
                "details": [],
                "target": "Other",
            }
            for n, url in enumerate(urls)
        ]
        + [  # entries a reader must skip
            {
                "phish_id": "1",
                "url": "https://unverified.example/",
                "verified": "no",
                "online": "yes",
            },
            {"phish_id": "2", "url": "https://offline.example/", "verified": "yes", "online": "no"},
        ]
    ).encode()


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode()


def full_hash(expression: str) -> bytes:
    return hashlib.sha256(expression.encode()).digest()


class WebRiskList(msgspec.Struct):
    """What the fake Web Risk lists for one threat type: expressions, served as 4-byte
    prefixes, in a RESET answer to a request without a version token and an empty
    DIFF afterwards."""

    expressions: list[str] = msgspec.field(default_factory=list)

    def prefixes(self) -> list[bytes]:
        return sorted(full_hash(expression)[:4] for expression in self.expressions)


class FeedServer:
    def __init__(self) -> None:
        self.urlhaus: list[str] = []
        self.phishtank: list[str] = []
        self.webrisk: dict[str, WebRiskList] = {}
        self.requests: list[str] = []  # path and query of each request
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def searches(self) -> int:
        with self._lock:
            return sum(1 for request in self.requests if "hashes:search" in request)

    def _answer(self, path: str, query: dict[str, list[str]]) -> tuple[int, bytes]:
        if path == "/urlhaus/csv_online/":
            return 200, urlhaus_dump(self.urlhaus)
        if path == "/phishtank/online-valid.json":
            return 200, phishtank_dump(self.phishtank)
        if query.get("key") != ["test-webrisk-key"]:
            return 403, b'{"error": {"code": 403}}'
        if path == "/webrisk/v1/threatLists:computeDiff":
            return 200, self._diff(query)
        if path == "/webrisk/v1/hashes:search":
            return 200, self._search(query)
        return 404, b"{}"

    def _diff(self, query: dict[str, list[str]]) -> bytes:
        threat = query["threatType"][0]
        listed = self.webrisk.get(threat, WebRiskList())
        prefixes = listed.prefixes()
        answer: dict[str, Any] = {
            "newVersionToken": base64.b64encode(f"{threat}:{len(prefixes)}".encode()).decode(),
            "checksum": {
                "sha256": base64.b64encode(hashlib.sha256(b"".join(prefixes)).digest()).decode()
            },
            "recommendedNextDiff": "2026-01-01T00:00:00Z",
        }
        if "versionToken" in query:
            answer["responseType"] = "DIFF"
        else:
            answer["responseType"] = "RESET"
            answer["additions"] = {
                "rawHashes": [
                    {"prefixSize": 4, "rawHashes": base64.b64encode(b"".join(prefixes)).decode()}
                ]
            }
        return json.dumps(answer).encode()

    def _search(self, query: dict[str, list[str]]) -> bytes:
        prefix = base64.b64decode(query["hashPrefix"][0])
        threats = [
            {
                "threatTypes": [threat],
                "hash": base64.b64encode(full_hash(expression)).decode(),
                "expireTime": "2099-01-01T00:00:00Z",
            }
            for threat, listed in self.webrisk.items()
            if threat in query.get("threatTypes", [])
            for expression in listed.expressions
            if full_hash(expression).startswith(prefix)
        ]
        return json.dumps(
            {"threats": threats, "negativeExpireTime": "2099-01-01T00:00:00Z"}
        ).encode()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        feeds = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: object) -> None:  # noqa: A002
                return

            def do_GET(self) -> None:
                parts = urlsplit(self.path)
                with feeds._lock:
                    feeds.requests.append(self.path)
                    status, body = feeds._answer(parts.path, parse_qs(parts.query))
                self.send_response(status)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        return Handler

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
