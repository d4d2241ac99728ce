"""PostgreSQL failover drill (issue 33): a primary and a streaming standby, the stack on
both, the standby promoted and the old primary stopped while everything runs.

    .venv/bin/python -m loadtest.drill_failover [--replication sync|async] [--outage S] [--keep]

1. An embedded primary, migrated; a standby cloned from it (``pg_basebackup -R``) and
   streaming; with ``--replication sync`` (the default, what docs/operations.md
   recommends) the primary waits for it at every commit (``synchronous_standby_names``).
2. Redis, a worker, an admin and an edge, every one given ``HOP_DATABASE_URL`` naming
   both servers with ``target_session_attrs=read-write``; a webhook for ``link.created``
   delivering to a loopback receiver.
3. Redirects (the clicks drain through the worker into PostgreSQL) and link creations
   (each one an event, each event a delivery) run in threads.
4. The standby is promoted (``pg_ctl promote``) and the old primary stopped at once
   (SIGQUIT, as a crash); or, with ``--outage S``, the primary crashes first and the
   standby is promoted S seconds later. The load goes on; nothing is restarted.
5. Afterwards: every create answered 201 is stored, stored clicks equal the redirects
   answered, every stored link's event was delivered at least once, and every process
   still runs. The recovery times are counted from the promotion: to the first create
   answered 201 that was sent after the old primary had gone, to the first click stored
   on the new primary, to the delivery of that create's event.

Prints what it counted as JSON; exits 1 if anything was lost, failed or did not recover
within ``RECOVERY_LIMIT_SECONDS`` of the promotion.
With ``--replication async`` what was lost is counted and printed, not a failure (the
docs say what asynchronous replication can lose). The slow test
(tests/e2e/test_pg_failover.py) runs the same ``drill``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import psycopg

from admin.db import ensure_database
from admin.db.migrate import migrate
from common.keys import CLICK_STREAM, click_dead_letter_stream
from hop.embedded import EmbeddedPostgres, EmbeddedRedis
from tests.support.accounts import Account
from tests.support.hooks import HOOK_SETTINGS, subscribe
from tests.support.receiver import Receiver
from tests.support.stack import Stack
from tests.support.waiting import eventually, wait_until

STANDBY_NAME = "standby"  # its application_name, which synchronous_standby_names gives
# What every process is held to: it answers (or stores) again within this many seconds of
# the promotion, by itself, however long the primary was away before it (admin/db retries
# a lost connection at least every ~2 s; measured 0.2-0.9 s on a loaded 2-core VM).
RECOVERY_LIMIT_SECONDS = 5.0


@dataclass
class Report:
    replication: str = "sync"
    redirects_answered: int = 0  # 302s, each a click the edge streamed to Redis
    redirect_failures: int = 0  # anything else the edge answered (it never needs PostgreSQL)
    clicks_stored: int = 0
    clicks_lost: int = 0  # acknowledged after a commit the new primary never got (async)
    creates_sent: int = 0
    creates_answered_201: int = 0
    creates_answered_503: int = 0  # the database away for a moment: the client retries
    creates_failed_otherwise: list[str] = field(default_factory=list)  # 500s, time-outs
    creates_lost: int = 0  # answered 201 and not on the new primary
    links_stored: int = 0  # the drill's links on the new primary (a 503'd create may be one)
    events_delivered: int = 0  # distinct link.created events the receiver got
    deliveries: int = 0  # requests it got (duplicates are at-least-once retries)
    events_lost: int = 0  # stored links whose event never came
    events_of_lost_links: int = 0  # delivered for a link the new primary does not have
    promote_seconds: float = 0.0  # pg_ctl promote --wait: until the standby takes writes
    outage_seconds: float = 0.0  # the primary crashed this long before the promotion
    # When the old primary was gone, from the promotion (negative: it crashed before).
    old_primary_stopped_seconds: float = 0.0
    create_recovery_seconds: float | None = None  # promotion to the first 201 after it
    click_recovery_seconds: float | None = None  # promotion to the first click stored after it
    webhook_recovery_seconds: float | None = None  # promotion to that create's event delivered
    processes_restarted: list[str] = field(default_factory=list)  # ones that had exited
    dead_lettered: int = 0
    load_average: list[float] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


class Load:
    """Redirects over ``codes`` in one thread, link creations in another, until stopped;
    each create's outcome with when it was sent and answered."""

    def __init__(self, stack: Stack, account: Account, codes: list[str]) -> None:
        self.stack, self.account, self.codes = stack, account, codes
        self.redirects = 0
        self.redirect_failures: list[str] = []
        # (sent, answered, status or error, link id of a 201)
        self.creates: list[tuple[float, float, int | str, str | None]] = []
        self._stop = threading.Event()
        self._threads = [
            threading.Thread(target=self._redirect, name="redirects"),
            threading.Thread(target=self._create, name="creates"),
        ]

    def __enter__(self) -> Load:
        for thread in self._threads:
            thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join()

    def _redirect(self) -> None:
        with self.stack.client() as edge:
            while not self._stop.is_set():
                for code in self.codes:
                    status = edge.get(f"/{code}").status_code
                    if status == 302:
                        self.redirects += 1
                    else:
                        self.redirect_failures.append(f"/{code}: {status}")

    def _create(self) -> None:
        with self.stack.api() as api:
            n = 0
            while not self._stop.is_set():
                sent = time.monotonic()
                outcome: int | str
                link_id = None
                try:
                    response = api.post(
                        "/v1/links",
                        json={"longUrl": f"https://example.com/failover{n}"},
                        headers=self.account.headers(),
                    )
                except Exception as exc:  # noqa: BLE001 - a time-out is an outcome to count
                    outcome = f"{type(exc).__name__}: {exc}"
                else:
                    outcome = response.status_code
                    if outcome == 201:
                        link_id = str(response.json()["id"])
                    elif outcome == 503:
                        time.sleep(0.05)  # as a client told to retry shortly
                self.creates.append((sent, time.monotonic(), outcome, link_id))
                n += 1


