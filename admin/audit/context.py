"""Who is asking, as far as the audit log records it: the client's address and user
agent, set by the front door (admin/http/gate.py) for the request's task and read where
an entry is written, however deep in a service.

Most requests write no entry, so the front door hands over how to find the origin, not
the origin itself: the address (trusted proxies' X-Forwarded-For parsed) and the agent
are read only when an entry asks for them, once per request."""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar

import msgspec


class RequestOrigin(msgspec.Struct, frozen=True):
    ip: str | None = None
    user_agent: str | None = None


_UNKNOWN = RequestOrigin()
# Read the request's origin: called at most once per request, then kept.
OriginReader = Callable[[], tuple[str | None, str | None]]


class _Lazy:
    def __init__(self, read: OriginReader) -> None:
        self.read: OriginReader | None = read
        self.origin = _UNKNOWN

    def get(self) -> RequestOrigin:
        if self.read is not None:
            ip, user_agent = self.read()
            self.read = None
            self.origin = RequestOrigin(ip, user_agent[:MAX_USER_AGENT] if user_agent else None)
        return self.origin


_ORIGIN: ContextVar[_Lazy | None] = ContextVar("hop_request_origin", default=None)

# An entry keeps this much of a user agent: enough to tell browsers and tools apart.
MAX_USER_AGENT = 512


def set_origin(read: OriginReader) -> None:
    """The request's origin, as ``read`` finds it when an entry first needs it."""
    _ORIGIN.set(_Lazy(read))


def current_origin() -> RequestOrigin:
    lazy = _ORIGIN.get()
    return _UNKNOWN if lazy is None else lazy.get()
