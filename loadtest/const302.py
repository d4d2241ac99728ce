"""The reference for the edge benchmark: an RSGI app answering a constant 302.

Same server, same settings, no work: the Python ceiling on this machine.
"""

from __future__ import annotations

from typing import Any

_HEADERS = [("location", "https://example.com/"), ("cache-control", "no-store")]


class Constant302:
    async def __rsgi__(self, scope: Any, proto: Any) -> None:
        proto.response_empty(302, _HEADERS)


app = Constant302()
