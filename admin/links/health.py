"""Broken destinations, found by the worker (issue 30; docs/api.md#link-health).

Every ``HOP_LINK_HEALTH_INTERVAL`` seconds each live link's destinations (its own URL, its
rules' and its variants') are checked (admin/links/health_probe.py: HEAD, else a one-byte
GET, ten seconds, our own User-Agent, under the outbound policy, one request at a time
per host with a gap between them). The link's ``health`` is what the worst destination
gave: broken if one is, else unknown if one is, else ok.

A link that becomes broken (first found broken, or after an ok check) emits
``link.broken`` to the webhooks subscribed to it and is listed in its workspace owners'
next digest, both in the transaction of its result; it emits again only after a check
found it ok. A digest goes to each owner at most once a day
(``HOP_TEST_LINK_HEALTH_DIGEST_INTERVAL``), listing the links still broken; none when none.

Links are claimed by stamping ``health_claimed_at`` (SKIP LOCKED), so any number of
workers share a round and no link is checked twice in one. A workspace with the checks
off (``linkHealth.enabled`` false) has its links claimed and left alone: no request.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from collections.abc import Callable
from datetime import datetime
from urllib.parse import urlsplit

from admin.db import Database, DatabaseUnavailable
from admin.links import health_repository as repo
from admin.links.health_probe import Finding, Prober
from admin.mail import Mail, queue_mail
from admin.urls import short_url
from common.timefmt import iso_utc, utc_now

logger = logging.getLogger(__name__)
BATCH = 100  # links claimed at a time
HOSTS_AT_ONCE = 16  # hosts checked at once (one request in flight each)
DIGESTS_AT_ONCE = 50  # workspaces' digests written a pass
TIMEOUT_SECONDS = 10.0  # the whole of one request: resolve, connect, TLS, the answer's head
_RANK = {"broken": 2, "unknown": 1, "ok": 0}


class LinkHealthChecks:
    def __init__(
        self,
        db: Database,
        prober: Prober,
        short_base_url: str,
        *,
        interval: float,
        digest_interval: float,
        clock: Callable[[], datetime] = utc_now,
    ) -> None:
        self.db = db
        self.prober = prober
        self.short_base_url = short_base_url
        self.interval = interval
        self.digest_interval = digest_interval
        self.clock = clock
        self._hosts = asyncio.Semaphore(HOSTS_AT_ONCE)

    async def check_once(self) -> int:
        """Check the links due now (at most BATCH); how many were claimed."""
        async with self.db.connection() as conn:
            due = await repo.claim_due(conn, interval=self.interval, limit=BATCH)
        checked = [link for link in due if link.checkable]
        findings = await self._check_all({url for link in checked for url in link.destinations()})
        self.prober.gate.prune()
        broke = 0
        for link in checked:
            result = self._result(link, findings)
            async with self.db.transaction() as conn:
                broke += await repo.record_result(conn, link.id, result)
        if checked:
            logger.info(
                "link destinations checked",
                extra={"action": "links.health_checked", "links": len(checked), "broke": broke},
            )
        return len(due)

    async def _check_all(self, urls: set[str]) -> dict[str, Finding]:
        """Each URL's finding: the hosts in parallel, each host's URLs one after another."""
        by_host: dict[str, list[str]] = defaultdict(list)
        for url in sorted(urls):
            by_host[(urlsplit(url).hostname or "").lower()].append(url)
        findings: dict[str, Finding] = {}

        async def host_round(host_urls: list[str]) -> None:
            async with self._hosts:
                for url in host_urls:
                    findings[url] = await self.prober.check(url)

        await asyncio.gather(*(host_round(host_urls) for host_urls in by_host.values()))
        return findings

    def _result(self, link: repo.DueLink, findings: dict[str, Finding]) -> repo.Result:
        urls = link.destinations()
        worst = max(urls, key=lambda url: _RANK[findings[url].status])  # the first worst
        finding = findings[worst]
        if finding.status == "ok":
            own = findings[link.long_url]
            return repo.Result(
                status="ok",
                http_status=own.http_status,
                url=None,
                reason="ok",
                checked_at=self.clock(),
            )
        return repo.Result(
            status=finding.status,
            http_status=finding.http_status,
            url=worst,
            reason=finding.reason,
            checked_at=self.clock(),
        )

    async def send_digests(self) -> int:
        """Queue the digests due now (one e-mail per owner of each workspace with links
        that broke since its last one); how many workspaces got one."""
        async with self.db.connection() as conn:
            workspaces = await repo.digest_candidates(
                conn, interval=self.digest_interval, limit=DIGESTS_AT_ONCE
            )
        sent = 0
        for workspace_id in workspaces:
            async with self.db.transaction() as conn:
                taken = await repo.take_digest(conn, workspace_id, interval=self.digest_interval)
                if not taken or not taken[0]:
                    continue
                links, owners = taken
                for owner in owners:
                    await queue_mail(conn, self._digest(owner, links))
            sent += 1
            logger.info(
                "broken links digest queued",
                extra={"action": "links.health_digest", "workspace": workspace_id},
            )
        return sent

    def _digest(self, owner: repo.Owner, links: list[repo.BrokenLink]) -> Mail:
        count = len(links)
        lines = []
        for link in links:
            answer = (
                f"answered {link.health_http_status}"
                if link.health_http_status is not None
                else "did not answer"
            )
            since = iso_utc(link.health_broken_since) if link.health_broken_since else "?"
            short = short_url(self.short_base_url, link.environment, link.short_code, link.domain)
            lines.append(
                f"- {short} ({link.id})\n"
                f"  {link.health_url or link.long_url} {answer}, since {since}\n"
            )
        return Mail(
            owner.email,
            f"Hop: {count} link{'' if count == 1 else 's'} of {owner.workspace_name} "
            f"{'is' if count == 1 else 'are'} broken",
            f"Our daily check of your links' destinations found {count} that stopped "
            f"answering in {owner.workspace_name}:\n\n"
            + "\n".join(lines)
            + "\nThe links still redirect there. Change their destination (PATCH "
            "/v1/links/:id), or ignore this if the page is back: the next check clears it "
            "(GET /v1/links/:id shows `health`).\n\nTurn these checks off for the workspace "
            'with PATCH /v1/workspaces/:id {"linkHealth": {"enabled": false}}.\n',
        )


async def run_link_health(checks: LinkHealthChecks, stop: asyncio.Event) -> None:
    """Check due links and send due digests until ``stop``: at least once a minute, or
    once an interval when that is shorter."""
    every_seconds = min(60.0, checks.interval)
    while not stop.is_set():
        try:
            while await checks.check_once() == BATCH and not stop.is_set():
                pass  # a full batch: there may be more due right away
            await checks.send_digests()
        except DatabaseUnavailable as exc:  # until the next round
            logger.warning(
                "link health checks skipped: database unavailable",
                extra={"action": "links.health_skipped", "error": str(exc)},
            )
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), every_seconds)
