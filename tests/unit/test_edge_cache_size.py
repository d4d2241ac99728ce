"""The edge cache's memory estimate: tailored entries counted as they really weigh, and
a rule set shared by many links counted once."""

from __future__ import annotations

from common.wire import LinkEntry, LinkFeatures, LinkRule, link_entry_decoder, link_entry_encoder
from edge.cache import LinkCache
from edge.targets import Target, target_of

_RULES = (
    LinkRule("https://apps.example.com/ios", oses=("ios",)),
    LinkRule("https://m.example.com/", devices=("mobile", "tablet")),
)


def _target(n: int, rules: tuple[LinkRule, ...] = ()) -> Target:
    entry = LinkEntry(
        link_id=f"lnk_{n:026d}",
        url=f"https://example.com/{n}",
        features=LinkFeatures(rules=rules) if rules else None,
    )
    # Through the wire form, as the edge reads entries from Redis.
    return target_of(link_entry_decoder.decode(link_entry_encoder.encode(entry)))


def test_links_with_the_same_rules_share_them_and_they_are_counted_once() -> None:
    plain, shared = LinkCache(1000, 10**9), LinkCache(1000, 10**9)
    for n in range(100):
        plain.put(f"p{n}", _target(n))
        shared.put(f"p{n}", _target(n, _RULES))
    first, second = _target(1, _RULES), _target(2, _RULES)
    assert first.rules is second.rules
    rule_set = shared.bytes - plain.bytes
    assert 2 * 800 < rule_set < 2 * 1000  # one set of two rules, not a hundred


def test_distinct_rule_sets_are_each_counted_and_everything_is_given_back() -> None:
    cache = LinkCache(1000, 10**9)
    for n in range(10):
        rules = (LinkRule(f"https://example.com/only-{n}", oses=("ios",)),)
        cache.put(f"c{n}", _target(n, rules))
    assert cache.bytes > 10 * 800 + 10 * 400
    cache.put("c0", _target(0))  # replaced by a plain entry
    for n in range(10):
        cache.drop(f"c{n}")
    assert cache.bytes == 0


def test_the_byte_bound_evicts_by_the_real_weight_of_rules() -> None:
    cache = LinkCache(1000, 20_000)
    for n in range(30):
        rules = (LinkRule(f"https://example.com/{n}", oses=("ios",)),) * 4
        cache.put(f"c{n}", _target(n, rules))
    assert cache.bytes <= 20_000
    assert len(cache) < 10  # each entry ~4 KB: a handful fit
