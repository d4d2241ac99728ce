"""The safety layer's background work (docs/safety.md), run by the worker: threat
feeds, spam waves, and locating links made before the layer existed.

- **Feeds**, each optional and enabled by its setting: URLhaus and PhishTank dumps are
  downloaded whole and diffed against the stored entries; Web Risk lists are brought up
  to date with ``threatLists:computeDiff``. Only links whose registrable domain appears
  among the *new* entries are looked at (the ``links.site`` index), never all links.
  Every admin process is then told to reload its index, so new links are checked
  against the new entries at once. Each feed's turn is claimed in PostgreSQL, so with
  many workers one downloads.
- **Spam waves**: every ``wave_interval`` the sites of links created since the last look
  are recorded; a site first seen within the hour that has ``wave_links`` links from
  ``wave_accounts`` accounts makes a wave, claimed once: its links are set to ``warn``
  (reason ``spam_wave``) and join the review queue (``hop safety queue``).
- **Backfill**: links from before the migration (and any without a site) get their host
  and site, a batch at a time, so refreshes can find them; links from before
  ``link_destination_hosts`` get their other destinations' hosts the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Final

from redis.asyncio import Redis

from admin.db import Connection, Database, DatabaseError
from admin.errors import ServiceUnavailable
from admin.safety import feeds_repository as feeds_repo
from admin.safety import repository as repo
from admin.safety.checker import SafetyChecker
from admin.safety.destination_urls import destinations, of_link, other_hosts
from admin.safety.feeds import FeedError, download, read_phishtank, read_urlhaus
from admin.safety.hosts import under
from admin.safety.index import announce
from admin.safety.service import SafetyService
from admin.safety.urlforms import locate, site_prefix, url_key
from admin.safety.webrisk import HashList, WebRiskClient, WebRiskError, updated
from common.backoff import Backoff
from common.ids import ulid
from common.settings import SafetySettings
from common.timefmt import utc_now

logger = logging.getLogger(__name__)
TICK_SECONDS: Final = 1.0
LEASE_SECONDS: Final = 600.0
RETRY_SECONDS: Final = 300.0
WAVE_WINDOW: Final = timedelta(hours=1)
_BACKFILL_BATCH: Final = 500
_OVERLAP_SECONDS: Final = 30.0  # links committed a little after their id's time
# What postpones a round: a store away (the database's DatabaseUnavailable is one of
# each), the database refusing, or a feed's host unreachable.
_DOWN: Final[tuple[type[Exception], ...]] = (ServiceUnavailable, DatabaseError, OSError)


class SafetyWorker:
    def __init__(
        self,
        db: Database,
        redis: Redis,
        service: SafetyService,
        settings: SafetySettings,
        *,
        user_agent: str,
    ) -> None:
        self.db = db
        self.redis = redis
        self.service = service
        self.checker: SafetyChecker = service.checker
        self.settings = settings
        self.user_agent = user_agent
        self.webrisk = (
            WebRiskClient(settings.webrisk_url, settings.webrisk_key, settings.webrisk_threats)
            if settings.webrisk_key
            else None
        )
        self.stopping = asyncio.Event()
        self._next_wave = utc_now()
        self._located = False
        self._destined_after: str | None = ""  # backfill position; None when done
        self._recommended: datetime | None = None  # Web Risk's next diff time

    def _feeds(self) -> list[tuple[str, float, Callable[[], Awaitable[int]]]]:
        feeds: list[tuple[str, float, Callable[[], Awaitable[int]]]] = []
        if self.settings.urlhaus_url:
            urlhaus = self.settings.urlhaus_url
            refresh = functools.partial(self._urls, "urlhaus", urlhaus)
            feeds.append(("urlhaus", self.settings.urlhaus_interval, refresh))
        if self.settings.phishtank_url:
            phishtank = self.settings.phishtank_url
            refresh = functools.partial(self._urls, "phishtank", phishtank)
            feeds.append(("phishtank", self.settings.phishtank_interval, refresh))
        if self.webrisk is not None:
            feeds.append(("webrisk", self.settings.webrisk_interval, self._webrisk))
        return feeds

    async def run(self) -> None:
        backoff = Backoff(1.0, 60.0)
        while not self.stopping.is_set():
            try:
                await self.tick()
                backoff.reset()
                wait = TICK_SECONDS
            except _DOWN as exc:
                logger.warning(
                    "safety work postponed",
                    extra={"action": "safety.worker_error", "error": str(exc)},
                )
                wait = backoff.next()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.stopping.wait(), wait)

    async def tick(self) -> None:
        if not self._located:
            self._located = await self.locate_links() < _BACKFILL_BATCH
        if self._destined_after is not None:
            self._destined_after = await self.locate_destinations(self._destined_after)
        # Sites first: a feed refresh finds links through the sites recorded here.
        if utc_now() >= self._next_wave:
            await self.scan_waves()
            self._next_wave = utc_now() + timedelta(seconds=self.settings.wave_interval)
        for source, interval, refresh in self._feeds():
            await self._feed_turn(source, interval, refresh)

    async def _feed_turn(
        self, source: str, interval: float, refresh: Callable[[], Awaitable[int]]
    ) -> None:
        async with self.db.connection() as conn:
            if not await feeds_repo.claim_run(conn, source, LEASE_SECONDS):
                return
        entries: int | None = None
        error: str | None = None
        next_at = utc_now() + timedelta(seconds=interval)
        try:
            entries = await refresh()
        except (FeedError, WebRiskError) as exc:
            error = str(exc)
            next_at = utc_now() + timedelta(seconds=min(interval, RETRY_SECONDS))
            logger.warning(
                "threat feed not refreshed",
                extra={"action": "safety.feed_failed", "feed": source, "error": error},
            )
        if source == "webrisk" and error is None and self._recommended is not None:
            next_at = max(next_at, self._recommended)
        async with self.db.connection() as conn:
            await feeds_repo.finish_run(conn, source, next_at=next_at, entries=entries, error=error)

    # --- URLhaus and PhishTank

    async def _urls(self, source: str, url: str) -> int:
        body = await download(url, self.user_agent)
        urls = read_urlhaus(body) if source == "urlhaus" else read_phishtank(body)
        entries: dict[str, tuple[str, str]] = {}  # url key → (site, host)
        for listed in urls:
            try:
                host, site = locate(listed)
                entries[url_key(listed)] = (site, host)
            except (UnicodeError, ValueError):
                continue
        async with self.db.transaction() as conn:
            existing = await feeds_repo.feed_keys(conn, source)
            added = {key: where for key, where in entries.items() if key not in existing}
            dropped = [key for key in existing if key not in entries]
            sites = {key: site for key, (site, _) in added.items()}
            await feeds_repo.replace_feed(conn, source, dropped, sites)
        logger.info(
            "threat feed refreshed",
            extra={
                "action": "safety.feed_refreshed",
                "feed": source,
                "entries": len(entries),
                "added": len(added),
                "removed": len(dropped),
            },
        )
        hosts = sorted(set(added.values()))
        await self._changed_entries(
            lambda conn: repo.links_by_hosts(conn, hosts), lambda link: url_key(link) in added
        )
        return len(entries)

    async def _changed_entries(
        self,
        find: Callable[[Connection], Awaitable[list[repo.OwnedLink]]],
        listed: Callable[[str], bool],
    ) -> None:
        """Reload the index, tell the admins, re-check the links ``find`` returns that the
        new entries may hit."""
        async with self.db.connection() as conn:
            await self.checker.index.reload(conn)
            links = await find(conn)
        await announce(self.redis)
        hit = [link for link in links if any(listed(url) for url in of_link(link))]
        changed = await self.service.reassess(hit)
        if changed:
            logger.info(
                "links flagged by a feed refresh",
                extra={"action": "safety.feed_flagged", "links": [row.id for row in changed]},
            )

    # --- Web Risk

    async def _webrisk(self) -> int:
        assert self.webrisk is not None
        added: set[bytes] = set()
        total = 0
        self._recommended = None
        for threat in self.settings.webrisk_threats:
            async with self.db.connection() as conn:
                token, blob = await feeds_repo.webrisk_list(conn, threat)
            current = HashList.from_blob(blob)
            diff = await self.webrisk.diff(threat, token)
            try:
                new = updated(current, diff)
            except WebRiskError:
                # Start this list again from scratch at the next turn.
                async with self.db.connection() as conn:
                    await feeds_repo.put_webrisk_list(conn, threat, "", b"")
                raise
            added |= set(new.hashes) - set(current.hashes)
            async with self.db.connection() as conn:
                await feeds_repo.put_webrisk_list(
                    conn, threat, diff.new_version_token, new.to_blob()
                )
            total += len(new)
            if diff.recommended_next_diff is not None:
                later = [t for t in (self._recommended, diff.recommended_next_diff) if t]
                self._recommended = max(later)
        async with self.db.connection() as conn:
            sites = await feeds_repo.sites_by_prefix(conn, sorted({p[:4] for p in added}))
        await self._changed_entries(
            lambda conn: repo.links_by_sites(conn, sorted(set(sites))), lambda _: True
        )
        return total

    # --- spam waves

    async def scan_waves(self) -> list[str]:
        """Record the sites of new links; warn the links of every new wave. The sites of
        the waves found."""
        now = utc_now()
        look_back = self.settings.wave_interval + _OVERLAP_SECONDS
        since_ms = int((now.timestamp() - look_back) * 1000)
        since_id = "lnk_" + ulid(since_ms)[:10] + "0" * 16  # the smallest id of that moment
        window = now - WAVE_WINDOW
        async with self.db.transaction() as conn:
            new = await feeds_repo.new_sites(conn, since_id)
            if new:
                await feeds_repo.add_sites(conn, new, [site_prefix(s.site) for s in new])
            hosts = await feeds_repo.new_hosts(conn, since_id)
            if hosts:
                await feeds_repo.add_hosts(conn, hosts, [site_prefix(h) for h, _ in hosts])
            candidates = await feeds_repo.wave_candidates(conn, window)
            counts = await feeds_repo.wave_counts(conn, candidates, window) if candidates else []
        # A site the operator allowlisted is never a wave: on a new install everyone's
        # first links to a popular site arrive within the same hour.
        waves = [
            count.site
            for count in counts
            if count.links >= self.settings.wave_links
            and count.accounts >= self.settings.wave_accounts
            and not any(under(count.site, domain) for domain in self.settings.allowlist)
        ]
        found = []
        for site in waves:
            async with self.db.transaction() as conn:  # the claim only with its links read
                if not await feeds_repo.mark_wave(conn, site):
                    continue  # another worker took it
                links = [
                    link
                    for link in await repo.links_by_sites(conn, [site])
                    if link.created_at >= window
                ]
            found.append(site)
            await self.service.reassess(links, wave_sites=frozenset({site}))
            logger.warning(
                "spam wave: links set to warn and queued for review",
                extra={"action": "safety.spam_wave", "site": site, "links": len(links)},
            )
        return found

    # --- backfill

    async def locate_links(self) -> int:
        """Give a batch of links without a site their host and site; how many."""
        async with self.db.connection() as conn:
            batch = await feeds_repo.unlocated_links(conn, _BACKFILL_BATCH)
        if not batch:
            return 0
        hosts, sites = [], []
        first_seen: dict[str, datetime] = {}
        located: set[tuple[str, str]] = set()
        for link in batch:
            try:
                host, site = locate(link.long_url)
            except UnicodeError:
                host = site = ""  # never matches a feed entry; not looked at again
            hosts.append(host)
            sites.append(site)
            if site:
                first_seen[site] = min(first_seen.get(site, link.created_at), link.created_at)
                located.add((host, site))
        seen = [feeds_repo.NewSite(site, at) for site, at in first_seen.items()]
        async with self.db.transaction() as conn:
            await feeds_repo.locate_links(conn, [link.id for link in batch], hosts, sites)
            if seen:
                await feeds_repo.add_sites(conn, seen, [site_prefix(s.site) for s in seen])
                pairs = sorted(located)
                await feeds_repo.add_hosts(conn, pairs, [site_prefix(h) for h, _ in pairs])
        return len(batch)

    async def locate_destinations(self, after: str) -> str | None:
        """Record the other destinations' hosts of a batch of links made before they were
        recorded with the link (0013_link_destination_hosts), in id order after
        ``after``, and their sites and hosts for spam waves and Web Risk; the position
        to go on from, or None when done. One pass over links at each worker start:
        rows written since by the links service are not read again (NOT EXISTS)."""
        async with self.db.connection() as conn:
            batch = await feeds_repo.undestined_links(conn, after, _BACKFILL_BATCH)
        if not batch:
            return None
        rows: list[tuple[str, str, str]] = []
        first_seen: dict[str, datetime] = {}
        located: set[tuple[str, str]] = set()
        for link in batch:
            urls = destinations(link.long_url, link, link.ios_url, link.android_url)
            for site, host in other_hosts(urls):
                rows.append((link.id, site, host))
                first_seen[site] = min(first_seen.get(site, link.created_at), link.created_at)
                located.add((host, site))
        if rows:
            seen = [feeds_repo.NewSite(site, at) for site, at in first_seen.items()]
            pairs = sorted(located)
            async with self.db.transaction() as conn:
                await feeds_repo.add_other_hosts(conn, rows)
                await feeds_repo.add_sites(conn, seen, [site_prefix(s.site) for s in seen])
                await feeds_repo.add_hosts(conn, pairs, [site_prefix(h) for h, _ in pairs])
        return batch[-1].id if len(batch) == _BACKFILL_BATCH else None
