"""A private stack for webhook delivery tests: database, Redis, admin, and workers.

The session's worker dispatches every delivery of the session database with
default settings, so delivery tests run on a scratch database and a Redis of
their own, with workers each test starts with the settings it needs (a
compressed retry schedule, a short time-out, an SMTP server) and stops.
"""

from __future__ import annotations

import contextlib
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import psycopg

from hop.embedded import EmbeddedRedis, free_port
from tests.support.accounts import Account, create_account
from tests.support.env import stack_environment
from tests.support.processes import HopProcess, start_http_server
from tests.support.receiver import Receiver
from tests.support.stores import scratch_database

FAST_SCHEDULE = "0.2,0.2,0.2,0.2,0.2,0.2"


class HookStack:
    def __init__(self, root: Path, postgres_url: str) -> None:
        self.root = root
        self._exit = contextlib.ExitStack()
        self.database_url = self._exit.enter_context(scratch_database(postgres_url))
        self._redis = EmbeddedRedis(root / "redis", durable=False)
        self.redis_url = self._redis.start()
        self._exit.callback(self._redis.stop)
        port = free_port()
        self.admin_url = f"http://127.0.0.1:{port}"
        self.env = stack_environment(
            self.database_url,
            self.redis_url,
            HOP_BASE_URL=self.admin_url,
            HOP_SHORT_BASE_URL=f"http://127.0.0.1:{free_port()}",
            HOP_WEBHOOK_POLL_INTERVAL="0.05",
            HOP_WEBHOOK_RETRY_SCHEDULE=FAST_SCHEDULE,
        )
        admin = start_http_server(
            ["admin"], self.env, root / "admin.log", f"{self.admin_url}/health", port
        )
        self._exit.callback(admin.stop)
        self.workers: list[HopProcess] = []

    def start_worker(self, name: str, **settings: str) -> HopProcess:
        worker = HopProcess(
            ["worker"],
            {**self.env, "HOP_WORKER_NAME": name, **settings},
            self.root / f"worker-{name}.log",
        ).start()
        self.workers.append(worker)
        return worker

    def stop_workers(self) -> None:
        for worker in self.workers:
            worker.stop()
        self.workers.clear()

    def kill(self, worker: HopProcess) -> None:
        worker.stop(signal.SIGKILL)

    def account(self) -> Account:
        return create_account(self.database_url)

    def api(self) -> httpx.Client:
        return httpx.Client(base_url=self.admin_url, timeout=30)

    def sql(self, query: str, *params: Any) -> list[tuple[Any, ...]]:
        with psycopg.connect(self.database_url) as conn:
            return conn.execute(query, params).fetchall()

    def close(self) -> None:
        self.stop_workers()
        self._exit.close()


def eventually(check: Callable[[], bool], timeout: float = 30, every: float = 0.05) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(every)
    return check()


def subscribe(
    api: httpx.Client, account: Account, receiver: Receiver, *types: str
) -> dict[str, Any]:
    """Register ``receiver`` for ``types`` through the API; the receiver learns the secret."""
    response = api.post(
        "/v1/webhooks",
        headers=account.headers(),
        json={"endpoint": f"{receiver.url}/hooks", "events": list(types), "secret": "auto"},
    )
    assert response.status_code == 201, response.text
    webhook: dict[str, Any] = response.json()
    receiver.secrets.append(webhook["secret"])
    return webhook


def delivered(
    receiver: Receiver, event_type: str, count: int, timeout: float = 30
) -> list[dict[str, Any]]:
    """The ``data`` of the first ``count`` signed deliveries of ``event_type``, in order."""
    deadline = time.monotonic() + timeout
    while True:
        found = [r for r in receiver.wait_for(0, 0) if r.envelope().get("type") == event_type]
        if len(found) >= count or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert all(request.signature_ok for request in found)
    return [request.envelope()["data"] for request in found]  # type: ignore[misc]
