"""API keys' ``last_used_at``, recorded off the request path.

A request only notes in memory which key it used and when (one dict store). A
background task writes what was noted since the last time in one UPDATE every
``interval`` seconds, so each key is written at most once per interval per
admin process, and nothing is written while nothing is used. A write that
fails is kept for the next one; the admin writes once more at shutdown.
"""

from __future__ import annotations

import asyncio
import logging
import time
from datetime import UTC, datetime

from admin.auth import repository as repo
from admin.db import Database
from admin.errors import ServiceUnavailable

logger = logging.getLogger(__name__)


class KeyUsage:
    def __init__(self, db: Database, interval: float) -> None:
        self.db = db
        self.interval = interval
        self._pending: dict[str, float] = {}

    def used(self, key_id: str) -> None:
        self._pending[key_id] = time.time()

    async def flush(self) -> int:
        """Write what was noted; the number of keys written (0 if it must wait)."""
        if not self._pending:
            return 0
        pending, self._pending = self._pending, {}
        used_at = {key_id: datetime.fromtimestamp(at, UTC) for key_id, at in pending.items()}
        try:
            async with self.db.connection() as conn:
                await repo.record_key_use(conn, used_at)
        except ServiceUnavailable as exc:
            for key_id, at in pending.items():
                self._pending.setdefault(key_id, at)  # a newer use noted meanwhile wins
            logger.warning(
                "could not record API key use; will retry",
                extra={"action": "auth.key_usage_failed", "keys": len(pending), "error": str(exc)},
            )
            return 0
        return len(pending)

    async def run(self) -> None:
        while True:
            await asyncio.sleep(self.interval)
            await self.flush()