class ClickWatch:
    """Polls the standby's click count from the promotion on: when the first click
    stored on the new primary appeared."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.first_stored_at: float | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="click-watch")

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        baseline: int | None = None
        while not self._stop.is_set() and self.first_stored_at is None:
            with (
                contextlib.suppress(psycopg.OperationalError),
                psycopg.connect(self.url, connect_timeout=2) as conn,
            ):
                while not self._stop.is_set():
                    row = conn.execute("SELECT count(*) FROM clicks").fetchone()
                    count = int(row[0]) if row else 0
                    if baseline is None:
                        baseline = count  # what the standby had replicated
                    elif count > baseline:
                        self.first_stored_at = time.monotonic()
                        return
                    time.sleep(0.02)
            time.sleep(0.05)


def _replicating(primary_url: str, *, synchronous: bool) -> bool:
    with psycopg.connect(primary_url) as conn:
        row = conn.execute(
            "SELECT state, sync_state FROM pg_stat_replication WHERE application_name = %s",
            (STANDBY_NAME,),
        ).fetchone()
    if row is None or row[0] != "streaming":
        return False
    return not synchronous or row[1] == "sync"


def start_pair(root: Path, *, synchronous: bool) -> tuple[EmbeddedPostgres, EmbeddedPostgres]:
    """A migrated primary with a streaming standby of it (synchronous or not)."""
    primary = EmbeddedPostgres(root / "primary", settings={"wal_level": "replica"})
    primary_url = primary.start()
    migrate(ensure_database(primary_url, "hop"))
    standby = EmbeddedPostgres(root / "standby", settings={"hot_standby": "on"})
    standby.clone_from(primary, application_name=STANDBY_NAME)
    standby.start()
    if synchronous:
        # Only now: with no standby connected, a synchronous primary's commits would wait.
        with psycopg.connect(primary_url, autocommit=True) as conn:
            conn.execute(f"ALTER SYSTEM SET synchronous_standby_names = '{STANDBY_NAME}'")
            conn.execute("SELECT pg_reload_conf()")
    wait_until(
        lambda: _replicating(primary_url, synchronous=synchronous),
        60,
        0.1,
        "the standby does not stream",
    )
    return primary, standby


def failover_url(primary: EmbeddedPostgres, standby: EmbeddedPostgres) -> str:
    """Both servers in one URL: libpq tries them in order and keeps the one that
    accepts writes (docs/operations.md#postgresql-failover)."""
    return (
        f"postgresql://postgres@127.0.0.1:{primary.port},127.0.0.1:{standby.port}/hop"
        "?target_session_attrs=read-write&connect_timeout=5"
    )


def _stream_done(stack: Stack) -> bool:
    """Whether the worker has read and acknowledged every entry of the click stream."""
    store = stack.redis
    stream = store.xinfo_stream(CLICK_STREAM)
    (group,) = store.xinfo_groups(CLICK_STREAM)
    return bool(group["pending"] == 0 and group["last-delivered-id"] == stream["last-generated-id"])


def drill(  # noqa: PLR0915 - one drill, top to bottom
    root: Path,
    *,
    synchronous: bool = True,
    links: int = 10,
    before: float = 3.0,
    after: float = 10.0,
    outage: float = 0.0,
) -> Report:
    """The drill in ``root``: ``outage`` 0 promotes the standby and then stops the old
    primary at once; more crashes the primary that long before the promotion (the time a
    failover manager takes to decide)."""
    report = Report(replication="sync" if synchronous else "async", outage_seconds=outage)
    receiver = Receiver()
    with contextlib.ExitStack() as owned:
        owned.callback(receiver.close)
        primary, standby = start_pair(root / "postgres", synchronous=synchronous)
        owned.callback(primary.stop)
        owned.callback(standby.stop)
        redis_server = EmbeddedRedis(root / "redis")
        redis_url = redis_server.start()
        owned.callback(redis_server.stop)
        url = failover_url(primary, standby)
        stack = owned.enter_context(
            Stack(root, url, redis_url, HOP_EDGE_WORKERS="1", **HOOK_SETTINGS)
        )
        stack.start_worker("drill")
        admin = stack.start_admin()
        account = stack.account()
        with stack.api() as api:
            subscribe(api, account, receiver, "link.created")
            for n in range(links):
                made = api.post(
                    "/v1/links",
                    json={"longUrl": f"https://example.com/drill{n}"},
                    headers=account.headers(),
                )
                assert made.status_code == 201, made.text
        codes = [str(row[0]) for row in stack.sql("SELECT short_code FROM links")]
        stack.wait_for_links(codes)
        edge = stack.start_edge()
        processes = {"admin": admin, "edge": edge, "worker": stack.workers[0]}
        pids = {name: process.pid for name, process in processes.items()}
        standby_url = f"postgresql://postgres@127.0.0.1:{standby.port}/hop"

        with Load(stack, account, codes) as load:
            time.sleep(before)
            watch = ClickWatch(standby_url)
            if outage:  # the primary crashes; the standby is promoted ``outage`` s later
                primary.stop(immediate=True)
                stopped_at = time.monotonic()
                time.sleep(outage)
            promoted_at = time.monotonic()
            standby.promote()
            report.promote_seconds = round(time.monotonic() - promoted_at, 2)
            watch.start()
            if not outage:  # promoted, then the old primary stopped at once
                primary.stop(immediate=True)
                stopped_at = time.monotonic()
            report.old_primary_stopped_seconds = round(stopped_at - promoted_at, 2)
            # Until every process has done its first piece of work on the new primary (or
            # the limit passes), then ``after`` seconds more of load.
            eventually(
                lambda: (
                    watch.first_stored_at is not None
                    and any(s >= stopped_at and out == 201 for s, _, out, _ in load.creates)
                ),
                60,
                0.1,
            )
            time.sleep(after)
        watch.stop()

        report.redirects_answered = load.redirects
        report.redirect_failures = len(load.redirect_failures)
        if load.redirect_failures:
            report.problems.append(f"redirects failed: {load.redirect_failures[:5]}")
        report.creates_sent = len(load.creates)
        created = [link_id for *_, link_id in load.creates if link_id is not None]
        report.creates_answered_201 = len(created)
        report.creates_answered_503 = sum(1 for *_, out, _ in load.creates if out == 503)
        report.creates_failed_otherwise = [
            str(out) for *_, out, _ in load.creates if out not in (201, 503)
        ][:20]
        first_create = next(
            (
                (answered, link_id)
                for sent, answered, out, link_id in load.creates
                if sent >= stopped_at and answered >= promoted_at and out == 201
            ),
            None,
        )
        if first_create is not None:
            report.create_recovery_seconds = round(first_create[0] - promoted_at, 2)
        if watch.first_stored_at is not None:
            report.click_recovery_seconds = round(watch.first_stored_at - promoted_at, 2)

        # --- the counts, once the worker has caught up
        def stored_clicks() -> int:
            (row,) = stack.sql("SELECT count(*) FROM clicks")
            return int(row[0])

        # Until every click is stored, or (asynchronous replication may have lost some)
        # the worker has acknowledged the whole stream.
        eventually(lambda: stored_clicks() >= load.redirects or _stream_done(stack), 120, 0.2)
        time.sleep(0.5)  # more than answered would be a double count: give it a moment
        report.clicks_stored = stored_clicks()
        report.clicks_lost = max(0, load.redirects - report.clicks_stored)
        stored = {str(row[0]) for row in stack.sql("SELECT id FROM links")}
        report.links_stored = len(stored)
        report.creates_lost = len(set(created) - stored)

        def delivered() -> set[str]:
            return {
                str(request.envelope()["data"]["id"])  # type: ignore[index]
                for request in receiver.wait_for(0, 0)
                if request.signature_ok
            }

        eventually(lambda: stored <= delivered(), 60, 0.2)
        report.events_delivered = len(delivered())
        report.deliveries = len(receiver.wait_for(0, 0))
        report.events_lost = len(stored - delivered())
        report.events_of_lost_links = len(delivered() - stored)
        if first_create is not None:
            hook_times = [
                request.at
                for request in receiver.wait_for(0, 0)
                if request.envelope()["data"]["id"] == first_create[1]  # type: ignore[index]
            ]
            if hook_times:
                report.webhook_recovery_seconds = round(min(hook_times) - promoted_at, 2)

        report.processes_restarted = [
            name
            for name, process in processes.items()
            if process.process is None
            or process.process.poll() is not None
            or process.pid != pids[name]
        ]
        report.dead_lettered = int(stack.redis.xlen(click_dead_letter_stream(0)))
    report.load_average = [round(value, 2) for value in os.getloadavg()]
    _judge(report)
    return report


def _judge(report: Report) -> None:
    """What makes the drill fail (``problems``)."""
    if report.creates_failed_otherwise:
        report.problems.append(f"creates neither 201 nor 503: {report.creates_failed_otherwise}")
    clicks_differ = report.clicks_stored != report.redirects_answered
    if clicks_differ and (report.replication == "sync" or report.clicks_lost == 0):
        report.problems.append(
            f"clicks stored {report.clicks_stored} != redirects answered "
            f"{report.redirects_answered}"
        )
    if report.replication == "sync" and report.creates_lost:
        report.problems.append(f"{report.creates_lost} creates answered 201 are gone")
    if report.replication == "sync" and report.events_lost:
        report.problems.append(f"{report.events_lost} events never delivered")
    for name in ("create", "click", "webhook"):
        seconds = getattr(report, f"{name}_recovery_seconds")
        if seconds is None or seconds > RECOVERY_LIMIT_SECONDS:
            report.problems.append(f"{name}s did not recover within {RECOVERY_LIMIT_SECONDS}s")
    if report.processes_restarted:
        report.problems.append(f"processes exited: {report.processes_restarted}")
    if report.dead_lettered:
        report.problems.append(f"{report.dead_lettered} click batches dead-lettered")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--replication", choices=["sync", "async"], default="sync")
    parser.add_argument("--links", type=int, default=10)
    parser.add_argument("--after", type=float, default=10.0, help="seconds of load after")
    parser.add_argument(
        "--outage",
        type=float,
        default=0.0,
        help="crash the primary this many seconds before promoting (0: promote, then stop it)",
    )
    parser.add_argument("--keep", action="store_true", help="keep the drill's folder")
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="hop-drill-failover-"))
    try:
        report = drill(
            root,
            synchronous=args.replication == "sync",
            links=args.links,
            after=args.after,
            outage=args.outage,
        )
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)
    sys.stdout.write(json.dumps(asdict(report), indent=2) + "\n")
    return 1 if report.problems else 0


if __name__ == "__main__":
    sys.exit(main())
