"""Plain ASGI types for the admin's own middleware (the gate, idempotency).

Litestar's TypedDict types describe every kind of scope; these layers only see
HTTP and pass everything else through untouched, so plain mappings read better.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[..., Awaitable[None]]
