"""How many exports run at once in this admin worker process, and whose.

An export holds a PostgreSQL connection and an open transaction for as long as
its client takes to read the document, so they are few: ``HOP_EXPORT_CONCURRENCY``
per process (the size of the export pool), and at most one per account, so one
account cannot take every slot. A request that finds no slot is refused at once
with Retry-After rather than queued: a queue would only hold more requests open.

The count is per process and in memory, not in Redis: what it protects is this
process's pool, which no other process can exhaust, and it cannot be left
behind by a crashed process (a Redis lock would need a lease for that). Across
N worker processes an account may so run N exports; each is still bounded.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from admin.errors import ExportInProgress, ServiceUnavailable, retry_after

# Retry-After hints: an account's own export usually needs a while yet; a free slot
# anywhere comes sooner.
ACCOUNT_BUSY_RETRY_SECONDS = 30
ALL_BUSY_RETRY_SECONDS = 5


class ExportSlots:
    def __init__(self, size: int) -> None:
        self.size = size
        self._accounts: set[str] = set()

    @contextmanager
    def take(self, workspace_id: str) -> Iterator[None]:
        """Hold a slot for the block; raise 429 (this account) or 503 (all busy) at once."""
        if workspace_id in self._accounts:
            raise retry_after(
                ExportInProgress("An export of this account is already running; retry later."),
                ACCOUNT_BUSY_RETRY_SECONDS,
            )
        if len(self._accounts) >= self.size:
            raise retry_after(
                ServiceUnavailable("Too many exports are running; retry shortly."),
                ALL_BUSY_RETRY_SECONDS,
            )
        self._accounts.add(workspace_id)  # no await since the checks: no other task interleaves
        try:
            yield
        finally:
            self._accounts.discard(workspace_id)
