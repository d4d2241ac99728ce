"""The check a destination gets when a link is created or changed (docs/safety.md).

Synchronous and offline for the common case: the heuristic scorer, then the in-memory
index of feed entries and operator host rules. Two things cost a round trip, both rare:
an account's verified domains are read only when the scorer would flag the link, and a
Web Risk full-hash search happens only when a local prefix matches (results are kept
for ``WEBRISK_CACHE_SECONDS``). A Web Risk outage lets the link through (logged); the
next refresh of the lists looks again.
"""

from __future__ import annotations

import logging
import time
from typing import Final
from urllib.parse import urlsplit

from admin.db import Database
from admin.safety import repository as repo
from admin.safety.index import SafetyIndex
from admin.safety.scorer import OK, Scorer
from admin.safety.verdicts import FEED_REASONS, Decision, decide, worst
from admin.safety.webrisk import WebRiskClient, WebRiskError
from common.settings import SafetySettings

logger = logging.getLogger(__name__)
WEBRISK_CACHE_SECONDS: Final = 1800.0
_WEBRISK_CACHE_MAX: Final = 10_000


class SafetyChecker:
    def __init__(
        self,
        db: Database,
        scorer: Scorer,
        index: SafetyIndex,
        webrisk: WebRiskClient | None = None,
    ) -> None:
        self.db = db
        self.scorer = scorer
        self.index = index
        self.webrisk = webrisk
        self._searched: dict[bytes, tuple[bool, float]] = {}

    async def check(
        self, workspace_id: str, url: str, *, override: str | None = None, wave: bool = False
    ) -> Decision:
        heuristic = self.scorer.assess(url)
        hostname = urlsplit(url).hostname or ""
        if heuristic.verdict != "ok":
            async with self.db.connection() as conn:
                verified = await repo.verified_domains(conn, workspace_id)
            if verified and self.scorer.allowed(hostname, verified):
                heuristic = OK
        feeds = self.index.feed_reasons(url)
        if not feeds and await self.webrisk_listed(url):
            feeds = (FEED_REASONS["webrisk"],)
        return decide(
            heuristic,
            feed_reasons=feeds,
            override=override,
            host_rule=self.index.host_rule(hostname),
            wave=wave,
        )

    async def check_all(
        self, workspace_id: str, urls: list[str], *, override: str | None = None, wave: bool = False
    ) -> Decision:
        """A link's verdict: each of its destinations checked, the worst winning."""
        decisions = [
            await self.check(workspace_id, url, override=override, wave=wave) for url in urls
        ]
        return worst(decisions, urls)

    async def webrisk_listed(self, url: str) -> bool:
        """Whether Web Risk lists the URL: a local prefix matched and hashes:search
        confirmed the full hash."""
        if self.webrisk is None:
            return False
        now = time.monotonic()
        for full_hash in self.index.webrisk_candidates(url):
            cached = self._searched.get(full_hash)
            if cached is not None and cached[1] > now:
                listed = cached[0]
            else:
                try:
                    listed = bool(await self.webrisk.search(full_hash))
                except (WebRiskError, OSError) as exc:
                    logger.warning(
                        "Web Risk search failed; the destination is let through",
                        extra={"action": "safety.webrisk_search_failed", "error": str(exc)},
                    )
                    continue
                if len(self._searched) >= _WEBRISK_CACHE_MAX:
                    self._searched.clear()
                self._searched[full_hash] = (listed, now + WEBRISK_CACHE_SECONDS)
            if listed:
                return True
        return False


def checker_for(settings: SafetySettings, db: Database, index: SafetyIndex) -> SafetyChecker:
    """The check as the settings configure it (admin, worker and `hop safety` alike)."""
    scorer = Scorer(
        suspicious_tlds=settings.suspicious_tlds,
        allowlist=settings.allowlist,
        warn_score=settings.warn_score,
        block_score=settings.block_score,
    )
    webrisk = (
        WebRiskClient(settings.webrisk_url, settings.webrisk_key, settings.webrisk_threats)
        if settings.webrisk_key
        else None
    )
    return SafetyChecker(db, scorer, index, webrisk)
