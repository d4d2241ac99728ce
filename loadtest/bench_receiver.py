"""The benchmark's webhook receiver: verifies every signature, records every arrival.

A granian RSGI app in its own process (so it does not share a GIL with the
dispatcher): ``POST /hook`` checks ``Svc-Signature`` with ``common.signing`` and
records the event id and the arrival time; ``POST /raw`` only counts (the
reference: the receiver's capacity without signing); ``GET /stats`` returns
what arrived. One granian worker, so the counts are in one memory.
"""

from __future__ import annotations

import os
import time
from typing import Any

import msgspec

from common.signing import SignatureError, verify

_JSON = ("content-type", "application/json")


class Stats(msgspec.Struct):
    arrivals: dict[str, list[float]]  # event id -> arrival times (epoch seconds)
    bad_signatures: int
    raw: int


class Receiver:
    def __init__(self, secret: str) -> None:
        self.secrets = [secret]
        self.stats = Stats(arrivals={}, bad_signatures=0, raw=0)

    async def __rsgi__(self, scope: Any, proto: Any) -> None:
        if scope.method == "GET":
            proto.response_bytes(200, [_JSON], msgspec.json.encode(self.stats))
            return
        body = await proto()
        if scope.path == "/raw":
            self.stats.raw += 1
            proto.response_bytes(200, [_JSON], b"{}")
            return
        arrived = time.time()
        headers = scope.headers
        try:
            verify(body, headers.get("svc-signature"), self.secrets)
        except SignatureError:
            self.stats.bad_signatures += 1
            proto.response_bytes(401, [_JSON], b'{"error":"signature"}')
            return
        event_id = headers.get("svc-event-id", "")
        self.stats.arrivals.setdefault(event_id, []).append(arrived)
        proto.response_bytes(200, [_JSON], b'{"received":true}')


def create_app() -> Receiver:
    return Receiver(os.environ["BENCH_RECEIVER_SECRET"])
