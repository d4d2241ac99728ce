"""`hop import ...`: an operator's imports from other shorteners (docs/import.md).

``hop import SOURCE --workspace ws_…`` starts the job as the workspace's owner (through
ImportService, as POST /v1/imports would), then watches it to its end; ``--here`` runs it
in this process with the worker's own wiring (for a Hop with no worker running).
``hop import status|cancel imp_…`` read and cancel a job.

A secret flag given as ``-`` is read from standard input (asked for without echo on a
terminal), so the credential sits in neither the shell's history nor the process list.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import getpass
import sys
from collections.abc import AsyncIterator, Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import msgspec

from common.settings import Settings
from hop import dev as dev_stack
from hop.import_progress import Progress, summary

# The names POST /v1/imports takes (admin/imports/sources/__init__.py: the service
# refuses any other, naming them).
SOURCE_NAMES = ("bitly", "csv", "kutt", "rebrandly", "shlink", "shortio", "yourls")
ACTIONS = ("status", "cancel")
# Credential flags: argparse's name -> the name the sources take; all may be `-`.
CREDENTIAL_FLAGS = {
    "token": "token",
    "api_key": "apiKey",
    "signature": "signature",
    "username": "username",
    "password": "password",
}
WATCH_EVERY_SECONDS = 0.5
# A job still queued this long after it was started: say a worker is needed.
WORKER_NOTICE_SECONDS = 5.0
EXIT_BY_STATUS = {"done": 0, "failed": 1, "cancelled": 2}
INTERRUPTED = 130
# --here: how long Redis may take to give the custom domains before the command gives up.
HOSTS_LOAD_SECONDS = 10.0


@dataclass
class _Started:
    """The job this command started, once it has: what a Ctrl-C names."""

    job_id: str | None = None
    here: bool = False
    lease_seconds: float = 0.0
    stdin_used: list[str] = field(default_factory=list)


def add_import_commands(commands: Any) -> None:
    parser = commands.add_parser(
        "import",
        help="import links from another shortener into a workspace, or a job's status/cancel",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "source",
        choices=SOURCE_NAMES + ACTIONS,
        metavar="SOURCE|status|cancel",
        help=f"{', '.join(SOURCE_NAMES)}; or status / cancel IMPORT_ID",
    )
    parser.add_argument(
        "target", nargs="?", help="csv: the file (or --file); status/cancel: the import's id"
    )
    parser.add_argument("--workspace", help="the workspace to import into (ws_…)")
    parser.add_argument("--environment", choices=("live", "test"), default="live")
    secrets_ = parser.add_argument_group("credentials (a value of - reads it from stdin)")
    secrets_.add_argument("--token", help="Bitly's access token")
    secrets_.add_argument("--api-key", help="Rebrandly's, Short.io's, Shlink's or Kutt's key")
    secrets_.add_argument("--signature", help="YOURLS' signature token")
    secrets_.add_argument("--username", help="YOURLS' user name")
    secrets_.add_argument("--password", help="YOURLS' password")
    options = parser.add_argument_group("options")
    options.add_argument("--base-url", help="the source's address (Shlink, YOURLS, Kutt: needed)")
    options.add_argument("--group-guid", help="Bitly: only this group's links")
    options.add_argument(
        "--no-clicks", action="store_true", help="Bitly, Short.io: no click totals"
    )
    options.add_argument("--file", type=Path, help="csv: the file to import (- for stdin)")
    how = parser.add_mutually_exclusive_group()
    how.add_argument(
        "--here", action="store_true", help="run the job in this process, not in a worker"
    )
    how.add_argument(
        "--detach", action="store_true", help="start the job, print it and return at once"
    )
    parser.set_defaults(func=cmd_import)


def cmd_import(settings: Settings, args: argparse.Namespace) -> int:
    if args.source in ACTIONS:
        if not args.target or not args.target.startswith("imp_"):
            raise SystemExit(f"hop: import {args.source}: give the import's id (imp_…)")
        return _run(_job_action(settings, args.source, args.target))
    if not args.workspace:
        raise SystemExit("hop: import: --workspace ws_… is required")
    started = _Started(here=args.here)
    body = _request_body(args, started)
    try:
        return _run(_import(settings, args, body, started))
    except KeyboardInterrupt:
        _interrupted(started)
        return INTERRUPTED


def _run(coroutine: Coroutine[Any, Any, int]) -> int:
    return asyncio.run(coroutine)


def _print_json(value: Any) -> None:
    sys.stdout.write(msgspec.json.encode(value).decode() + "\n")


# --- the request -------------------------------------------------------------------


def _request_body(args: argparse.Namespace, started: _Started) -> dict[str, Any]:
    """POST /v1/imports' body from the flags; secrets given as `-` read here."""
    credentials = {
        wire: _secret(f"--{flag.replace('_', '-')}", value, started)
        for flag, wire in CREDENTIAL_FLAGS.items()
        if (value := getattr(args, flag)) is not None
    }
    options: dict[str, Any] = {}
    if args.base_url is not None:
        options["baseUrl"] = args.base_url
    if args.group_guid is not None:
        options["groupGuid"] = args.group_guid
    if args.no_clicks:
        options["clicks"] = False
    path = args.file if args.file is not None else args.target
    if args.source == "csv":
        if path is None:
            raise SystemExit("hop: import csv: give the file (hop import csv FILE)")
        options["content"] = _file_text(Path(path), started)
    elif args.target is not None:
        raise SystemExit(f"hop: import {args.source}: unexpected argument {args.target!r}")
    return {"source": args.source, "credentials": credentials, "options": options}


