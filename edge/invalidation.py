"""Keep every edge worker's link cache true to Redis.

The admin publishes a short code on ``LINK_CHANGES_CHANNEL`` after each write
(``*`` after a rebuild); the subscription drops that code from the local cache.
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


def link_invalidations(redis: Redis, cache: LinkCache) -> Subscription:
    def apply(data: bytes) -> None:
        if data == FLUSH_ALL:
            cache.expire_all()
        else:
            cache.drop(data.decode("utf-8", "replace"))

    return Subscription(redis, LINK_CHANGES_CHANNEL, on_message=apply, on_resync=cache.expire_all)
