"""The export's response: streamed, and cut off when the client stops reading.

An export keeps its PostgreSQL transaction open while it streams, so a client
that stops reading (the server's send then waits on a full socket) must not keep
it forever: when a chunk is not taken within ``admin.export_idle_timeout`` (30 s) the
response is cut (no terminating chunk, so the client sees a broken body, not a
short document) and the generator is closed at once, which rolls the
transaction back and frees the export slot and the connection. A client that
goes away stops the export the same way rather than letting it read the rest.

Litestar's own ``Stream`` has no such time-out; ``send_body`` is the method
Litestar leaves responses to customise how their body is sent. It is HTTP, so it sits
with the API helpers, and the export domain's route answers with it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncGenerator
from typing import ClassVar

from litestar.response.base import ASGIResponse
from litestar.types import Receive, Send

from admin.errors import HopError

logger = logging.getLogger(__name__)


class ExportResponse(ASGIResponse):
    __slots__ = ("chunks", "idle_timeout")
    _should_set_content_length: ClassVar[bool] = False

    def __init__(
        self,
        chunks: AsyncGenerator[bytes, None],
        idle_timeout: float,
        *,
        media_type: str = "application/json",
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(media_type=media_type, status_code=200, headers=headers)
        self.chunks = chunks
        self.idle_timeout = idle_timeout

    async def send_body(self, send: Send, receive: Receive) -> None:
        gone = asyncio.create_task(_disconnected(receive))
        try:
            async for chunk in self.chunks:
                if gone.done():
                    return
                try:
                    async with asyncio.timeout(self.idle_timeout):
                        await send({"type": "http.response.body", "body": chunk, "more_body": True})
                except TimeoutError:
                    logger.warning(
                        "export cut off: the client stopped reading",
                        extra={"action": "export.stalled", "seconds": self.idle_timeout},
                    )
                    return
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        finally:
            gone.cancel()
            await self._close()

    async def _close(self) -> None:
        try:
            await self.chunks.aclose()
        except HopError:  # the database went away meanwhile: nothing left to release
            logger.warning("export closed after losing its database connection")


async def _disconnected(receive: Receive) -> None:
    """Returns when the client has gone (or sent a body over the limit: also the end)."""
    with contextlib.suppress(HopError):
        while (await receive())["type"] != "http.disconnect":
            pass
