"""The admin's request metrics: how long each route takes, by route template.

The outermost layer of the admin (around the front door), so every request is timed,
the ones the gate answers itself included. The route is the template
Litestar routed to (``/v1/links/{link_id}``), never the raw path: a label per link id
would grow without bound. A request that never reached a route (answered by the gate
before routing, or matching no route) is ``route="unrouted"``.
"""

from __future__ import annotations

import asyncio
import time

from prometheus_client import Histogram

from admin.http.asgi import ASGIApp, Message, Receive, Scope, Send
from common.metrics import WorkerProcessStats, require_multiprocess, worker_process_exits

UNROUTED = "unrouted"

REQUEST_SECONDS = Histogram(
    "hop_admin_request_duration_seconds",
    "Time from a request's arrival to the end of its answer, by method, route template and status.",
    ["method", "route", "status"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)

PROCESS = WorkerProcessStats("hop_admin")


class RequestMetrics:
    def __init__(self, app: ASGIApp) -> None:
        require_multiprocess()
        self.app = app
        self._ticker: asyncio.Task[None] | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500  # an exception that escaped everything still answered (granian's 500)

        async def timed_send(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, timed_send)
        finally:
            REQUEST_SECONDS.labels(
                scope["method"], scope.get("path_template") or UNROUTED, str(status)
            ).observe(time.perf_counter() - started)

    async def _lifespan(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Keep the process basics current while the worker process lives."""

        async def tick() -> None:
            while True:
                PROCESS.update()
                await asyncio.sleep(5)

        self._ticker = asyncio.create_task(tick())
        try:
            await self.app(scope, receive, send)
        finally:
            self._ticker.cancel()
            worker_process_exits()
