"""What each admin process, worker and `hop safety` command holds in memory of the
threat feeds and operator host rules, so that checking a destination at create time
costs no round trip: feed URL keys, host rules, the Web Risk prefix lists.

PostgreSQL is the record. After a feed refresh or a host rule change the writer
publishes on ``SAFETY_CHANGES_CHANNEL`` and every holder reloads (``run``); a reload
is also done every ``RELOAD_SECONDS`` in case an announcement was missed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Final

from redis.asyncio import Redis

from admin.db import Connection, Database
from admin.errors import ServiceUnavailable
from admin.safety import feeds_repository as feeds_repo
from admin.safety import repository as repo
from admin.safety.hosts import analyse
from admin.safety.urlforms import full_hashes, url_key
from admin.safety.verdicts import FEED_REASONS
from admin.safety.webrisk import HashList, listed_hashes
from common.backoff import Backoff
from common.channels import Subscription, publish
from common.keys import SAFETY_CHANGES_CHANNEL
from common.redis_store import RedisUnavailable, redis_outage

logger = logging.getLogger(__name__)
RELOAD_SECONDS: Final = 300.0


class SafetyIndex:
    def __init__(self) -> None:
        self.feeds: dict[str, tuple[str, ...]] = {}  # url key → feed reason codes
        self.host_rules: dict[str, str] = {}  # host → "allow" | "block"
        self.webrisk: dict[str, HashList] = {}  # threat type → local prefix list
        self._dirty = asyncio.Event()

    async def reload(self, conn: Connection) -> None:
        feeds: dict[str, tuple[str, ...]] = {}
        for key, source in await feeds_repo.all_feed_entries(conn):
            feeds[key] = (*feeds.get(key, ()), FEED_REASONS[source])
        rules = await repo.host_rules(conn)
        lists = await feeds_repo.all_webrisk_lists(conn)
        self.feeds = feeds
        self.host_rules = rules
        self.webrisk = {threat: HashList.from_blob(blob) for threat, blob in lists.items()}

    def feed_reasons(self, url: str) -> tuple[str, ...]:
        return self.feeds.get(url_key(url), ()) if self.feeds else ()

    def host_rule(self, hostname: str) -> str | None:
        """The operator's rule for the host or its nearest parent domain that has one."""
        if not self.host_rules:
            return None
        labels = analyse(hostname).name.split(".")
        for start in range(len(labels)):
            rule = self.host_rules.get(".".join(labels[start:]))
            if rule is not None:
                return rule
        return None

    def webrisk_candidates(self, url: str) -> list[bytes]:
        """Full hashes of the URL's expressions that a local list has a prefix of."""
        if not any(self.webrisk.values()):
            return []
        return listed_hashes(self.webrisk, full_hashes(url))

    # --- staying current

    def subscription(self, redis: Redis) -> Subscription:
        return Subscription(
            redis,
            SAFETY_CHANGES_CHANNEL,
            on_message=lambda _: self._dirty.set(),
            on_resync=self._dirty.set,
        )

    async def run(self, db: Database) -> None:
        """Reload whenever a change is announced (and every RELOAD_SECONDS)."""
        backoff = Backoff(1.0, 30.0)
        self._dirty.set()
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._dirty.wait(), RELOAD_SECONDS)
            self._dirty.clear()
            try:
                async with db.connection() as conn:
                    await self.reload(conn)
                backoff.reset()
            except ServiceUnavailable as exc:  # the database away: try again
                logger.warning(
                    "safety index not reloaded; retrying",
                    extra={"action": "safety.index_reload_failed", "error": str(exc)},
                )
                self._dirty.set()
                await asyncio.sleep(backoff.next())


async def announce(redis: Redis) -> bool:
    """Tell every holder to reload; False when Redis could not be told."""
    try:
        with redis_outage():
            await publish(redis, SAFETY_CHANGES_CHANNEL, "reload")
    except RedisUnavailable:
        return False
    return True
