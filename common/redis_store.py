"""The one way every process reaches Redis: ``HOP_REDIS_URL`` → a client.

Three deployments, one setting (docs/operations.md#redis):

- ``redis://[user:password@]host:port/db`` (or ``unix://``): a single server, as always.
- ``redis+cluster://[user:password@]host:port[,host:port…]``: Redis Cluster; the hosts are
  seed nodes, the client learns the rest of the cluster from them and follows slot moves
  and failovers. A cluster has only database 0.
- ``redis+sentinel://[user:password@]host:port[,host:port…]/service_name[/db]``: the
  sentinels to ask for the current primary of ``service_name``; the client asks again
  after a failover. The credentials are the data nodes'; sentinels are reached without.

A ``rediss`` scheme (``rediss://``, ``rediss+cluster://``, ``rediss+sentinel://``) speaks
TLS to the data nodes. Anything else is refused at start-up with the reason
(``parse_redis_url`` raises ``ValueError``; settings turns it into a SettingsError).

The cluster client is a ``redis.asyncio.RedisCluster``. It is not a subclass of
``redis.asyncio.Redis`` but implements the same command methods, so callers keep their
``Redis`` annotation; the few places that must behave differently on a cluster (pub/sub,
the order of a write and its announcement) ask ``is_cluster``.

An outage is recognised in one place: ``redis_down`` says which errors mean Redis
cannot serve for the moment, and ``redis_outage()`` turns those into
``RedisUnavailable``, the one type callers catch to ride an outage out. Any other error
Redis answers (a ``ResponseError`` still raised inside ``redis_outage()``) is a fault of
ours or of the deployment (an ACL, a key of the wrong type), raised as what it is: a
loop that must outlive it (a subscription, the edge's click flush) logs it as an error
and retries later rather than dying unseen; a request raises it.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Literal, cast
from urllib.parse import unquote, urlsplit

import redis
from redis.asyncio import Redis, RedisCluster
from redis.asyncio.cluster import ClusterNode
from redis.asyncio.cluster import ClusterPipeline as AsyncClusterPipeline
from redis.asyncio.retry import Retry
from redis.asyncio.sentinel import Sentinel
from redis.cluster import ClusterNode as SyncClusterNode
from redis.cluster import RedisCluster as SyncRedisCluster
from redis.exceptions import (
    AskError,
    ClusterDownError,
    OutOfMemoryError,
    ReadOnlyError,
    TryAgainError,
)
from redis.sentinel import Sentinel as SyncSentinel

logger = logging.getLogger(__name__)

Kind = Literal["single", "cluster", "sentinel"]
_SCHEMES: dict[str, tuple[Kind, bool]] = {
    "redis": ("single", False),
    "rediss": ("single", True),
    "unix": ("single", False),
    "redis+cluster": ("cluster", False),
    "rediss+cluster": ("cluster", True),
    "redis+sentinel": ("sentinel", False),
    "rediss+sentinel": ("sentinel", True),
}
_DEFAULT_PORT = {"cluster": 6379, "sentinel": 26379}


@dataclass(frozen=True)
class RedisTarget:
    """A parsed ``HOP_REDIS_URL``."""

    kind: Kind
    url: str
    tls: bool = False
    nodes: tuple[tuple[str, int], ...] = ()
    username: str | None = None
    password: str | None = None
    service_name: str = ""
    db: int = 0


def parse_redis_url(raw: str) -> RedisTarget:
    """The target ``raw`` names; ``ValueError`` with a short reason if it names none."""
    scheme, sep, rest = raw.partition("://")
    if not sep or scheme.lower() not in _SCHEMES:
        raise ValueError(
            "must be a redis://, rediss://, unix://, redis+cluster://, rediss+cluster://, "
            f"redis+sentinel:// or rediss+sentinel:// URL, got {_redacted(raw)!r}"
        )
    kind, tls = _SCHEMES[scheme.lower()]
    if kind == "single":
        parts = urlsplit(raw)
        if scheme.lower() != "unix" and not parts.hostname:
            raise ValueError("has no host")
        try:
            _ = parts.port
        except ValueError:
            raise ValueError("has an invalid port") from None
        return RedisTarget(kind="single", url=raw, tls=tls)
    if "?" in rest or "#" in rest:
        raise ValueError(f"{scheme}:// takes no query or fragment")
    netloc, _, path = rest.partition("/")
    userinfo, at, hosts = netloc.rpartition("@")
    username = password = None
    if at:
        user, colon, secret = userinfo.partition(":")
        username = unquote(user) or None
        password = unquote(secret) if colon else None
    nodes = tuple(_node(item, _DEFAULT_PORT[kind]) for item in hosts.split(","))
    segments = [segment for segment in path.split("/") if segment]
    if kind == "cluster":
        if segments not in ([], ["0"]):
            raise ValueError("a Redis Cluster has only database 0; give no path (or /0)")
        return RedisTarget(
            kind="cluster", url=raw, tls=tls, nodes=nodes, username=username, password=password
        )
    if not segments or len(segments) > 2:
        raise ValueError(f"must name the service: {scheme}://host:port[,host:port]/service[/db]")
    db = 0
    if len(segments) == 2:
        if not segments[1].isdigit():
            raise ValueError(f"the database must be a number, got {segments[1]!r}")
        db = int(segments[1])
    return RedisTarget(
        kind="sentinel",
        url=raw,
        tls=tls,
        nodes=nodes,
        username=username,
        password=password,
        service_name=unquote(segments[0]),
        db=db,
    )


def _node(item: str, default_port: int) -> tuple[str, int]:
    item = item.strip()
    if not item:
        raise ValueError("has an empty host in its host list")
    if item.startswith("["):  # [IPv6]:port
        host, _, after = item[1:].partition("]")
        port_text = after.removeprefix(":") if after.startswith(":") else ""
        if after and not after.startswith(":"):
            raise ValueError(f"has an invalid host {item!r}")
    else:
        host, colon, port_text = item.rpartition(":")
        if not colon:
            host, port_text = item, ""
    if not host:
        raise ValueError(f"has an invalid host {item!r}")
    if not port_text:
        return host, default_port
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise ValueError(f"has an invalid port in {item!r}")
    return host, int(port_text)


def _redacted(raw: str) -> str:
    """The URL without its password, for an error message."""
    scheme, sep, rest = raw.partition("://")
    userinfo, at, after = rest.rpartition("@")
    if not at or ":" not in userinfo:
        return raw
    return f"{scheme}{sep}{userinfo.partition(':')[0]}:***@{after}"


def connect(
    url: str,
    *,
    socket_timeout: float,
    socket_connect_timeout: float,
    max_connections: int | None = None,
    retry: Retry | None = None,
) -> Redis:
    """An asyncio client for ``url`` (see the module docstring); nothing connects yet."""
    target = parse_redis_url(url)
    options: dict[str, Any] = {
        "socket_timeout": socket_timeout,
        "socket_connect_timeout": socket_connect_timeout,
    }
    if retry is not None:
        options["retry"] = retry
    if target.kind == "single":
        if max_connections is not None:
            options["max_connections"] = max_connections
        return Redis.from_url(url, **options)
    if target.kind == "cluster":
        cluster = RedisCluster(
            startup_nodes=[ClusterNode(host, port) for host, port in target.nodes],
            username=target.username,
            password=target.password,
            ssl=target.tls,
            max_connections=max_connections or 100,
            **options,
        )
        # Same command surface (see the module docstring): callers keep one annotation.
        return cast("Redis", cluster)
    sentinel = Sentinel(  # type: ignore[no-untyped-call]  # redis-py leaves it unannotated
        list(target.nodes),
        sentinel_kwargs={
            "socket_timeout": socket_timeout,
            "socket_connect_timeout": socket_connect_timeout,
            "ssl": target.tls,
        },
    )
    if max_connections is not None:
        options["max_connections"] = max_connections
    primary: Redis = sentinel.master_for(
        target.service_name,
        db=target.db,
        username=target.username,
        password=target.password,
        ssl=target.tls,
        **options,
    )
    return primary


def connect_sync(
    url: str, *, socket_timeout: float = 10, socket_connect_timeout: float = 5
) -> redis.Redis:
    """A blocking client for ``url``: the CLI's and the tests' way in."""
    target = parse_redis_url(url)
    options: dict[str, Any] = {
        "socket_timeout": socket_timeout,
        "socket_connect_timeout": socket_connect_timeout,
    }
    if target.kind == "single":
        return redis.Redis.from_url(url, **options)
    if target.kind == "cluster":
        cluster = SyncRedisCluster(
            startup_nodes=[
                SyncClusterNode(host, port)  # type: ignore[no-untyped-call]
                for host, port in target.nodes
            ],
            username=target.username,
            password=target.password,
            ssl=target.tls,
            **options,
        )
        return cast("redis.Redis", cluster)
    sentinel = SyncSentinel(  # type: ignore[no-untyped-call]
        list(target.nodes), sentinel_kwargs={**options, "ssl": target.tls}
    )
    primary = sentinel.master_for(  # type: ignore[no-untyped-call]
        target.service_name,
        db=target.db,
        username=target.username,
        password=target.password,
        ssl=target.tls,
        **options,
    )
    return cast("redis.Redis", primary)


def is_cluster(client: object) -> bool:
    """Whether ``client`` (a client or one of its pipelines) talks to a Redis Cluster."""
    return isinstance(client, (RedisCluster, AsyncClusterPipeline, SyncRedisCluster))


def closed_transport(exc: BaseException) -> bool:
    """A write on a connection that had already closed, as uvloop reports it.

    asyncio's own event loop ignores such a write and the read that follows fails with a
    ConnectionError; uvloop (the worker's and the edge's loop) raises ``RuntimeError``
    ("unable to perform operation on <TCPTransport closed=True …>; the handler is
    closed"), which redis-py passes through, since it converts only ``OSError``. Seen
    when a cluster node's connection drops in a failover. A lost connection, to retry
    like any other."""
    return isinstance(exc, RuntimeError) and "the handler is closed" in str(exc)


# Where redis-py keeps a connection's socket; an error raised in there on a ``None`` is a
# connection another task closed (``torn_down_connection``).
_CONNECTION_MODULES = ("redis.asyncio.connection", "redis.connection", "redis._parsers")


def torn_down_connection(exc: BaseException) -> bool:
    """A command on a connection another task closed under it, as redis-py reports it.

    One client is shared by many tasks (the worker's click consumers, one per shard, on one
    cluster client). When a command fails in a failover, redis-py closes connections of
    that node, or every node's when it resets the cluster layout, including ones another
    task holds between its check that the connection is open and its write (on Python
    3.11, ``asyncio.wait_for`` runs the write a loop turn later). That write meets the
    socket gone: ``AttributeError: 'NoneType' object has no attribute 'writelines'`` (or a
    ``TypeError`` on a ``None``, redis-py issue 4287), not a ConnectionError. A lost
    connection like any other; recognised by where it is raised (the innermost frame
    outside asyncio is redis-py's connection code), so a ``None`` of ours stays a bug."""
    if not isinstance(exc, (AttributeError, TypeError)) or "'NoneType' object" not in str(exc):
        return False
    module = ""
    frame = exc.__traceback__
    while frame is not None:
        name = str(frame.tb_frame.f_globals.get("__name__", ""))
        if not name.startswith("asyncio."):
            module = name
        frame = frame.tb_next
    return module.startswith(_CONNECTION_MODULES)


# Answers of a Redis that is there but cannot serve for the moment: a failover, a slot
# move or a restart under way, or memory full. Retrying later is the cure.
_PASSING_ANSWERS = (ReadOnlyError, ClusterDownError, TryAgainError, AskError, OutOfMemoryError)
# The same states met by a command inside a Lua script: Redis 6.2 answers them as a plain
# script error ("Error running script ...: @user_script: 1: -READONLY You can't write...").
_PASSING_IN_SCRIPT = re.compile(r": -(?:READONLY|OOM|LOADING|MASTERDOWN|CLUSTERDOWN|TRYAGAIN) ")


def redis_down(exc: BaseException) -> bool:
    """Whether ``exc`` means Redis is unreachable or the connection broke mid-command:
    redis-py's connection errors, the OS's, uvloop's closed transport
    (``closed_transport``), a connection closed under a command by another task
    (``torn_down_connection``), or Redis answering that it cannot serve for the moment
    (read-only after a failover, loading, out of memory). Asked by ``redis_outage()``
    (and by the admin's last-resort error handler): callers catch ``RedisUnavailable``
    and answer 503, back off or keep the data for later.

    Any other answer of Redis (a ``ResponseError``: a script error, a command this
    server does not know, wrong arguments or types) is not an outage but a fault of
    ours or of the deployment, and is raised as what it is: read as "Redis
    unavailable" it would silently turn off what depends on it (issue 24: the
    new-account quota on Redis 6.2)."""
    if isinstance(exc, redis.ResponseError):
        return isinstance(exc, _PASSING_ANSWERS) or bool(_PASSING_IN_SCRIPT.search(str(exc)))
    return (
        isinstance(exc, (redis.RedisError, OSError))
        or closed_transport(exc)
        or torn_down_connection(exc)
    )


class RedisUnavailable(Exception):
    """Redis cannot serve for the moment (``redis_down``): the one type a caller catches
    for a Redis outage, whatever the driver, the OS or uvloop raised (that error is the
    ``__cause__``, and the message is its). Raised by ``redis_outage()`` and by what is
    built on it (``RedisBatcher`` and ``LuaScript``, the edge's resolver)."""


def as_outage(exc: BaseException) -> RedisUnavailable | None:
    """``exc`` as a ``RedisUnavailable`` when it means an outage (``exc`` itself if it is
    one already); None for anything else."""
    if isinstance(exc, RedisUnavailable):
        return exc
    if not redis_down(exc):
        return None
    outage = RedisUnavailable(str(exc))
    outage.__cause__ = exc
    return outage


class _Outage:
    """``redis_outage()``'s context manager: one shared, stateless instance (it sits on
    the edge's cache-miss path, where a generator-based one would cost a new object)."""

    __slots__ = ()

    def __enter__(self) -> None:
        return None

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, _: TracebackType | None
    ) -> Literal[False]:
        if not isinstance(exc, Exception):
            return False  # no error, or one that is no error of Redis' (a cancellation)
        outage = as_outage(exc)
        if outage is None or outage is exc:
            return False
        raise outage from exc


_OUTAGE = _Outage()


def redis_outage() -> _Outage:
    """Around Redis calls: an outage leaves as ``RedisUnavailable``; any other error (an
    answer Redis gave, a bug) as what it is. So a caller that rides an outage out says
    ``except RedisUnavailable`` and nothing else::

        try:
            with redis_outage():
                raw = await redis.get(key)
        except RedisUnavailable:
            return fallback
    """
    return _OUTAGE


# The oldest Redis we run on (docs/operations.md#redis): GETEX (dashboard sessions),
# XAUTOCLAIM and XTRIM MINID (click streams) came in 6.2; a cluster needs 7.0 (SPUBLISH).
MIN_VERSION = (6, 2)
MIN_CLUSTER_VERSION = (7, 0)


class RedisTooOld(RuntimeError):
    """The Redis ``HOP_REDIS_URL`` names is older than the oldest we run on."""


def _versions(info: dict[str, Any]) -> list[tuple[int, ...]]:
    """The server versions in ``INFO server``: one server's, or each node's of a cluster
    (redis-py answers a cluster's as one reply per node)."""
    if "redis_version" in info:
        return [tuple(int(part) for part in str(info["redis_version"]).split(".")[:2])]
    return [
        version for node in info.values() if isinstance(node, dict) for version in _versions(node)
    ]


def check_version(info: dict[str, Any], *, cluster: bool) -> None:
    """Raise ``RedisTooOld`` (saying what is needed) unless every server in ``info``
    (``INFO server``) is recent enough."""
    needed = MIN_CLUSTER_VERSION if cluster else MIN_VERSION
    found = _versions(info)
    if not found or min(found) < needed:
        have = ".".join(map(str, min(found))) if found else "unknown"
        want = ".".join(map(str, needed))
        kind = "a Redis Cluster" if cluster else "Redis"
        raise RedisTooOld(f"Hop needs {kind} {want} or later; HOP_REDIS_URL names {have}")


async def ensure_version(client: Redis) -> bool:
    """Check the server's version at start (``check_version``); False when Redis cannot be
    asked now (an outage is not a reason to refuse to start: the processes ride it out)."""
    try:
        with redis_outage():
            info = await client.info("server")
    except RedisUnavailable:
        return False
    check_version(info, cluster=is_cluster(client))
    return True


# The one maxmemory policy Hop runs on (docs/operations.md#redis-full): a full Redis
# refuses writes (OOM), which every process rides out like an outage. Any evicting policy
# would instead delete keys to make room: click stream entries not yet stored (clicks
# lost), link and Bio page entries (404s until `hop cache rebuild`), rate-limit windows.
EVICTION_POLICY = "noeviction"


def eviction_policies(reply: Any) -> set[str]:
    """The ``maxmemory-policy`` values in a CONFIG GET reply: one server's, or each
    primary's of a cluster (redis-py answers that as one reply per node)."""
    if not isinstance(reply, dict):
        return set()
    found: set[str] = set()
    for name, value in reply.items():
        if isinstance(value, dict):
            found |= eviction_policies(value)
        elif (name.decode() if isinstance(name, bytes) else name) == "maxmemory-policy":
            found.add(value.decode() if isinstance(value, bytes) else str(value))
    return found


async def check_eviction_policy(client: Redis, role: str) -> str | None:
    """At start: log a warning unless Redis runs with ``maxmemory-policy noeviction``.

    Returns the policy found (several a cluster's primaries disagree on, comma-joined), or
    None when it could not be asked: Redis unreachable, or CONFIG refused (a managed Redis
    that renames or forbids it, an ACL); that is logged too, so an operator knows the
    check did not happen. Never stops the process: a wrong policy loses data only once
    memory runs out, and the operator may have reasons (docs/operations.md#redis-full)."""
    try:
        with redis_outage():
            if is_cluster(client):
                reply = await client.config_get(
                    "maxmemory-policy",
                    target_nodes=RedisCluster.PRIMARIES,
                )
            else:
                reply = await client.config_get("maxmemory-policy")
    except (RedisUnavailable, redis.ResponseError) as exc:
        logger.warning(
            "Redis maxmemory-policy not checked (CONFIG GET refused or Redis unavailable); "
            "Hop needs maxmemory-policy %s",
            EVICTION_POLICY,
            extra={"action": "redis.policy_unchecked", "role": role, "error": str(exc)},
        )
        return None
    policies = eviction_policies(reply)
    if not policies:
        logger.warning(
            "Redis maxmemory-policy not checked (CONFIG GET answered nothing); "
            "Hop needs maxmemory-policy %s",
            EVICTION_POLICY,
            extra={"action": "redis.policy_unchecked", "role": role},
        )
        return None
    found = ",".join(sorted(policies))
    if policies != {EVICTION_POLICY}:
        logger.warning(
            "Redis maxmemory-policy is %s, not %s: when Redis fills up it will evict keys, "
            "losing clicks not yet stored (the click stream) and link and Bio page entries "
            "(404s until `hop cache rebuild`); set `maxmemory-policy %s`",
            found,
            EVICTION_POLICY,
            EVICTION_POLICY,
            extra={"action": "redis.eviction_policy", "role": role, "policy": found},
        )
    return found
