"""The safety layer's vocabulary, shared by the admin (which decides verdicts) and the
edge (which shows them): verdicts, where a verdict came from, and the reason codes with
the sentence a visitor or an owner reads for each (docs/safety.md).

Reason codes are stable: they appear in the link resource, in ``security.flagged``
events and in the edge's pages. New codes may be added; none is ever renamed.
"""

from __future__ import annotations

from typing import Final, Literal

Verdict = Literal["ok", "warn", "block"]
VERDICTS: Final = ("ok", "warn", "block")
# How a verdict was reached: the offline scorer, a threat feed, an operator, or a wave of
# new links to one never-seen domain.
Source = Literal["heuristic", "feed", "operator", "spam_wave"]

REASONS: Final[dict[str, str]] = {
    "ip_literal": "The destination is a bare IP address instead of a domain name.",
    "encoded_ip": "The destination is an IP address written in a disguised (numeric or "
    "hexadecimal) form.",
    "confusable_label": "The domain name mixes alphabets or uses look-alike characters.",
    "brand_lookalike": "The address imitates a well-known brand it does not belong to.",
    "shortener_chain": "The destination is another link shortener, which hides where it "
    "finally leads.",
    "suspicious_tld": "The domain ending is one that is widely abused for phishing and malware.",
    "credential_path": "The address names a brand together with sign-in or account words, as "
    "phishing pages do.",
    "free_hosting": "The page is on a free hosting or file-sharing service often used to host "
    "phishing pages or malware.",
    "long_url": "The address is unusually long, a common way to hide its real destination.",
    "many_subdomains": "The address has an unusual number of subdomains, a common way to make "
    "a domain look like another.",
    "embedded_url": "The address carries another web address inside it, as redirect chains do.",
    "feed_urlhaus": "The address is listed by URLhaus as distributing malware.",
    "feed_phishtank": "The address is listed by PhishTank as a phishing page.",
    "feed_webrisk": "The address is listed by Google Web Risk as unsafe.",
    "spam_wave": "Many new short links to this never-seen domain appeared within an hour.",
    "operator": "The operator of this service reviewed the link and blocked it.",
}
