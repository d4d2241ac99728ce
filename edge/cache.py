"""The edge's in-process link cache: LRU, bounded by entries and by estimated bytes.

Values are ``LinkEntry`` objects, or ``NOT_FOUND`` for codes Redis doesn't know
(negative caching keeps probing bots off Redis). Redis keeps it correct: the
invalidation subscriber drops a code when the admin changes it, and after a
lost connection (when messages may have been missed) it calls ``expire_all``.
Expired entries are not served while Redis answers, but stay as a fallback for
when it doesn't: a Redis outage never turns a known link into an error.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Final

from common.wire import LinkEntry

NOT_FOUND: Final = LinkEntry(link_id="", url="", state="deleted")
_OVERHEAD_BYTES = 260  # dict slot, key, tuple and struct headers: measured, rounded up


def _size(code: str, entry: LinkEntry) -> int:
    return _OVERHEAD_BYTES + len(code) + len(entry.url) + len(entry.link_id)


class LinkCache:
    def __init__(self, max_entries: int, max_bytes: int) -> None:
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self.bytes = 0
        self._epoch = 0
        self._entries: OrderedDict[str, tuple[int, LinkEntry]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, code: str) -> LinkEntry | None:
        """The entry if it is current (cached since the last ``expire_all``)."""
        item = self._entries.get(code)
        if item is None or item[0] != self._epoch:
            return None
        self._entries.move_to_end(code)
        return item[1]

    def get_stale(self, code: str) -> LinkEntry | None:
        """The last entry known for ``code``, current or not: the fallback when Redis fails."""
        item = self._entries.get(code)
        return None if item is None else item[1]

    def put(self, code: str, entry: LinkEntry) -> None:
        old = self._entries.pop(code, None)
        if old is not None:
            self.bytes -= _size(code, old[1])
        self._entries[code] = (self._epoch, entry)
        self.bytes += _size(code, entry)
        while len(self._entries) > self.max_entries or self.bytes > self.max_bytes:
            evicted_code, (_, evicted) = self._entries.popitem(last=False)
            self.bytes -= _size(evicted_code, evicted)

    def drop(self, code: str) -> None:
        old = self._entries.pop(code, None)
        if old is not None:
            self.bytes -= _size(code, old[1])

    def expire_all(self) -> None:
        """Make every entry stale at once (O(1)): each is re-read before it is served."""
        self._epoch += 1
