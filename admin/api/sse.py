"""The response of a Server-Sent Events stream (the live clicks): ``text/event-stream``
chunks from an async generator, sent until the client goes away.

The generator yields often, an empty chunk when it has nothing (its reads block for
a bounded time), so a client gone is noticed within that time even on a quiet stream;
the generator is then closed at once, which frees what it holds (its slot). Litestar's
own ``ServerSentEvent`` cancels its iterator when the client leaves, and a cancelled
generator cannot release anything over the network in its ``finally``.
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
EVENT_STREAM = "text/event-stream"


class EventStreamResponse(ASGIResponse):
    __slots__ = ("chunks",)
    _should_set_content_length: ClassVar[bool] = False

    def __init__(self, chunks: AsyncGenerator[bytes, None]) -> None:
        super().__init__(
            media_type=EVENT_STREAM,
            status_code=200,
            # No cache may keep it, no proxy (nginx) may buffer it.
            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
        )
        self.chunks = chunks

    async def send_body(self, send: Send, receive: Receive) -> None:
        gone = asyncio.create_task(_disconnected(receive))
        try:
            await self._send_events(send, gone)
        finally:
            gone.cancel()
            await self.chunks.aclose()

    async def _send_events(self, send: Send, gone: asyncio.Task[None]) -> None:
        try:
            async for chunk in self.chunks:
                if gone.done():
                    return
                if chunk:
                    await send({"type": "http.response.body", "body": chunk, "more_body": True})
        except HopError as exc:
            # A store went away mid-stream: end it; the client reconnects with Last-Event-ID.
            logger.warning(
                "event stream ended by a store error",
                extra={"action": "api.event_stream_ended", "error": str(exc)},
            )
        await send({"type": "http.response.body", "body": b"", "more_body": False})


async def _disconnected(receive: Receive) -> None:
    """Returns when the client has gone."""
    with contextlib.suppress(HopError):
        while (await receive())["type"] != "http.disconnect":
            pass
