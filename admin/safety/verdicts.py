"""How the layers combine into one verdict (docs/safety.md#verdicts).

An operator's decision on the link, then on its host, wins until changed; then a
threat-feed hit blocks; then a spam wave warns; then the heuristic scorer decides.
Allowlists and verified domains only ever silence the scorer (see checker.py). A link
with several destinations gets the worst of their verdicts (``worst``).
"""

from __future__ import annotations

from typing import Final

import msgspec

from admin.safety.scorer import Assessment
from common.safety import Verdict

FEED_REASONS: Final = {
    "urlhaus": "feed_urlhaus",
    "phishtank": "feed_phishtank",
    "webrisk": "feed_webrisk",
}


class Decision(msgspec.Struct, frozen=True):
    verdict: Verdict
    reasons: tuple[str, ...]
    source: str | None  # common.safety.Source
    # The link's destinations that earned a verdict other than ok (``worst`` fills it):
    # what the owner's e-mail names, since the one at fault may not be longUrl.
    urls: tuple[str, ...] = ()


def decide(
    heuristic: Assessment,
    *,
    feed_reasons: tuple[str, ...] = (),
    override: str | None = None,
    host_rule: str | None = None,
    wave: bool = False,
) -> Decision:
    for operator in (override, host_rule):
        if operator == "block":
            return Decision("block", ("operator",), "operator")
        if operator == "allow":
            return Decision("ok", (), "operator")
    if feed_reasons:
        return Decision("block", feed_reasons, "feed")
    if wave and heuristic.verdict != "block":
        reasons = ("spam_wave", *(r for r in heuristic.reasons if r != "spam_wave"))
        return Decision("warn", reasons, "spam_wave")
    if heuristic.verdict != "ok":
        return Decision(heuristic.verdict, heuristic.reasons, "heuristic")
    return Decision("ok", (), "heuristic")


_SEVERITY: Final = {"ok": 0, "warn": 1, "block": 2}


def worst(decisions: list[Decision], urls: list[str]) -> Decision:
    """A link's verdict from its destinations' (admin/safety/destination_urls.py; one decision
    per URL, in order): the most severe one, with every flagged destination's reasons and
    the flagged destinations themselves."""
    top = max(decisions, key=lambda decision: _SEVERITY[decision.verdict])
    if top.verdict == "ok":
        return top
    flagged = [
        (url, decision)
        for url, decision in zip(urls, decisions, strict=True)
        if decision.verdict != "ok"
    ]
    reasons = dict.fromkeys(reason for _, decision in flagged for reason in decision.reasons)
    # A spam wave warns every destination of a link that meets it: about the link, not
    # about a destination, so it names none.
    at_fault = tuple(url for url, decision in flagged if decision.source != "spam_wave")
    return Decision(top.verdict, tuple(reasons), top.source, at_fault)
