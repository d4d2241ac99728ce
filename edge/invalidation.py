"""Keep every edge worker's link caches true to Redis.

The admin publishes a link's cache key on ``LINK_CHANGES_CHANNEL`` after each write
(the short code, or ``<hostname>/<code>`` for a link on a custom domain; ``*`` after a
rebuild); the subscription drops that key from the local cache that holds it.
Whenever the subscription is (re)established every cached entry is expired,
since messages sent while we were not listening are lost: a stale entry can
then live at most until the connection comes back (expired entries are only
served as a fallback while Redis fails).
"""

from __future__ import annotations

from redis.asyncio import Redis

from common.channels import Subscription
from common.keys import LINK_CHANGES_CHANNEL
from edge.cache import LinkCache

FLUSH_ALL = b"*"


def link_invalidations(
    redis: Redis, cache: LinkCache, domain_cache: LinkCache | None = None
) -> Subscription:
    """``domain_cache`` holds the custom domains' links, keyed ``<hostname>/<code>``: a
    cache of its own, so that no path on the default host (``/<hostname>/<code>``) can
    ever be answered from it."""
    caches = [cache] if domain_cache is None else [cache, domain_cache]

    def apply(data: bytes) -> None:
        if data == FLUSH_ALL:
            expire_all()
        elif domain_cache is not None and b"/" in data:
            domain_cache.drop(data.decode("utf-8", "replace"))
        else:
            cache.drop(data.decode("utf-8", "replace"))

    def expire_all() -> None:
        for each in caches:
            each.expire_all()

    return Subscription(redis, LINK_CHANGES_CHANNEL, on_message=apply, on_resync=expire_all)
