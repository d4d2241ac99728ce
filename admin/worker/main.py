"""`hop worker`: the click consumer, the webhook dispatcher, the mailer, import jobs,
and the periodic jobs (housekeeping, click limits, the safety feeds, custom domains'
re-verification).

SIGTERM or SIGINT lets the batch in hand finish and be acknowledged and the
webhook attempts in flight finish and be recorded, then exits.
At start the worker restores every link's Redis entry from PostgreSQL (Redis is
a cache, not the record).
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
from typing import Any

import uvloop
from redis.asyncio import Redis

from admin.analytics.enrich import Enricher, warm_up
from admin.analytics.geo import GeoDatabase, GeoDatabaseError, open_geo_database
from admin.analytics.ingest import visitor_salt
from admin.bio.cache import rebuild_bio_pages
from admin.db import Database, DatabaseUnavailable, create_worker_pool
from admin.db.redis_batch import RedisBatcher
from admin.domains.reverify import Reverifier, run_reverification
from admin.domains.txt import TxtLookup
from admin.imports.runner import ImportRunner
from admin.links import Admission, LinkService
from admin.links.admission import OwnHosts
from admin.links.cache import LinkCache, rebuild
from admin.links.health import TIMEOUT_SECONDS, LinkHealthChecks, run_link_health
from admin.links.health_probe import HostGate, Prober
from admin.outbound.client import OutboundClient
from admin.outbound.fast import PlainClient
from admin.outbound.policy import AddressPolicy
from admin.safety.background import SafetyWorker
from admin.safety.checker import checker_for
from admin.safety.index import SafetyIndex
from admin.safety.quota import NewAccountQuota
from admin.safety.service import SafetyService
from admin.secretbox import SecretBox
from admin.webhooks.retry import RetryPolicy
from admin.worker.clicks import ClickConsumer
from admin.worker.dispatcher import Dispatcher
from admin.worker.housekeeping import Retention, run_housekeeping
from admin.worker.limits import run_click_limits
from admin.worker.mail import Mailer, transport_for
from admin.worker.metrics import StreamWatcher
from admin.worker.sender import Sender
from common.backoff import Backoff
from common.clientip import TrustedProxies
from common.domains import CustomDomains
from common.heap import freeze_startup_heap
from common.keys import CLICK_CONSUMER_GROUP, click_stream
from common.logs import configure_logging
from common.metrics import serve_process
from common.redis_store import (
    RedisUnavailable,
    check_eviction_policy,
    connect,
    ensure_version,
    redis_outage,
)
from common.roles import require
from common.settings import Settings, SettingsError

logger = logging.getLogger(__name__)
# A worker told to stop that is still busy this long logs what it waits on.
STOPPING_REPORT_SECONDS = 5.0


def run(settings: Settings) -> int:
    require(settings, "worker")
    assert settings.database_url is not None  # checked by require()
    assert settings.redis_url is not None
    configure_logging(settings.log_level, settings.log_format)
    geo = _geo_database(settings)  # before anything starts: a bad path stops the worker here
    if settings.worker.metrics_listen is not None:
        serve_process(settings.worker.metrics_listen)
    # uvloop, as the edge and the admin run under granian: the dispatcher and the click
    # consumer are socket-bound, and the standard loop's selector and transports took
    # about a fifth of the worker's CPU under webhook load.
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        healthy = runner.run(serve(settings, settings.database_url, settings.redis_url, geo))
    return 0 if healthy else 1


def _geo_database(settings: Settings) -> GeoDatabase | None:
    """HOP_GEOIP_DB opened, or None when unset; unreadable, it is a settings error."""
    try:
        return open_geo_database(settings.worker.geoip_db)
    except GeoDatabaseError as exc:
        raise SettingsError(f"HOP_GEOIP_DB: {exc}") from exc


async def _start(
    db: Database, redis: Redis, stop: asyncio.Event, *, case_insensitive_codes: bool
) -> bytes:
    """Rebuild the link cache and read the visitor salt, waiting for the stores if needed."""
    backoff = Backoff(0.2, 5.0)
    while not stop.is_set():
        try:
            with redis_outage():
                await ensure_version(redis)  # RedisTooOld stops the worker, saying why
                # One transaction: the rebuilds walk server-side cursors.
                async with db.transaction() as conn:
                    links = await rebuild(
                        conn, redis, case_insensitive_codes=case_insensitive_codes
                    )
                    pages = await rebuild_bio_pages(conn, redis)
                salt = await visitor_salt(db)
        except (DatabaseUnavailable, RedisUnavailable) as exc:
            logger.warning(
                "waiting for PostgreSQL and Redis",
                extra={"action": "worker.waiting", "error": str(exc)},
            )
            await asyncio.sleep(backoff.next())
        else:
            await check_eviction_policy(redis, "worker")  # logs a warning unless noeviction
            logger.info(
                "link and Bio page caches restored from PostgreSQL",
                extra={"action": "worker.cache_rebuilt", "links": links, "bio_pages": pages},
            )
            return salt
    return b""


def build_dispatcher(settings: Settings, db: Database, database_url: str) -> Dispatcher:
    hooks = settings.webhooks
    assert hooks.secret_key is not None  # checked in run()
    sender = Sender(
        AddressPolicy(hooks.networks),
        allow_http=hooks.allow_http,
        timeout=hooks.timeout,
        connections=hooks.max_in_flight,
    )
    return Dispatcher(
        db,
        sender,
        SecretBox(hooks.secret_key),
        RetryPolicy(hooks.retry_schedule),
        concurrency=hooks.concurrency,
        max_in_flight=hooks.max_in_flight,
        poll_interval=hooks.poll_interval,
        user_agent=f"Hop-Webhooks/1.0 (+{settings.base_url})",
        listen_url=database_url,
    )


def safety_worker(
    settings: Settings, db: Database, redis: Redis
) -> tuple[SafetyWorker, SafetyIndex]:
    """The feeds, spam waves and backfill loop, with its own copy of the safety index."""
    index = SafetyIndex()
    service = SafetyService(
        db,
        checker_for(settings.safety, db, index),
        LinkCache(RedisBatcher(redis)),
        settings.short_base_url,
        redis,
    )
    user_agent = f"Hop-Safety/1.0 (+{settings.base_url})"
    return SafetyWorker(db, redis, service, settings.safety, user_agent=user_agent), index


def domain_checks(settings: Settings, db: Database, redis: Redis) -> Reverifier:
    """The re-verification of verified custom domains (admin/domains/reverify.py)."""
    return Reverifier(
        db,
        TxtLookup(settings.admin.dns_resolver),
        redis,
        interval=settings.admin.domain_reverify_interval,
        grace=settings.admin.domain_lapse_grace,
    )


# Largest answer read from a source's API while importing (a page of links).
MAX_IMPORT_ANSWER_BYTES = 16 * 1024 * 1024
IMPORT_TIMEOUT_SECONDS = 30.0


def import_runner(
    settings: Settings, db: Database, redis: Redis, index: SafetyIndex, hosts: CustomDomains
) -> tuple[ImportRunner, PlainClient]:
    """Import jobs (admin/imports/): links written through the way in every link takes
    (the loop check against the hosts our links answer on, the new-account quota, the
    safety verdict), the sources called under the one outbound policy, through the
    plain client: Bitly's import makes a request per link, which httpx made cost ~1 ms
    of CPU each (admin/outbound/fast.py)."""
    assert settings.webhooks.secret_key is not None  # checked by require()
    admission = Admission(
        OwnHosts(settings.short_base_url, lambda: hosts.hosts, settings.short_host_aliases),
        checker_for(settings.safety, db, index),
        NewAccountQuota(db, RedisBatcher(redis), settings.safety),
    )
    links = LinkService(
        db,
        LinkCache(RedisBatcher(redis)),
        settings.short_base_url,
        settings.admin.code_reservation_days,
        admission=admission,
    )
    http = PlainClient(
        AddressPolicy(settings.webhooks.networks),
        timeout=IMPORT_TIMEOUT_SECONDS,
        max_bytes=MAX_IMPORT_ANSWER_BYTES,
        user_agent=f"Hop-Import/1.0 (+{settings.base_url})",
        connections=16,
    )
    runner = ImportRunner(
        db,
        SecretBox(settings.webhooks.secret_key),
        http,
        links.importer,
        lease_seconds=settings.worker.import_lease,
        poll_interval=settings.worker.import_poll_interval,
    )
    return runner, http


# Connections the link health client keeps: one per host checked at once, and some spare.
HOSTS_AT_ONCE_CONNECTIONS = 32


def link_health(settings: Settings, db: Database) -> tuple[LinkHealthChecks, OutboundClient]:
    """The checks of links' destinations (admin/links/health.py), under the one outbound
    policy, through the guarded client: HEAD, which the plain client does not send, and
    answers whose body is never read."""
    http = OutboundClient(
        AddressPolicy(settings.webhooks.networks),
        timeout=TIMEOUT_SECONDS,
        max_bytes=1,
        user_agent=f"HopLinkHealth/1.0 (+{settings.base_url})",
        connections=HOSTS_AT_ONCE_CONNECTIONS,
    )
    prober = Prober(http, HostGate(settings.worker.link_health_host_gap), timeout=TIMEOUT_SECONDS)
    checks = LinkHealthChecks(
        db,
        prober,
        settings.short_base_url,
        interval=settings.worker.link_health_interval,
        digest_interval=settings.worker.link_health_digest_interval,
    )
    return checks, http


async def _until_stopped_or_failed(stop: asyncio.Event, tasks: list[asyncio.Task[Any]]) -> bool:
    """Wait for the stop signal; False if a task failed first (then stop is set too).

    Each loop catches what it can ride out. A task that still ends with an exception
    has stopped doing its work while the process looks alive (a click shard nobody
    reads, webhooks nobody sends): the worker stops instead, with a non-zero exit, so
    its supervisor starts a fresh one. Nothing is lost by it: clicks stay pending in
    the stream and deliveries leased in PostgreSQL until another worker takes them."""
    stopped = asyncio.create_task(stop.wait(), name="stop")
    running: set[asyncio.Task[Any]] = {stopped, *tasks}
    healthy = True
    while not stopped.done():
        done, running = await asyncio.wait(running, return_when=asyncio.FIRST_COMPLETED)
        failed = [t for t in done if t is not stopped and not t.cancelled() and t.exception()]
        for task in failed:
            logger.error(
                "worker task failed; stopping the worker",
                exc_info=task.exception(),
                extra={"action": "worker.task_failed", "task": task.get_name()},
            )
        if failed:
            healthy = False
            stop.set()
    return healthy


async def _finish(tasks: list[asyncio.Task[Any]]) -> None:
    """Wait for every task to finish what it holds. One still busy after
    STOPPING_REPORT_SECONDS is named in the log with where it waits, once: what an
    operator needs when a worker outlives its grace period and is killed."""
    _, busy = await asyncio.wait(tasks, timeout=STOPPING_REPORT_SECONDS)
    if busy:
        logger.warning(
            "worker still stopping",
            extra={
                "action": "worker.stopping_slowly",
                "tasks": {task.get_name(): _where(task) for task in busy},
            },
        )
    await asyncio.gather(*tasks, return_exceptions=True)


def _where(task: asyncio.Task[Any]) -> list[str]:
    """Where the task waits, as ``file:line function`` from its coroutine inwards
    (``Task.get_stack`` gives only the outermost frame of a suspended coroutine)."""
    places: list[str] = []
    awaiting: Any = task.get_coro()
    while awaiting is not None and len(places) < 30:
        frame = getattr(awaiting, "cr_frame", None) or getattr(awaiting, "gi_frame", None)
        if frame is None:  # a Future, or an awaitable written in C: the end of the chain
            places.append(type(awaiting).__name__)
            break
        code = frame.f_code
        where = "/".join(code.co_filename.rsplit("/", 2)[-2:])
        places.append(f"{where}:{frame.f_lineno} {code.co_name}")
        awaiting = getattr(awaiting, "cr_await", None) or getattr(awaiting, "gi_yieldfrom", None)
    return places


async def serve(
    settings: Settings, database_url: str, redis_url: str, geo: GeoDatabase | None = None
) -> bool:
    """Run until SIGTERM/SIGINT; False if it stopped because a task failed. ``geo``: the
    city database clicks are placed with (HOP_GEOIP_DB), if any."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    redis = connect(redis_url, socket_timeout=10, socket_connect_timeout=5)
    click_batches = settings.click_stream_shards * settings.worker.batches_in_flight
    async with create_worker_pool(database_url, click_batches) as pool:
        db = Database(pool)
        salt = await _start(db, redis, stop, case_insensitive_codes=settings.case_insensitive_codes)
        warm_up()  # before joining the click stream's group, not on its first batch
        freeze_startup_heap()
        enricher = Enricher(salt, TrustedProxies(settings.trusted_proxies), geo)
        name = settings.worker.name or f"{socket.gethostname()}-{os.getpid()}"
        # One consumer per click stream shard: every worker reads every shard.
        consumers = [
            ClickConsumer(
                redis,
                db,
                enricher,
                consumer=name,
                read_count=settings.worker.read_count,
                claim_idle_ms=settings.worker.claim_idle_ms,
                shard=shard,
                in_flight=settings.worker.batches_in_flight,
            )
            for shard in range(settings.click_stream_shards)
        ]
        dispatcher = build_dispatcher(settings, db, database_url)
        mailer = Mailer(
            db,
            transport_for(settings.mail.smtp_url, dev_log=settings.mail.dev_log),
            settings.mail.sender,
            poll_interval=max(1.0, settings.webhooks.poll_interval),
        )
        safety, index = safety_worker(settings, db, redis)
        changes = index.subscription(redis)
        custom_domains = CustomDomains(redis)
        imports, import_http = import_runner(settings, db, redis, index, custom_domains)
        # The safety index's reload loop has no stop of its own: it is cancelled.
        index_task = asyncio.create_task(index.run(db), name="safety-index")
        # Nor has the custom domains' reload (the loop check of imported links reads it).
        domains_task = asyncio.create_task(custom_domains.run(), name="custom-domains")
        tasks = [
            *(
                asyncio.create_task(consumer.run(), name=f"clicks-{consumer.shard}")
                for consumer in consumers
            ),
            asyncio.create_task(safety.run(), name="safety"),
            asyncio.create_task(changes.run(), name="safety-changes"),
            index_task,
            asyncio.create_task(dispatcher.run(), name="webhooks"),
            asyncio.create_task(mailer.run(), name="mail"),
            asyncio.create_task(imports.run(), name="imports"),
            domains_task,
            asyncio.create_task(
                run_housekeeping(
                    db,
                    settings.limits.idempotency_ttl,
                    stop,
                    retention=Retention(
                        clicks=settings.worker.click_retention_days,
                        deliveries=settings.worker.delivery_retention_days,
                        events=settings.worker.event_retention_days,
                        audit=settings.worker.audit_retention_days,
                        anonymize_clicks=settings.worker.click_anonymize_days,
                    ),
                ),
                name="housekeeping",
            ),
            asyncio.create_task(
                run_click_limits(db, LinkCache(RedisBatcher(redis)), stop), name="click-limits"
            ),
            asyncio.create_task(
                run_reverification(domain_checks(settings, db, redis), stop),
                name="domain-checks",
            ),
        ]
        health_http: OutboundClient | None = None
        health_task: asyncio.Task[None] | None = None
        if settings.worker.link_health_interval:  # 0: no checks
            checks, health_http = link_health(settings, db)
            health_task = asyncio.create_task(run_link_health(checks, stop), name="link-health")
            tasks.append(health_task)
        if settings.worker.metrics_listen is not None:
            watcher = StreamWatcher(
                redis,
                [click_stream(shard) for shard in range(settings.click_stream_shards)],
                CLICK_CONSUMER_GROUP,
                lambda: sum(consumer.stored for consumer in consumers),
            )
            tasks.append(asyncio.create_task(watcher.run(stop), name="metrics"))
        logger.info(
            "worker running",
            extra={"action": "worker.started", "consumer": name, "shards": len(consumers)},
        )
        healthy = await _until_stopped_or_failed(stop, tasks)
        for consumer in consumers:
            consumer.stopping.set()
        for stopping in (
            dispatcher.stopping,
            mailer.stopping,
            safety.stopping,
            imports.stopping,
        ):
            stopping.set()
        changes.stop()
        custom_domains.stop()
        index_task.cancel()
        domains_task.cancel()
        if health_task is not None:
            # A batch may wait on slow hosts for minutes: cancelled, its unrecorded links
            # are checked in the next round.
            health_task.cancel()
        await _finish(tasks)
        await import_http.aclose()
        if health_http is not None:
            await health_http.aclose()
    await redis.aclose()
    logger.info(
        "worker stopped",
        extra={"action": "worker.stopped", "stored": sum(c.stored for c in consumers)},
    )
    return healthy