def _secret(flag: str, value: str, started: _Started) -> str:
    """The flag's value, or for `-` the first line of standard input (a terminal is
    asked without echo)."""
    if value != "-":
        return value
    if started.stdin_used:
        raise SystemExit(
            f"hop: {flag} -: standard input is already read for {started.stdin_used[0]}"
        )
    started.stdin_used.append(flag)
    if sys.stdin.isatty():
        return getpass.getpass(f"{flag.removeprefix('--')}: ")
    line = sys.stdin.readline().removesuffix("\n").removesuffix("\r")
    if not line:
        raise SystemExit(f"hop: {flag} -: standard input is empty")
    return line


def _file_text(path: Path, started: _Started) -> str:
    if str(path) == "-":
        if started.stdin_used:
            raise SystemExit(f"hop: standard input is already read for {started.stdin_used[0]}")
        started.stdin_used.append("the file")
        return sys.stdin.read()
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise SystemExit(f"hop: {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise SystemExit(f"hop: {path}: not UTF-8 text") from None


# --- the stores and the service --------------------------------------------------


@dataclass
class _Stores:
    settings: Settings  # with the secret key filled in (a running `hop dev`'s own)
    db: Any
    service: Any


@contextlib.asynccontextmanager
async def _stores(settings: Settings) -> AsyncIterator[_Stores]:
    from admin.db import Database, create_pool
    from admin.imports.service import ImportService
    from admin.outbound.policy import AddressPolicy
    from admin.secretbox import SecretBox

    key = dev_stack.webhook_secret_key(settings)
    settings = msgspec.structs.replace(
        settings, webhooks=msgspec.structs.replace(settings.webhooks, secret_key=key)
    )
    # The watcher, and with --here the job and the renewal of its lease, at once.
    async with create_pool(dev_stack.database_url(settings), 6) as pool:
        db = Database(pool)
        service = ImportService(
            db,
            SecretBox(key),
            AddressPolicy(settings.webhooks.networks),
            allow_http=settings.webhooks.allow_http,
        )
        yield _Stores(settings, db, service)


async def _job_action(settings: Settings, action: str, job_id: str) -> int:
    from admin.imports.operator import job_principal

    async with _stores(settings) as stores:
        principal = await job_principal(stores.db, job_id)
        if action == "cancel":
            _print_json(await stores.service.cancel(principal, job_id))
        else:
            _print_json(await stores.service.get(principal, job_id))
    return 0


# --- starting and watching -------------------------------------------------------


async def _import(
    settings: Settings, args: argparse.Namespace, body: dict[str, Any], started: _Started
) -> int:
    from admin.imports.operator import owner_principal
    from admin.imports.schemas import ImportCreate

    environment: Literal["live", "test"] = args.environment
    async with _stores(settings) as stores:
        principal = await owner_principal(stores.db, args.workspace, environment)
        request = msgspec.convert(body, ImportCreate)
        job = await stores.service.create(principal, request)
        started.job_id = job.id
        started.lease_seconds = stores.settings.worker.import_lease
        out = sys.stdout
        out.write(f"import {job.id} started: {job.source} into {args.workspace} ({environment})\n")
        out.flush()
        if args.detach:
            out.write(f"watch it: hop import status {job.id}\n")
            return 0
        progress = Progress(out, tty=out.isatty())
        if not args.here:
            final = await _watch(stores, principal, job, progress, notice=True)
        else:
            async with _running_here(stores, job.id, principal) as here:
                final = await _watch(stores, principal, job, progress, here=here)
        return _ended(final, progress)


async def _watch(
    stores: _Stores,
    principal: Any,
    job: Any,
    progress: Progress,
    *,
    notice: bool = False,
    here: asyncio.Task[None] | None = None,
) -> Any:
    """Poll the job until it ends, drawing its progress; the notice that no worker has
    taken it is said once, WORKER_NOTICE_SECONDS after the start. ``here``: the task
    running the job in this process, whose failure ends the watch."""
    loop = asyncio.get_running_loop()
    notice_at = loop.time() + WORKER_NOTICE_SECONDS
    while True:
        progress.show(job)
        if job.status in EXIT_BY_STATUS:
            return await stores.service.get(principal, job.id)
        if here is not None and here.done() and here.exception() is not None:
            progress.end()
            raise here.exception()  # type: ignore[misc]  # checked just above
        if notice and job.status == "queued" and loop.time() >= notice_at:
            progress.say("waiting for a worker (`hop worker`) to take the job")
            notice = False
        await asyncio.sleep(WATCH_EVERY_SECONDS)
        job = await stores.service.get(principal, job.id)


def _ended(job: Any, progress: Progress) -> int:
    progress.end()
    for line in summary(job):
        sys.stdout.write(line + "\n")
    sys.stdout.flush()
    if job.status != "done":
        sys.stderr.write(f"hop: import {job.id} {job.status}: {job.reason}\n")
    return EXIT_BY_STATUS[job.status]


def _interrupted(started: _Started) -> None:
    sys.stdout.write("\n")
    if started.job_id is None:
        sys.stderr.write("hop: interrupted; no import was started\n")
        return
    job_id = started.job_id
    where = (
        f"it stopped here; a worker (`hop worker`) goes on with it once its lease runs out "
        f"({started.lease_seconds:g} s)"
        if started.here
        else "it goes on in the worker"
    )
    sys.stderr.write(
        f"hop: stopped watching import {job_id}: {where}.\n"
        f"     watch it:  hop import status {job_id}\n"
        f"     cancel it: hop import cancel {job_id}\n"
    )


# --- --here: the worker's import runner, in this process --------------------------


@contextlib.asynccontextmanager
async def _running_here(
    stores: _Stores, job_id: str, principal: Any
) -> AsyncIterator[asyncio.Task[None]]:
    """Run the job in this process while the body watches it, wired as the worker wires
    its runner (admin/worker/main.py ``import_runner``)."""
    from admin.safety.index import SafetyIndex
    from admin.worker.main import import_runner
    from common.domains import CustomDomains
    from common.redis_store import connect

    settings = stores.settings
    redis = connect(dev_stack.redis_url(settings), socket_timeout=10, socket_connect_timeout=5)
    index = SafetyIndex()
    loaded = asyncio.Event()  # set by the first read of the custom domains
    hosts = CustomDomains(redis, on_change=lambda _: loaded.set())
    hosts_task = asyncio.create_task(hosts.run(), name="custom-domains")
    runner, http = import_runner(settings, stores.db, redis, index, hosts)
    task: asyncio.Task[None] | None = None
    try:
        async with stores.db.connection() as conn:
            await index.reload(conn)
        await _loaded(loaded, hosts_task)
        task = asyncio.create_task(
            _claim_and_run(runner, job_id, lambda: stores.service.get(principal, job_id)),
            name=f"import-{job_id}",
        )
        yield task
        await task  # ended: the runner has recorded it; let it return
    finally:
        if task is not None and not task.done():
            task.cancel()
        if task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        hosts.stop()
        hosts_task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await hosts_task
        await http.aclose()
        await redis.aclose()


async def _loaded(loaded: asyncio.Event, task: asyncio.Task[None]) -> None:
    """Wait until the custom domains are read (the loop check of imported links uses
    them), or their reload's task has ended (failed)."""
    waiter = asyncio.ensure_future(loaded.wait())
    await asyncio.wait(
        {waiter, task}, timeout=HOSTS_LOAD_SECONDS, return_when=asyncio.FIRST_COMPLETED
    )
    waiter.cancel()
    if not loaded.is_set():
        raise SystemExit("hop: import --here: Redis did not answer (the custom domains)")


async def _claim_and_run(
    runner: Any, job_id: str, current: Callable[[], Coroutine[Any, Any, Any]]
) -> None:
    """Take the job and run it to its end; while another job of the workspace runs it
    stays queued and is tried again. A worker that took it first runs it instead."""
    while not await runner.run_once(job_id):
        if (await current()).status != "queued":
            return
        await asyncio.sleep(runner.poll_interval)
