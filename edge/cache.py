"""The edge's in-process link cache: LRU, bounded by entries and by estimated bytes.

Values are prepared ``Target`` answers, including MISSING ones for codes Redis
doesn't know (negative caching keeps probing bots off Redis). Redis keeps it correct: the
invalidation subscriber drops a code when the admin changes it, and after a
lost connection (when messages may have been missed) it calls ``expire_all``.
Expired entries are not served while Redis answers, but stay as a fallback for
when it doesn't: a Redis outage never turns a known link into an error.
"""

from __future__ import annotations

from collections import OrderedDict

from edge.targets import Target

_OVERHEAD_BYTES = 400  # target, dict slot, three string headers: measured ~370, rounded up


def _size(code: str, entry: Target) -> int:
    size = _OVERHEAD_BYTES + len(code) + len(entry.location) + len(entry.link_id)
    if entry.tailored:  # rules, variants, a preview page: rarer, and larger
        size += len(entry.preview_page) + sum(
            _OVERHEAD_BYTES + len(rule.location) for rule in entry.rules
        )
        size += sum(_OVERHEAD_BYTES + len(location) for location in entry.variant_locations)
    return size


class LinkCache:
    def __init__(self, max_entries: int, max_bytes: int) -> None:
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self.bytes = 0
        self._epoch = 0
        self._entries: OrderedDict[str, Target] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, code: str) -> Target | None:
        """The entry if it is current (cached since the last ``expire_all``)."""
        target = self._entries.get(code)
        if target is None or target.epoch != self._epoch:
            return None
        self._entries.move_to_end(code)
        return target

    def get_stale(self, code: str) -> Target | None:
        """The last entry known for ``code``, current or not: the fallback when Redis fails."""
        return self._entries.get(code)

    def put(self, code: str, entry: Target) -> None:
        old = self._entries.pop(code, None)
        if old is not None:
            self.bytes -= _size(code, old)
        entry.epoch = self._epoch
        self._entries[code] = entry
        self.bytes += _size(code, entry)
        while len(self._entries) > self.max_entries or self.bytes > self.max_bytes:
            evicted_code, evicted = self._entries.popitem(last=False)
            self.bytes -= _size(evicted_code, evicted)

    def drop(self, code: str) -> None:
        old = self._entries.pop(code, None)
        if old is not None:
            self.bytes -= _size(code, old)

    def expire_all(self) -> None:
        """Make every entry stale at once (O(1)): each is re-read before it is served."""
        self._epoch += 1
