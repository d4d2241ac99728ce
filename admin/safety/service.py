"""Changing verdicts after a link was made: an owner's review request, an operator's
decision (`hop safety ...`), and the worker's feed refreshes and spam waves.

Each change is one transaction: the verdict, its ``security.flagged`` event (only when
the verdict really changes) and, for changes the owner did not make, one e-mail to the
owner. Redis entries are written after the commit (admin/links/cache.py), so the edge
shows the new verdict at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, Protocol

from redis.asyncio import Redis

from admin.auth import Principal
from admin.db import Connection, Database
from admin.errors import Conflict, FieldError, NotFound, validation
from admin.link_model import LinkRow
from admin.mail import queue_mail
from admin.safety import feeds_repository as feeds_repo
from admin.safety import repository as repo
from admin.safety.checker import SafetyChecker
from admin.safety.destination_urls import all_hosts, of_link
from admin.safety.hosts import ascii_host, site_of, under
from admin.safety.index import announce
from admin.safety.notices import flagged_event, flagged_mail
from admin.safety.scorer import OK
from admin.safety.verdicts import Decision, decide

Operator = Literal["allow", "block", "clear"]
MAX_REVIEW_MESSAGE = 1000


class LinkEntries(Protocol):
    """Where a re-judged link's edge entry is rewritten: the links domain's ``LinkCache``
    (admin/links/cache.py), handed in by the process that builds this service, since the
    links domain calls the safety layer and not the reverse."""

    async def write(self, rows: Iterable[LinkRow]) -> None: ...


class SafetyService:
    def __init__(
        self,
        db: Database,
        checker: SafetyChecker,
        cache: LinkEntries,
        short_base_url: str,
        redis: Redis | None = None,
    ) -> None:
        self.db = db
        self.checker = checker
        self.cache = cache
        self.short_base_url = short_base_url
        self.redis = redis

    # --- owners

    async def request_review(self, principal: Principal, link_id: str, message: str | None) -> None:
        if message is not None and len(message) > MAX_REVIEW_MESSAGE:
            too_long = f"must be at most {MAX_REVIEW_MESSAGE} characters"
            raise validation([FieldError("message", too_long)])
        async with self.db.connection() as conn:
            link = await repo.owned_link(conn, link_id)
            if link is None or (link.workspace_id, link.environment) != (
                principal.workspace_id,
                principal.environment,
            ):
                raise NotFound(f"No link with id {link_id!r}.")
            requested = await repo.request_review(
                conn, principal.workspace_id, principal.environment, link_id, message
            )
        if requested is None:
            raise Conflict(f"Link {link_id!r} is not flagged: there is nothing to review.")

    # --- verdict changes

    async def apply(
        self,
        conn: Connection,
        link: repo.OwnedLink,
        decision: Decision,
        *,
        override: str | None,
        reviewed: bool = False,
    ) -> repo.ChangedLink | None:
        """Write the decision if it changes anything; e-mail the owner if the verdict
        changed. The changed row, or None."""
        unchanged = (
            link.safety_verdict == decision.verdict
            and tuple(link.safety_reasons) == decision.reasons
            and link.safety_source == decision.source
            and link.safety_override == override
            and not (reviewed and link.review_requested_at is not None)
        )
        if unchanged:
            return None
        change = repo.NewVerdict(
            link_id=link.id,
            verdict=decision.verdict,
            reasons=list(decision.reasons),
            source=decision.source,
            override=override,
            reviewed=reviewed,
        )
        row = await repo.set_verdict(conn, change, flagged_event)
        if row is not None and row.previous_verdict != row.safety_verdict:
            mail = flagged_mail(row, row.email, self.short_base_url, decision.urls)
            await queue_mail(conn, mail)
        return row

    async def reassess(
        self,
        links: Iterable[repo.OwnedLink],
        *,
        wave_sites: frozenset[str] = frozenset(),
        reviewed: bool = False,
    ) -> list[repo.ChangedLink]:
        """Check each link again, every destination of it as at create (feeds, host
        rules, heuristics, its own override; the worst verdict wins), and write what
        changed."""
        changed = []
        for link in links:
            wave = link.safety_source == "spam_wave" or (
                bool(wave_sites) and any(site in wave_sites for site, _ in all_hosts(link))
            )
            decision = await self.checker.check_all(
                link.workspace_id, of_link(link), override=link.safety_override, wave=wave
            )
            async with self.db.transaction() as conn:
                row = await self.apply(
                    conn, link, decision, override=link.safety_override, reviewed=reviewed
                )
            if row is not None:
                changed.append(row)
        await self.cache.write(changed)
        return changed

    # --- operators

    async def decide_link(
        self, link_id: str, decision: Operator, decided_by: str, note: str | None
    ) -> repo.OwnedLink:
        """An operator's decision on one link: allow or block until changed; clear goes
        back to the automatic layers."""
        async with self.db.connection() as conn:
            link = await repo.owned_link(conn, link_id)
        if link is None:
            raise NotFound(f"No link with id {link_id!r}.")
        override = None if decision == "clear" else decision
        if override is None:
            verdict = await self.checker.check_all(link.workspace_id, of_link(link))
        else:
            verdict = decide(OK, override=override)
        async with self.db.transaction() as conn:
            await repo.record_decision(conn, link_id, decision, decided_by, note)
            row = await self.apply(conn, link, verdict, override=override, reviewed=True)
        if row is not None:
            await self.cache.write([row])
            return row
        return link

    async def decide_host(
        self, host: str, decision: Operator, decided_by: str, note: str | None
    ) -> list[repo.ChangedLink]:
        """An operator's decision on a host and its subdomains, for existing links (at
        once) and future ones (every admin process is told to reload its index)."""
        try:
            name = ascii_host(host)
        except UnicodeError:
            raise validation([FieldError("host", "is not a host name")]) from None
        async with self.db.transaction() as conn:
            if decision == "clear":
                if not await repo.drop_host_rule(conn, name):
                    raise NotFound(f"No rule for the host {name!r}.")
            else:
                await repo.put_host_rule(conn, name, decision, decided_by, note)
            await repo.record_decision(conn, name, decision, decided_by, note)
        async with self.db.connection() as conn:
            await self.checker.index.reload(conn)
            links = [
                link
                for link in await repo.links_by_sites(conn, [site_of(name)])
                if any(under(host, name) for _, host in all_hosts(link))
            ]
        if self.redis is not None:
            await announce(self.redis)
        return await self.reassess(links, reviewed=True)

    async def verify_domain(
        self, email: str, domain: str, decided_by: str, *, remove: bool = False
    ) -> None:
        """Record (or remove) a domain an operator checked belongs to the account: the
        scorer never flags that account's links to it."""
        name = ascii_host(domain)
        async with self.db.transaction() as conn:
            workspace_id = await repo.user_by_email(conn, email)
            if workspace_id is None:
                raise NotFound(f"No user has the e-mail {email!r}.")
            if remove:
                if not await repo.unverify_domain(conn, workspace_id, name):
                    raise NotFound(f"{name!r} is not a verified domain of {email!r}.")
            else:
                await repo.verify_domain(conn, workspace_id, name, decided_by)
            action = "unverify" if remove else "verify"
            await repo.record_decision(conn, f"{email}:{name}", action, decided_by, None)

    async def queue(self, limit: int = 100) -> list[repo.QueuedLink]:
        async with self.db.connection() as conn:
            return await repo.review_queue(conn, limit)

    async def feed_runs(self) -> list[feeds_repo.FeedRun]:
        """When each threat feed last loaded, and how it went (``hop safety feeds``)."""
        async with self.db.connection() as conn:
            return await feeds_repo.feed_runs(conn)
