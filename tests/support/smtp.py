"""A real SMTP server (aiosmtpd) in the test process, on loopback, keeping every mail."""

from __future__ import annotations

import email
from email.message import Message
from typing import Any

from aiosmtpd.controller import Controller

from hop.embedded import free_port
from tests.support.waiting import eventually


class _Keep:
    def __init__(self, messages: list[Message]) -> None:
        self.messages = messages

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        self.messages.append(email.message_from_bytes(envelope.content))
        return "250 Message accepted"


class SmtpSink:
    def __init__(self) -> None:
        self.messages: list[Message] = []
        self.port = free_port()
        self._controller = Controller(_Keep(self.messages), hostname="127.0.0.1", port=self.port)
        self._controller.start()

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"

    def wait_for(self, count: int, timeout: float = 20) -> list[Message]:
        eventually(lambda: len(self.messages) >= count, timeout)
        return list(self.messages)

    def close(self) -> None:
        self._controller.stop()
