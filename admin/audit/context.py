"""Who is asking, as far as the audit log records it: the client's address and user
agent, set by the front door (admin/http/gate.py) for the request's task and read where
an entry is written, however deep in a service."""

from __future__ import annotations

from contextvars import ContextVar

import msgspec


class RequestOrigin(msgspec.Struct, frozen=True):
    ip: str | None = None
    user_agent: str | None = None


_UNKNOWN = RequestOrigin()
_ORIGIN: ContextVar[RequestOrigin | None] = ContextVar("hop_request_origin", default=None)

# An entry keeps this much of a user agent: enough to tell browsers and tools apart.
MAX_USER_AGENT = 512


def set_origin(ip: str | None, user_agent: str | None) -> None:
    _ORIGIN.set(RequestOrigin(ip, user_agent[:MAX_USER_AGENT] if user_agent else None))


def current_origin() -> RequestOrigin:
    return _ORIGIN.get() or _UNKNOWN
