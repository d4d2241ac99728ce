"""One request past the edge's plain answer: the context its decisions share.

A cache hit on a live code with no query and nothing tailored is answered in
``EdgeApp.__rsgi__`` without any of this. Everything else (rules and variants, a query
to forward, passwords, warnings, expired or missing links, sandbox and custom-domain
links) builds one ``Visit`` and hands it on, instead of passing scope, protocol,
target, code, time, host and namespace through every step.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Final

from common.keys import SANDBOX_PATH
from edge.targets import Target

if TYPE_CHECKING:
    from edge.app import EdgeApp

# The shapes of paths the edge answers (the table in ``EdgeApp.__rsgi__``).
CODE: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")
HEALTH_PATH: Final = "/_health"
METHODS: Final = frozenset({"GET", "HEAD"})
BIO_PATH: Final = "/@"
# Sandbox links and pages: <short_base_url>/test/<code> and /test/@<username>, a
# namespace of their own (docs/decisions.md). Never live codes (those have no "/"),
# never indexed, and read from Redis on each visit like Bio pages: test traffic
# stays out of the in-process cache that serves live codes.
SANDBOX_PREFIX: Final = SANDBOX_PATH + "/"
# Paths browsers and crawlers ask every host for: a miss on them is no orphan visit.
NOT_ORPHANS: Final = frozenset({HEALTH_PATH, "/favicon.ico", "/robots.txt"})
# An orphan visit's path is kept this long at most (the rest is cut off at the edge).
ORPHAN_PATH_MAX: Final = 256


class Visit:
    """A request for a link that needs more than the plain redirect.

    ``headers``: the request's headers, read once (each ``scope.headers`` builds a new
    object). ``host``: the custom domain asked, "" for the default short host.
    ``sandbox``: a ``/test/<code>`` link, whose answers are never indexed.
    ``extra``: the path after the code an "append" link passes on ("" none)."""

    __slots__ = (
        "code",
        "edge",
        "extra",
        "headers",
        "host",
        "now_ms",
        "proto",
        "sandbox",
        "scope",
        "target",
    )

    def __init__(
        self,
        edge: EdgeApp,
        scope: Any,
        proto: Any,
        headers: Any,
        target: Target,
        *,
        code: str,
        now_ms: int,
        host: str = "",
        sandbox: bool = False,
        extra: str = "",
    ) -> None:
        self.edge = edge
        self.scope = scope
        self.proto = proto
        self.headers = headers
        self.target = target
        self.code = code
        self.now_ms = now_ms
        self.host = host
        self.sandbox = sandbox
        # /<more> of a request for /<code>/<more> on an "append" link (header-safe): what
        # the destination gets appended (edge/decide.py).
        self.extra = extra

    @property
    def path(self) -> str:
        """The link's path on its host: ``/<code>`` or ``/test/<code>``."""
        return f"{SANDBOX_PATH}/{self.code}" if self.sandbox else f"/{self.code}"

    @property
    def user_agent(self) -> str:
        return str(self.headers.get("user-agent", ""))
