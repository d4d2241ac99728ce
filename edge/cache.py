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

from edge.applinks import App
from edge.targets import Rule, Target

_OVERHEAD_BYTES = 400  # target, dict slot, three string headers: measured ~370, rounded up
# Measured with tracemalloc on targets decoded from their wire form (20,000 each): a
# targeting rule (its struct, location and condition sets) ~900 bytes, a variant's
# location ~120. Rule sets are shared between targets (edge/targets.py), so a set is
# counted once, however many cached links hold it.
_RULE_BYTES = 880
_VARIANT_BYTES = 100
_APP_BYTES = 100  # a deep link's struct (edge/applinks.py App), beside its three URLs


def _size(code: str, entry: Target) -> int:
    """The entry's own bytes: everything but its rule set (counted once per set)."""
    size = _OVERHEAD_BYTES + len(code) + len(entry.location) + len(entry.link_id)
    if entry.tailored:  # rules, variants, a preview page: rarer, and larger
        size += len(entry.preview_page)
        size += sum(_VARIANT_BYTES + len(location) for location in entry.variant_locations)
        size += _app_size(entry.app)
    return size


def _app_size(app: App | None) -> int:
    return 0 if app is None else _APP_BYTES + len(app.url) + len(app.ios) + len(app.android)


def _rules_size(rules: tuple[Rule, ...]) -> int:
    return sum(_RULE_BYTES + len(rule.location) + _app_size(rule.app) for rule in rules)


class LinkCache:
    def __init__(self, max_entries: int, max_bytes: int) -> None:
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self.bytes = 0
        self._epoch = 0
        self._entries: OrderedDict[str, Target] = OrderedDict()
        # Cached entries holding each rule set, by the set's id: an id is unique among
        # live objects, and a set stays alive while an entry here holds it.
        self._rule_sets: dict[int, int] = {}

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
            self._refund(code, old)
        entry.epoch = self._epoch
        self._entries[code] = entry
        self._charge(code, entry)
        while len(self._entries) > self.max_entries or self.bytes > self.max_bytes:
            evicted_code, evicted = self._entries.popitem(last=False)
            self._refund(evicted_code, evicted)

    def drop(self, code: str) -> None:
        old = self._entries.pop(code, None)
        if old is not None:
            self._refund(code, old)

    def _charge(self, code: str, entry: Target) -> None:
        self.bytes += _size(code, entry)
        if entry.rules:
            holders = self._rule_sets.get(id(entry.rules), 0)
            if not holders:
                self.bytes += _rules_size(entry.rules)
            self._rule_sets[id(entry.rules)] = holders + 1

    def _refund(self, code: str, entry: Target) -> None:
        self.bytes -= _size(code, entry)
        if entry.rules:
            holders = self._rule_sets[id(entry.rules)] - 1
            if holders:
                self._rule_sets[id(entry.rules)] = holders
            else:
                del self._rule_sets[id(entry.rules)]
                self.bytes -= _rules_size(entry.rules)

    def expire_all(self) -> None:
        """Make every entry stale at once (O(1)): each is re-read before it is served."""
        self._epoch += 1
