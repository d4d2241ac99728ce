"""A private Redis, edge and workers for fault-injection tests.

It shares the session's PostgreSQL database (data is per account, so tests
don't see each other) but owns its Redis, so a test can flush, stop or restart
it, and its own worker processes, so a test can kill them.
"""

from __future__ import annotations

import signal
import time
from pathlib import Path

import httpx
import redis

from common.keys import CLICK_CONSUMER_GROUP, CLICK_STREAM, link_key
from hop.embedded import EmbeddedRedis, free_port
from tests.support.env import stack_environment
from tests.support.processes import HopProcess, start_http_server


class Stack:
    def __init__(self, root: Path, database_url: str, **settings: str) -> None:
        self.root = root
        self.database_url = database_url
        self.redis_server = EmbeddedRedis(root / "redis", durable=True)
        self.redis_url = self.redis_server.start()
        self.edge_port = free_port()
        self.edge_url = f"http://127.0.0.1:{self.edge_port}"
        self.env = stack_environment(
            database_url, self.redis_url, HOP_SHORT_BASE_URL=self.edge_url, **settings
        )
        self.edge: HopProcess | None = None
        self.workers: list[HopProcess] = []
        self._names: dict[str, HopProcess] = {}

    @property
    def redis(self) -> redis.Redis:
        return redis.Redis.from_url(self.redis_url)

    def start_edge(self) -> None:
        # The link cache in this Redis is filled by the workers' start-up rebuild: a
        # worker started just before must be done with it before redirects are tried.
        self._wait_for_consumers()
        self.edge = start_http_server(
            ["edge"], self.env, self.root / "edge.log", f"{self.edge_url}/_health", self.edge_port
        )

    def start_worker(self, name: str) -> HopProcess:
        worker = HopProcess(
            ["worker"], {**self.env, "HOP_WORKER_NAME": name}, self.root / f"worker-{name}.log"
        ).start()
        self.workers.append(worker)
        self._names[name] = worker
        return worker

    def wait_for_links(self, codes: list[str], timeout: float = 30) -> None:
        """Until the worker's start-up rebuild has written these links to Redis."""
        deadline = time.monotonic() + timeout
        store = self.redis
        while not all(store.exists(link_key(code)) for code in codes):
            if time.monotonic() > deadline:
                raise TimeoutError("links were not restored into Redis")
            time.sleep(0.05)

    def _wait_for_consumers(self, timeout: float = 30) -> None:
        """Until every running worker reads the click stream (it rebuilt the cache first)."""
        deadline = time.monotonic() + timeout
        with redis.Redis.from_url(self.redis_url) as store:
            while time.monotonic() < deadline:
                running = {
                    name
                    for name, worker in self._names.items()
                    if worker.process is not None and worker.process.poll() is None
                }
                try:
                    consumers = store.xinfo_consumers(CLICK_STREAM, CLICK_CONSUMER_GROUP)
                except redis.ResponseError:  # no stream or group yet
                    consumers = []
                if running <= {consumer["name"].decode() for consumer in consumers}:
                    return
                time.sleep(0.05)

    def kill(self, worker: HopProcess) -> None:
        worker.stop(signal.SIGKILL)

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.edge_url, timeout=10, follow_redirects=False)

    def close(self) -> None:
        for worker in self.workers:
            worker.stop()
        if self.edge is not None:
            self.edge.stop()
        self.redis_server.stop()
