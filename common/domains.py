"""The verified custom hostnames (``keys.DOMAINS_KEY``): the edge routes by them
(``Host``), the admin refuses destinations on them (a redirect loop through us).

The set is read from Redis when the change channel is first subscribed, again on every
change the admin announces, and again after every resubscription (changes announced
while the channel was down are lost, as for the link cache). Until the first read
succeeds ``loaded`` is False: the set is unknown, not empty, and the edge answers 503 to
any host but the short host's rather than guess (edge/app.py).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import cast

from redis.asyncio import Redis
from redis.exceptions import ResponseError

from common.backoff import Backoff
from common.channels import Subscription
from common.keys import (
    CASE_INSENSITIVE_DOMAINS_KEY,
    DOMAIN_CHANGES_CHANNEL,
    DOMAIN_NOT_FOUND_KEY,
    DOMAINS_KEY,
)
from common.redis_store import RedisUnavailable, redis_outage

logger = logging.getLogger(__name__)


def host_of(raw: str) -> str:
    """A Host header (or HTTP/2 authority) as the set holds names: lower case, without
    its port or a final dot."""
    host = raw.lower()
    if not host.endswith("]"):  # an IPv6 literal without a port has nothing to strip
        name, colon, port = host.rpartition(":")
        if colon and port.isdigit():
            host = name
    return host.removesuffix(".")


class CustomDomains:
    def __init__(
        self, redis: Redis, on_change: Callable[[frozenset[str]], None] | None = None
    ) -> None:
        self.redis = redis
        self.on_change = on_change
        self.hosts: frozenset[str] = frozenset()
        # Hostname → where its unknown codes are redirected (DOMAIN_NOT_FOUND_KEY).
        self.not_found: dict[str, str] = {}
        # The verified hostnames whose codes are case-insensitive (issue 30).
        self.case_insensitive: frozenset[str] = frozenset()
        self.loaded = False  # the set has been read at least once
        self._stale = asyncio.Event()
        self.subscription = Subscription(
            redis,
            DOMAIN_CHANGES_CHANNEL,
            on_message=lambda _: self._stale.set(),
            on_resync=self._stale.set,
        )

    async def run(self) -> None:
        await asyncio.gather(self.subscription.run(), self._reload())

    def stop(self) -> None:
        self.subscription.stop()

    async def _reload(self) -> None:
        backoff = Backoff(0.05, 1.0)
        while True:
            await self._stale.wait()
            self._stale.clear()
            try:
                with redis_outage():
                    members = cast("set[bytes]", await self.redis.smembers(DOMAINS_KEY))
                    pages = cast(
                        "dict[bytes, bytes]", await self.redis.hgetall(DOMAIN_NOT_FOUND_KEY)
                    )
                    folded = cast(
                        "set[bytes]", await self.redis.smembers(CASE_INSENSITIVE_DOMAINS_KEY)
                    )
            except (RedisUnavailable, ResponseError) as exc:
                if isinstance(exc, ResponseError):  # refused: a fault to see, not an outage;
                    logger.error(  # still, retry
                        "custom domains refused by Redis",
                        exc_info=exc,
                        extra={"action": "domains.reload_refused"},
                    )
                logger.warning(
                    "custom domains not reloaded; retrying",
                    extra={"action": "domains.reload_failed", "error": str(exc)},
                )
                self._stale.set()
                await asyncio.sleep(backoff.next())
                continue
            backoff.reset()
            hosts = frozenset(member.decode() for member in members)
            self.not_found = {
                host.decode(): url.decode() for host, url in pages.items() if host in members
            }
            case_insensitive = frozenset(m.decode() for m in folded if m in members)
            if hosts != self.hosts or case_insensitive != self.case_insensitive or not self.loaded:
                # A host's codes folded or no longer: its cached answers were looked up by
                # the other name (the change handler expires them).
                self.case_insensitive = case_insensitive
                self.hosts = hosts
                self.loaded = True
                if self.on_change is not None:
                    self.on_change(hosts)
