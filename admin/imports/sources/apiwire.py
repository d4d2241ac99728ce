"""What the sources that call a JSON API share: reading an answer into its wire struct
(a shape we did not expect is the source's failure, not ours) and calling the API for
many links at once without flooding it (a per-link tags or clicks request)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable
from datetime import UTC, datetime
from typing import TypeVar

import msgspec

from admin.imports.sources.base import SourceFailed

T = TypeVar("T")
R = TypeVar("R")

# An absolute http(s) address, as every source's ``options.baseUrl`` is: the outbound
# policy decides later whether its host may be called.

# Requests one page may have under way at once for its links' extra calls.
FANOUT = 5


def decode(label: str, decoder: msgspec.json.Decoder[T], body: bytes) -> T:
    try:
        return decoder.decode(body)
    except msgspec.DecodeError:
        raise SourceFailed(f"{label} answered in a form we do not know") from None


async def for_each(
    items: Iterable[T], call: Callable[[T], Awaitable[R]], *, at_once: int = FANOUT
) -> list[R]:
    """``call`` for every item, at most ``at_once`` under way, answers in the items' order."""
    gate = asyncio.Semaphore(at_once)

    async def one(item: T) -> R:
        async with gate:
            return await call(item)

    return list(await asyncio.gather(*(one(item) for item in items)))


def base_of(url: str | None, default: str) -> str:
    return (url or default).rstrip("/")


def aware(moment: datetime | None) -> datetime | None:
    """A source's time without a zone is UTC (what every one of them stores)."""
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)
