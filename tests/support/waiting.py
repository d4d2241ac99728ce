"""The one way a test waits for something another process does: poll a check.

``eventually`` polls until the check returns something truthy and returns it (or the
last, falsy, value once the time is up), for callers that decide what a time-out
means; ``wait_until`` fails the test with ``message`` instead. Both check once more at
the deadline, so a slow machine never fails a wait whose condition just came true.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

T = TypeVar("T")


def eventually(check: Callable[[], T], timeout: float = 30, every: float = 0.05) -> T:
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value or time.monotonic() >= deadline:
            return value
        time.sleep(every)


def wait_until(
    check: Callable[[], T],
    timeout: float = 30,
    every: float = 0.05,
    message: str = "condition not reached in time",
) -> T:
    value = eventually(check, timeout, every)
    assert value, message
    return value


def wait_for(
    get: Callable[[], T],
    until: Callable[[T], bool],
    timeout: float = 30,
    every: float = 0.05,
    message: str = "condition not reached in time",
) -> T:
    """Poll ``get`` until ``until`` holds for its value; that value."""
    last: list[T] = []

    def check() -> bool:
        last[:] = [get()]
        return until(last[0])

    wait_until(check, timeout, every, message)
    return last[0]


async def wait_until_async(
    check: Callable[[], Awaitable[T]],
    timeout: float = 30,  # noqa: ASYNC109 - the same signature as wait_until
    every: float = 0.05,
    message: str = "condition not reached in time",
) -> T:
    deadline = time.monotonic() + timeout
    while True:
        value = await check()
        if value or time.monotonic() >= deadline:
            break
        await asyncio.sleep(every)
    assert value, message
    return value
