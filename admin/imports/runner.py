"""The worker's import loop: take a job, walk its source a page at a time, write each
page's links with the job's progress in one transaction, put them in the edge's cache.

- **Nothing twice**: the page's links, their imported_links records, the job's counts
  and its cursor commit together. A worker killed mid-page leaves none of that page;
  the job's lease runs out, another worker (or this one, restarted) takes it and
  starts at that page. Links an earlier run brought are skipped by their source key.
- **One job per workspace at a time** (the claim), so two never race for a code.
- **While a page is written the next is fetched**: the source's latency hides behind
  our writes.
- A source's refusal (bad credential) or a failure that retries cannot mend ends the job
  as failed with its reason; the new-account quota does too (the same import started
  later goes on where this one stopped). A lost database is waited out.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from typing import Any

import msgspec

from admin.auth import Principal
from admin.db import Database, DatabaseUnavailable, UniqueViolation
from admin.errors import RateLimited
from admin.imports import repository as repo
from admin.imports.service import PAYLOAD_OPTION
from admin.imports.sources import (
    SOURCES,
    ImportProblem,
    OutboundHttp,
    Page,
    Source,
    SourceHttp,
    SourceLink,
)
from admin.links import ImportLink, LinkImporter, imported_source_keys
from admin.secretbox import SecretBox, SecretUnreadable
from common.backoff import Backoff

logger = logging.getLogger(__name__)
# Jobs one worker runs at once (of different workspaces: a workspace's run in turn).
JOBS_PER_WORKER = 4
# Most seconds between two renewals of a job's lease: also how soon a cancel is seen
# while the runner waits on its source.
RENEW_EVERY_SECONDS = 2.0
# Tries at writing one page that meets links written meanwhile by another runner.
_PAGE_ATTEMPTS = 3


class _LostJob(Exception):
    """The job is no longer this runner's: cancelled, or taken over after its lease."""


class ImportRunner:
    def __init__(
        self,
        db: Database,
        box: SecretBox,
        http: OutboundHttp,
        importer: LinkImporter,
        *,
        lease_seconds: float,
        poll_interval: float,
    ) -> None:
        self.db = db
        self.box = box
        self.http = http
        self.importer = importer
        self.lease_seconds = lease_seconds
        self.poll_interval = poll_interval
        self.stopping = asyncio.Event()
        self.backoff = Backoff(0.2, 5.0)

    async def run(self) -> None:
        """Until ``stopping``: take jobs while fewer than JOBS_PER_WORKER run, each in a
        task of its own, else wait a little; then let the running ones reach the end
        of their page."""
        running: set[asyncio.Task[None]] = set()
        while not self.stopping.is_set():
            if len(running) >= JOBS_PER_WORKER:
                await asyncio.wait(running, return_when=asyncio.FIRST_COMPLETED)
                continue
            try:
                job = await self._claim()
            except DatabaseUnavailable as exc:
                logger.warning(
                    "imports waiting for PostgreSQL",
                    extra={"action": "import.waiting", "error": str(exc)},
                )
                await self._pause(self.backoff.next())
                continue
            self.backoff.reset()
            if job is None:
                await self._pause(self.poll_interval)
                continue
            task = asyncio.create_task(job.run(), name=f"import-{job.job.id}")
            running.add(task)
            task.add_done_callback(running.discard)
        if running:
            await asyncio.gather(*running, return_exceptions=True)

    async def run_once(self, only: str | None = None) -> bool:
        """Run one waiting job to its end, if there is one; whether there was.
        ``only``: that job and no other (`hop import --here` runs the operator's own
        job, never another workspace's that happens to be waiting)."""
        job = await self._claim(only)
        if job is None:
            return False
        await job.run()
        return True

    async def _claim(self, only: str | None = None) -> _Job | None:
        runner = secrets.token_hex(8)
        async with self.db.connection() as conn:
            job = await repo.claim_import(conn, runner, self.lease_seconds, only=only)
        if job is None:
            return None
        logger.info(
            "import running",
            extra={"action": "import.running", "import": job.id, "source": job.source},
        )
        return _Job(self, job, runner)

    async def _pause(self, seconds: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.stopping.wait(), seconds)


