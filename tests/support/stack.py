"""The one place tests start and stop Hop's processes.

A ``Stack`` is the project's processes (admin, edge, workers) on one PostgreSQL
database and one Redis, each process started with the stack's settings plus its own,
and all stopped by ``close``. The same pieces make every stack the suite runs
(tests/conftest.py, tests/e2e/conftest.py):

- the session's: the session database and Redis, one admin, one edge, one worker;
- ``Stack.private_redis``: the session database and a Redis of its own that a fault
  test may flush, stop or restart, with workers it may kill;
- ``Stack.private_database``: a scratch database and a Redis of its own, for webhook
  delivery tests whose workers must not meet the session's deliveries;
- ``Stack.embedded``: fresh embedded PostgreSQL (with given server settings) and Redis
  in a folder, migrated: the benchmarks' (loadtest/), which give their own ``defaults``
  in place of the tests' settings and read the servers' pids for CPU accounting;
- one-off processes with other settings (``start_admin(name, HOP_...=...)``; a setting
  given as None is left out of that process's environment), and any other module run
  like a Hop server (``start_module``: the benchmarks' constant-302 reference app).
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Mapping
from pathlib import Path
from types import TracebackType
from typing import Any

import httpx
import psycopg
import redis

from admin.db import ensure_database
from admin.db.migrate import migrate
from common.keys import CLICK_CONSUMER_GROUP, CLICK_STREAM, link_key
from common.redis_store import connect_sync
from hop.embedded import EmbeddedPostgres, EmbeddedRedis, free_port
from tests.support.accounts import Account, create_account
from tests.support.env import TEST_SETTINGS, process_environment
from tests.support.processes import HopProcess, start_http_server
from tests.support.stores import scratch_database
from tests.support.waiting import eventually

# terminationGracePeriodSeconds of the worker's Deployment: what SIGTERM may take.
WORKER_GRACE_SECONDS = 60

Settings = str | None


class Stack:
    def __init__(self, root: Path, database_url: str, redis_url: str, **settings: str) -> None:
        self.root = root
        self.database_url = database_url
        self.redis_url = redis_url
        self.edge_port = free_port()
        self.edge_url = f"http://127.0.0.1:{self.edge_port}"
        self.admin_port = free_port()
        self.admin_url = f"http://127.0.0.1:{self.admin_port}"
        self.env = self._stack_environment(TEST_SETTINGS, settings)
        self._redis_server: EmbeddedRedis | None = None
        self._postgres_server: EmbeddedPostgres | None = None
        # Seconds an admin may take to listen (a benchmark's loaded machine may need more).
        self.admin_start_timeout = 60.0
        self.admin: HopProcess | None = None
        self.edge: HopProcess | None = None
        self.workers: list[HopProcess] = []
        self._servers: list[HopProcess] = []
        self._names: dict[str, HopProcess] = {}
        self._owned = contextlib.ExitStack()

    # --- the ways a stack is made

    @classmethod
    def private_redis(cls, root: Path, database_url: str, **settings: str) -> Stack:
        """On ``database_url``, with a durable Redis of its own (``redis_server``)."""
        server = EmbeddedRedis(root / "redis", durable=True)
        stack = cls(root, database_url, server.start(), **settings)
        stack._redis_server = server
        stack._owned.callback(server.stop)
        return stack

    @classmethod
    def private_database(cls, root: Path, postgres_url: str, **settings: str) -> Stack:
        """On a scratch database of ``postgres_url`` and a Redis of its own."""
        owned = contextlib.ExitStack()
        database_url = owned.enter_context(scratch_database(postgres_url))
        server = EmbeddedRedis(root / "redis", durable=False)
        stack = cls(root, database_url, server.start(), **settings)
        owned.callback(server.stop)
        stack._redis_server = server
        stack._owned.push(owned)
        return stack

    @classmethod
    def embedded(
        cls,
        root: Path,
        *,
        durable: bool = True,
        server_settings: Mapping[str, str] | None = None,
        defaults: Mapping[str, str] = TEST_SETTINGS,
        **settings: str,
    ) -> Stack:
        """On a PostgreSQL (with ``server_settings``: postgresql.conf parameters) and a
        Redis of its own, started fresh in ``root`` and migrated."""
        with contextlib.ExitStack() as owned:  # stops what started if the rest fails
            postgres = EmbeddedPostgres(
                root / "postgres", durable=durable, settings=server_settings
            )
            server_url = postgres.start()
            owned.callback(postgres.stop)
            redis_server = EmbeddedRedis(root / "redis", durable=durable)
            redis_url = redis_server.start()
            owned.callback(redis_server.stop)
            database_url = ensure_database(server_url, "hop")
            migrate(database_url)
            stack = cls(root, database_url, redis_url)
            stack._owned.push(owned.pop_all())
        stack.env = stack._stack_environment(defaults, settings)
        stack._redis_server = redis_server
        stack._postgres_server = postgres
        return stack

    def __enter__(self) -> Stack:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    @property
    def redis_server(self) -> EmbeddedRedis:
        """The stack's own Redis (private stacks only), to stop and restart."""
        assert self._redis_server is not None, "this stack shares its Redis"
        return self._redis_server

    @property
    def postgres_server(self) -> EmbeddedPostgres:
        """The PostgreSQL of an ``embedded`` stack, to stop, destroy and restore."""
        assert self._postgres_server is not None, "this stack shares its PostgreSQL"
        return self._postgres_server

    @property
    def redis_pid(self) -> int:
        """The stack's own Redis server process, for CPU accounting."""
        assert self.redis_server.process is not None, "the stack's Redis is stopped"
        return self.redis_server.process.pid

    @property
    def postgres_pid(self) -> int:
        """The postmaster of an ``embedded`` stack (its backends are its children), for
        CPU accounting."""
        assert self._postgres_server is not None, "this stack shares its PostgreSQL"
        assert self._postgres_server.process is not None, "the stack's PostgreSQL is stopped"
        return self._postgres_server.process.pid

    def _stack_environment(
        self, defaults: Mapping[str, str], settings: Mapping[str, str]
    ) -> dict[str, str]:
        """Every process's environment: ``defaults`` (the tests' settings, or a benchmark's
        own) and the stack's ``settings`` over the common base."""
        return process_environment(
            self.database_url,
            self.redis_url,
            HOP_BASE_URL=self.admin_url,
            HOP_SHORT_BASE_URL=self.edge_url,
            **{**defaults, **settings},
        )

    # --- processes

    def _environment(self, settings: dict[str, Settings]) -> dict[str, str]:
        env = dict(self.env)
        for name, value in settings.items():
            if value is None:
                env.pop(name, None)
            else:
                env[name] = value
        return env

    def start_admin(
        self, name: str = "admin", *, base_host: str = "127.0.0.1", **settings: Settings
    ) -> HopProcess:
        """An admin; the first one named ``admin`` serves ``admin_url``, others a port of
        their own (``.url`` on the process either way). Given ``HOP_BASE_URL`` (another
        admin's, so that the access tokens each issues verify on the other) it still
        listens on its own port. ``base_host``: the host its HOP_BASE_URL names (and
        ``.url``), such as ``localhost`` for passkeys, whose RP id cannot be an address;
        it listens on 127.0.0.1 either way."""
        port = self.admin_port if name == "admin" else free_port()
        url = f"http://127.0.0.1:{port}"
        listen = f"127.0.0.1:{port}"
        base = f"http://{base_host}:{port}"
        env = self._environment({"HOP_BASE_URL": base, "HOP_ADMIN_LISTEN": listen, **settings})
        admin = start_http_server(
            ["admin"],
            env,
            self.root / f"{name}.log",
            f"{url}/health",
            port,
            timeout=self.admin_start_timeout,
        )
        admin.url = base
        self._servers.append(admin)
        if name == "admin":
            self.admin = admin
        return admin

    def start_edge(self, name: str = "edge", **settings: Settings) -> HopProcess:
        """An edge; the first one named ``edge`` serves ``edge_url``."""
        # The link cache in this Redis is filled by the workers' start-up rebuild: a
        # worker started just before must be done with it before redirects are tried.
        self._wait_for_consumers()
        port = self.edge_port if name == "edge" else free_port()
        url = f"http://127.0.0.1:{port}"
        env = self._environment({"HOP_SHORT_BASE_URL": url, **settings})
        edge = start_http_server(["edge"], env, self.root / f"{name}.log", f"{url}/_health", port)
        edge.url = url
        self._servers.append(edge)
        if name == "edge":
            self.edge = edge
        return edge

    def start_module(self, name: str, module: str, **settings: Settings) -> HopProcess:
        """``python -m <module>`` served like the edge (it reads HOP_EDGE_LISTEN), on a
        port of its own, once it answers at ``/``."""
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        env = self._environment({"HOP_EDGE_LISTEN": f"127.0.0.1:{port}", **settings})
        server = start_http_server([], env, self.root / f"{name}.log", url, port, module=module)
        server.url = url
        self._servers.append(server)
        return server

    def start_worker(self, name: str = "worker", **settings: Settings) -> HopProcess:
        env = self._environment({"HOP_WORKER_NAME": name, **settings})
        worker = HopProcess(["worker"], env, self.root / f"worker-{name}.log").start()
        self.workers.append(worker)
        self._names[name] = worker
        return worker

    def kill(self, process: HopProcess) -> None:
        process.stop(signal.SIGKILL)

    def stop_workers(self) -> None:
        for worker in self.workers:
            # A worker finishes the click batches and webhook attempts in hand, each with
            # its own time-out: it is given the grace period its deployments give it
            # (deploy/k8s/hop.yaml), and one slow to stop names what it waits on in its log.
            worker.stop(timeout=WORKER_GRACE_SECONDS)
        self.workers.clear()
        self._names.clear()

    def close(self) -> None:
        self.stop_workers()
        for server in self._servers:
            server.stop()
        self._servers.clear()
        self._owned.close()

    # --- waiting for the workers' start-up

    def wait_for_links(self, codes: list[str], timeout: float = 30) -> None:
        """Until the worker's start-up rebuild has written these links to Redis."""
        store = self.redis
        if not eventually(lambda: all(store.exists(link_key(code)) for code in codes), timeout):
            raise TimeoutError("links were not restored into Redis")

    def _wait_for_consumers(self, timeout: float = 30) -> None:
        """Until every running worker reads the click stream (it rebuilt the cache first)."""
        if not self._names:
            return
        with connect_sync(self.redis_url) as store:

            def reading() -> bool:
                running = {
                    name
                    for name, worker in self._names.items()
                    if worker.process is not None and worker.process.poll() is None
                }
                try:
                    consumers = store.xinfo_consumers(CLICK_STREAM, CLICK_CONSUMER_GROUP)
                except redis.ResponseError:  # no stream or group yet
                    consumers = []
                return running <= {consumer["name"].decode() for consumer in consumers}

            eventually(reading, timeout)

    # --- talking to it

    @property
    def redis(self) -> redis.Redis:
        return connect_sync(self.redis_url)

    def client(self) -> httpx.Client:
        """An HTTP client for the edge."""
        return httpx.Client(base_url=self.edge_url, timeout=10, follow_redirects=False)

    def api(self) -> httpx.Client:
        """An HTTP client for the admin."""
        return httpx.Client(base_url=self.admin_url, timeout=30, follow_redirects=False)

    def account(self, **options: Any) -> Account:
        return create_account(self.database_url, **options)

    def sql(self, query: str, *params: Any) -> list[tuple[Any, ...]]:
        with psycopg.connect(self.database_url) as conn:
            return conn.execute(query, params).fetchall()
