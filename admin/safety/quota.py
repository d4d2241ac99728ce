"""Lower link-creation quotas for new accounts (docs/safety.md#spam-waves).

Free-plan accounts younger than HOP_SAFETY_NEW_ACCOUNT_DAYS may create at most
HOP_SAFETY_NEW_ACCOUNT_LINKS_PER_HOUR links an hour and ..._PER_DAY a day (UTC);
beyond that creating a link answers 429 with Retry-After: any link, POST /v1/links and
its bulk forms as well as the links QR codes and Bio pages make (admin/links/admission.py).
The counters are in Redis, counted atomically by one script (written for Redis 6.2, the
oldest we run on: docs/operations.md#redis), so they hold across admin processes. An
account's age is read once per process (then kept: it never changes), so an older
account pays one dictionary lookup per create and nothing else; a paying (pro,
business) account, vetted by its payment, pays one comparison. While Redis is
unreachable the quota is not enforced (logged): the per-account rate limits still
apply. Any other Redis error is raised (a 500 with its log), never taken for an outage.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from datetime import datetime, timedelta
from typing import Final

from admin.auth import Principal
from admin.db import Database
from admin.db.redis_batch import LuaScript, RedisBatcher
from admin.errors import RateLimited, retry_after
from admin.safety import repository as repo
from common.redis_store import RedisUnavailable
from common.settings import SafetySettings
from common.timefmt import utc_now

logger = logging.getLogger(__name__)
_AGES_KEPT: Final = 100_000
_HOUR: Final = 3600
_DAY: Final = 86400
# KEYS: the hour's and the day's counter (one hash tag: one cluster slot). ARGV: the two
# limits, then the ends of the hour and of the day (epoch seconds), when the counters
# expire. Counts the create only when both windows have room; returns 0, or the seconds
# until the full window ends. Redis 6.2 has no EXPIRE ... NX: a counter without an
# expiry (TTL < 0) is given one, which also mends counters an older version left
# without one.
_SPEND = LuaScript("""
local function left(key, ends)
  local ttl = redis.call('TTL', key)
  if ttl < 0 then
    redis.call('EXPIREAT', key, ends)
    ttl = redis.call('TTL', key)
  end
  return ttl
end
local hour = tonumber(redis.call('GET', KEYS[1]) or '0')
local day = tonumber(redis.call('GET', KEYS[2]) or '0')
if hour >= tonumber(ARGV[1]) then return left(KEYS[1], ARGV[3]) end
if day >= tonumber(ARGV[2]) then return left(KEYS[2], ARGV[4]) end
redis.call('INCR', KEYS[1])
left(KEYS[1], ARGV[3])
redis.call('INCR', KEYS[2])
left(KEYS[2], ARGV[4])
return 0
""")


def quota_keys(workspace_id: str, hour: int, day: int) -> list[str]:
    """An account's counters of the hour and the day numbered ``hour`` and ``day`` since
    the epoch; the account id is their hash tag, so the script's keys share a slot."""
    return [
        f"hop:safety:new:{{{workspace_id}}}:h:{hour}",
        f"hop:safety:new:{{{workspace_id}}}:d:{day}",
    ]


class NewAccountQuota:
    def __init__(self, db: Database, batcher: RedisBatcher, settings: SafetySettings) -> None:
        self.db = db
        self.batcher = batcher
        self.young = timedelta(days=settings.new_account_days)
        self.per_hour = settings.new_account_links_per_hour
        self.per_day = settings.new_account_links_per_day
        self._created: OrderedDict[str, datetime] = OrderedDict()

    async def _created_at(self, workspace_id: str) -> datetime:
        created = self._created.get(workspace_id)
        if created is None:
            async with self.db.connection() as conn:
                created = await repo.account_created_at(conn, workspace_id) or utc_now()
            self._created[workspace_id] = created
            if len(self._created) > _AGES_KEPT:
                self._created.popitem(last=False)
        return created

    async def spend(self, principal: Principal) -> None:
        """Count one link creation of a new account; RateLimited when over its quota."""
        if not self.young or principal.plan != "free":
            return
        if await self._created_at(principal.workspace_id) <= utc_now() - self.young:
            return
        now = int(time.time())
        hour, day = now // _HOUR, now // _DAY
        keys = quota_keys(principal.workspace_id, hour, day)
        ends = [(hour + 1) * _HOUR, (day + 1) * _DAY]
        try:
            wait = int(await _SPEND.run(self.batcher, keys, [self.per_hour, self.per_day, *ends]))
        except RedisUnavailable:
            # Only an outage lets the create through; any other error (a script Redis
            # cannot run) is a fault to see, not a quota to drop quietly.
            logger.warning(
                "new-account quota not enforced: Redis unavailable",
                extra={"action": "safety.quota_unavailable", "user": principal.workspace_id},
            )
            return
        if wait:
            raise retry_after(
                RateLimited(
                    "New free accounts may create at most "
                    f"{self.per_hour} links an hour and {self.per_day} a day during their "
                    f"first {self.young.days} days."
                ),
                max(1, wait),
            )