class _Job:
    """One claimed job, run to its end (or until the worker stops or loses it)."""

    def __init__(self, runner: ImportRunner, job: repo.ClaimedJob, token: str) -> None:
        self.runner = runner
        self.db = runner.db
        self.job = job
        self.token = token
        self.lease = runner.lease_seconds

    async def run(self) -> None:
        """Walk the source to its end. The job is given up the moment its lease cannot
        be renewed (cancelled, or taken over): the walk is cancelled where it waits."""
        walk = asyncio.create_task(self._walk_to_the_end())
        keeper = asyncio.create_task(self._keep_lease(walk))
        try:
            await walk
        except asyncio.CancelledError:
            if not walk.cancelled():
                raise
            logger.info(
                "import no longer ours (cancelled or taken over)",
                extra={"action": "import.lost", "import": self.job.id},
            )
        finally:
            keeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await keeper

    async def _walk_to_the_end(self) -> None:
        try:
            await self._walk()
        except ImportProblem as exc:
            await self._finish("failed", str(exc))
        except RateLimited as exc:
            await self._finish(
                "failed",
                f"{exc.detail} Start the same import again later: it goes on where this one "
                "stopped.",
            )
        except _LostJob:
            logger.info(
                "import no longer ours (cancelled or taken over)",
                extra={"action": "import.lost", "import": self.job.id},
            )

    async def _walk(self) -> None:
        source = self._open()
        principal = await self._principal()
        pending = asyncio.create_task(source.page(self.job.cursor))
        # A written page goes to the edge's cache while the next one is written: one
        # publish in flight at a time, each awaited before the job ends. A lost Redis is
        # the cache's to log (LinkCache.write): the links are written, and a worker's start
        # or `hop cache rebuild` puts them in from PostgreSQL.
        publishing: asyncio.Task[None] | None = None
        try:
            while True:
                page = await pending
                if page.cursor is not None:
                    pending = asyncio.create_task(source.page(page.cursor))
                rows = await self._write(principal, page)
                if publishing is not None:
                    await publishing
                publishing = asyncio.create_task(self.runner.importer.publish(rows))
                if page.cursor is None:
                    await publishing
                    await self._finish("done", None)
                    return
                if self.runner.stopping.is_set():
                    await publishing
                    async with self.db.connection() as conn:
                        await repo.release_import(conn, self.job.id, self.token)
                    return
        finally:
            for task in (pending, publishing):
                if task is not None and not task.done():
                    # The source's next page is not needed; a publish is let finish (a
                    # cancelled one leaves written links out of the edge's cache).
                    if task is pending:
                        task.cancel()
                    with contextlib.suppress(asyncio.CancelledError, Exception):
                        await task

    def _open(self) -> Source:
        job = self.job
        kind = SOURCES.get(job.source)
        if kind is None:
            raise ImportProblem(f"this Hop does not know the source {job.source!r}")
        if job.credentials is None:
            raise ImportProblem("the job's credentials are gone; start the import again")
        try:
            secret = self.runner.box.open(job.credentials, job.id)
        except SecretUnreadable:
            raise ImportProblem(
                "the job's credentials cannot be read (the secret key changed); start the "
                "import again"
            ) from None
        options: dict[str, Any] = dict(job.options)
        if job.payload is not None:
            options[PAYLOAD_OPTION] = job.payload
        credentials = msgspec.convert(msgspec.json.decode(secret), kind.credentials)
        return kind(
            credentials,
            msgspec.convert(options, kind.options),
            SourceHttp(self.runner.http, kind.label),
        )

    async def _principal(self) -> Principal:
        """Who the links are written as: the job's starter in its workspace, on the
        workspace's plan now (the new-account quota reads it)."""
        job = self.job
        async with self.db.connection() as conn:
            plan = await repo.workspace_plan(conn, job.workspace_id)
        if plan is None:
            raise _LostJob()  # the workspace is gone (its jobs with it)
        created_by = job.created_by or ""
        return Principal(
            workspace_id=job.workspace_id,
            user_id=job.user_id,
            role="member",
            environment=job.environment,  # type: ignore[arg-type]  # the column's CHECK
            scopes=frozenset(),
            plan=plan,
            limit_per_minute=0,
            limit_per_month=0,
            key_id=created_by if created_by.startswith("key_") else None,
        )

    async def _write(self, principal: Principal, page: Page) -> list[Any]:
        """One page: its links, notes, counts and the next cursor in one transaction;
        the rows written, for the edge's cache. A unique violation means another runner
        wrote some of these links meanwhile (a lease taken over): the page is read
        again, and what came over is then skipped."""
        for _ in range(_PAGE_ATTEMPTS - 1):
            try:
                return await self._write_page(principal, page)
            except UniqueViolation:
                continue
        return await self._write_page(principal, page)

    async def _write_page(self, principal: Principal, page: Page) -> list[Any]:
        job = self.job
        items = [self._item(link) for link in page.links]
        importer = self.runner.importer
        async with self.db.connection() as conn:
            done = await imported_source_keys(conn, principal, [i.source_key for i in items])
        fresh: dict[str, ImportLink] = {}
        for item in items:
            if item.source_key not in done:
                fresh.setdefault(item.source_key, item)
        skipped = len(items) - len(fresh)
        notes: list[repo.Note] = []
        admitted = []
        for item in fresh.values():
            verdict = await importer.admit(principal, item)
            if isinstance(verdict, str):
                notes.append(_failed(item.source_id, verdict))
            else:
                admitted.append(verdict)
        async with self.db.transaction() as conn:
            outcomes, rows = await importer.write(conn, principal, job.id, admitted)
            for outcome in outcomes:
                if outcome.link is None:
                    notes.append(_failed(outcome.source_id, outcome.reason or "not written"))
                elif outcome.reason is not None:
                    notes.append(
                        repo.Note(
                            kind="remapped",
                            source_id=outcome.source_id,
                            reason=outcome.reason,
                            code=outcome.code,
                            new_code=outcome.link.short_code,
                        )
                    )
            await repo.add_notes(conn, job.id, notes)
            written = sum(1 for outcome in outcomes if outcome.link is not None)
            counts = {
                "imported": written,
                "skipped": skipped,
                "remapped": sum(1 for outcome in outcomes if outcome.remapped),
                "failed": len(items) - skipped - written,
            }
            if not await repo.advance_import(
                conn,
                job.id,
                self.token,
                cursor=page.cursor,
                total=page.total,
                counts=counts,
                lease_seconds=self.lease,
            ):
                raise _LostJob()
        return rows

    def _item(self, link: SourceLink) -> ImportLink:
        job = self.job
        return ImportLink(
            source_key=f"{job.source} {job.origin} {link.source_id}",
            source_id=link.source_id,
            long_url=link.long_url,
            code=link.code,
            host=link.domain,
            title=link.title,
            tags=link.tags,
            created_at=link.created_at,
            expires_at=link.expires_at,
            max_clicks=link.max_clicks,
            archived=link.archived,
            clicks=max(0, link.clicks),
            problem=link.problem,
        )

    async def _finish(self, status: str, reason: str | None) -> None:
        async with self.db.connection() as conn:
            finished = await repo.finish_import(conn, self.job.id, self.token, status, reason)
        logger.info(
            "import ended",
            extra={
                "action": f"import.{status}",
                "import": self.job.id,
                "reason": reason,
                "recorded": finished,
            },
        )

    async def _keep_lease(self, walk: asyncio.Task[None]) -> None:
        """Renew the lease while the job runs (a source's long Retry-After included);
        cancel the walk once the job is no longer this runner's."""
        while True:
            await asyncio.sleep(min(self.lease / 3, RENEW_EVERY_SECONDS))
            try:
                async with self.db.connection() as conn:
                    kept = await repo.renew_import(conn, self.job.id, self.token, self.lease)
            except DatabaseUnavailable:
                continue
            if not kept:
                walk.cancel()
                return


def _failed(source_id: str, reason: str) -> repo.Note:
    return repo.Note(kind="failed", source_id=source_id, reason=reason)
