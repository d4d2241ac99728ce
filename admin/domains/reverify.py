"""Re-verification of custom domains, run by the worker: a claim is only as good as its
proof, so every verified domain's TXT record is looked up again every
``HOP_DOMAIN_REVERIFY_INTERVAL``.

- Proof found: nothing changes (a lapsing domain is verified again, its owner told).
- Proof gone: the domain is ``lapsing`` (``lapsing_since``) and its owner e-mailed; it
  is still served, and a later check that finds the proof restores it.
- Still gone ``HOP_DOMAIN_LAPSE_GRACE`` after it was first missed: the domain lapses.
  ``verified_at`` is cleared, which frees the name for whoever proves it next (the
  unique index holds verified names only); the host leaves the set the edges route by,
  so its links answer 404 there; the owner is e-mailed. The links stay in the owner's
  account: a verification of theirs serves them again, unless another account proved
  the name first (DomainService.verify deletes them then).

A DNS lookup that fails (time-out, no resolver) changes nothing: the domain is tried
again after the interval. Domains are claimed by stamping ``checked_at`` (SKIP LOCKED),
so any number of workers share the checks; the e-mail is written to the mail outbox in
the transaction that changes the state.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import timedelta

from redis.asyncio import Redis

from admin.db import Database
from admin.domains import repository as repo
from admin.domains.cache import DomainSet
from admin.domains.notices import lapsed_mail, lapsing_mail, restored_mail
from admin.domains.schemas import CHALLENGE_LABEL
from admin.domains.txt import TxtLookup
from admin.errors import ServiceUnavailable
from admin.mail import queue_mail

logger = logging.getLogger(__name__)
BATCH = 100  # domains claimed at a time
LOOKUPS_AT_ONCE = 8  # DNS lookups in flight at a time


class Reverifier:
    def __init__(
        self, db: Database, lookup: TxtLookup, redis: Redis, *, interval: float, grace: float
    ) -> None:
        self.db = db
        self.lookup = lookup
        self.interval = interval
        self.grace = grace
        self.hostnames = DomainSet(redis)
        self._lookups = asyncio.Semaphore(LOOKUPS_AT_ONCE)

    async def check_once(self) -> int:
        """Check the domains due now (at most BATCH); how many were claimed."""
        async with self.db.connection() as conn:
            due = await repo.claim_due(conn, interval=self.interval, grace=self.grace, limit=BATCH)
        await asyncio.gather(*(self._check(domain) for domain in due))
        return len(due)

    async def _check(self, domain: repo.DueDomain) -> None:
        record = f"{CHALLENGE_LABEL}.{domain.hostname}"
        try:
            async with self._lookups:
                texts = await self.lookup.texts(record)
        except ServiceUnavailable as exc:
            logger.warning(
                "domain proof not looked up; tried again after the interval",
                extra={"action": "domains.check_failed", "domain": domain.id, "error": str(exc)},
            )
            return
        if domain.token in texts:
            if domain.lapsing_since is not None:
                await self._restore(domain)
        elif domain.lapsing_since is None:
            await self._start_lapsing(domain)
        else:
            await self._lapse(domain)

    async def _restore(self, domain: repo.DueDomain) -> None:
        async with self.db.transaction() as conn:
            restored = await repo.proof_back(conn, domain.id)
            if restored and domain.owner_email:
                await queue_mail(conn, restored_mail(domain.owner_email, domain))
        if restored:
            logger.info(
                "domain proof back; verified again",
                extra={"action": "domains.restored", "domain": domain.id},
            )

    async def _start_lapsing(self, domain: repo.DueDomain) -> None:
        async with self.db.transaction() as conn:
            since = await repo.proof_gone(conn, domain.id)
            if since is not None and domain.owner_email:
                lapses_at = since + timedelta(seconds=self.grace)
                await queue_mail(conn, lapsing_mail(domain.owner_email, domain, lapses_at))
        if since is not None:
            logger.info(
                "domain proof gone; lapsing",
                extra={"action": "domains.lapsing", "domain": domain.id},
            )

    async def _lapse(self, domain: repo.DueDomain) -> None:
        assert domain.lapsing_since is not None
        async with self.db.transaction() as conn:
            lapsed = await repo.lapse(conn, domain.id, self.grace)
            if lapsed and domain.owner_email:
                links = await repo.owner_links_on(
                    conn, domain.workspace_id, domain.environment, domain.hostname
                )
                await queue_mail(conn, lapsed_mail(domain.owner_email, domain, links))
        if lapsed:
            # After the commit: a rebuild of the set meanwhile already leaves the host out.
            await self.hostnames.remove(domain.hostname)
            logger.info(
                "domain proof missing past the grace period; lapsed",
                extra={"action": "domains.lapsed", "domain": domain.id},
            )


async def run_reverification(reverifier: Reverifier, stop: asyncio.Event) -> None:
    """Check due domains until ``stop``: at least once a minute, or once an interval
    when that is shorter."""
    every_seconds = min(60.0, reverifier.interval)
    while not stop.is_set():
        try:
            while await reverifier.check_once() == BATCH and not stop.is_set():
                pass  # a full batch: there may be more due right away
        except ServiceUnavailable as exc:  # the database is away: until the next round
            logger.warning(
                "domain checks skipped: database unavailable",
                extra={"action": "domains.checks_skipped", "error": str(exc)},
            )
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), every_seconds)
