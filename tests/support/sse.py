"""A Server-Sent Events client for tests: reads a stream on a thread of its own and
hands its events over a queue, so a test waits for the next event with a time-out
(and never sleeps)."""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator
from typing import Any

import httpx
import msgspec


class Event(msgspec.Struct, frozen=True):
    """One dispatched event; a comment line is ``kind == "comment"`` with its text."""

    kind: str
    data: str = ""
    id: str | None = None

    def json(self) -> dict[str, Any]:
        value: dict[str, Any] = msgspec.json.decode(self.data)
        return value


def parse(lines: Iterator[str]) -> Iterator[Event]:
    """Events as the WHATWG event-stream format dispatches them (and comments too)."""
    kind, event_id = "message", None
    data: list[str] = []
    for line in lines:
        if line == "":
            if data:
                yield Event(kind, "\n".join(data), event_id)
            kind, data, event_id = "message", [], None
        elif line.startswith(":"):
            yield Event("comment", line[1:].strip())
        else:
            name, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if name == "event":
                kind = value
            elif name == "data":
                data.append(value)
            elif name == "id":
                event_id = value


class EventStream:
    """An open stream (status 200): ``next()`` is its next event, comments included."""

    def __init__(self, url: str, headers: dict[str, str]) -> None:
        self.events: queue.Queue[Event | BaseException] = queue.Queue()
        self._client = httpx.Client(timeout=httpx.Timeout(10, read=None))
        self._response = self._client.send(
            self._client.build_request("GET", url, headers=headers), stream=True
        )
        self.status = self._response.status_code
        self.headers = self._response.headers
        self.body = self._response.read().decode() if self.status != 200 else ""
        self._thread = threading.Thread(target=self._read, daemon=True)
        if self.status == 200:
            self._thread.start()

    def _read(self) -> None:
        try:
            for event in parse(self._response.iter_lines()):
                self.events.put(event)
        except Exception as exc:  # noqa: BLE001 - closed under it: the test is done
            self.events.put(exc)

    def next(self, timeout: float = 30) -> Event:
        item = self.events.get(timeout=timeout)
        if isinstance(item, BaseException):
            raise item
        return item

    def next_event(self, timeout: float = 30) -> Event:
        """The next event that is not a comment."""
        while (event := self.next(timeout)).kind == "comment":
            pass
        return event

    def close(self) -> None:
        self._response.close()
        self._client.close()
