"""The offline heuristic scorer: a destination's signals, their score, and the verdict.

Pure and synchronous: no I/O, everything precomputed at import (admin/safety/lists.py,
skeleton.py, hosts.py) and per host cached, so scoring a URL costs microseconds
(``loadtest/bench_safety.py`` measures it). Each signal adds its weight; the sum
decides the verdict (``warn`` at ``warn_score``, ``block`` at ``block_score``). The
weights are chosen so that no single ordinary signal blocks on its own and one weak
signal never even warns; the table and the reasoning are in docs/safety.md.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterable
from typing import Final
from urllib.parse import SplitResult, unquote, urlsplit

import msgspec

from admin.safety.hosts import Host, analyse, under
from admin.safety.lists import (
    BRANDS,
    CREDENTIAL_WORDS,
    FREE_HOSTING_DOMAINS,
    FREE_HOSTING_PATHS,
    SHORTENERS,
    Brand,
)
from admin.safety.skeleton import mixed_script, skeleton, whole_script_lookalike
from common.safety import Verdict

WEIGHTS: Final[dict[str, int]] = {
    "ip_literal": 40,
    "encoded_ip": 60,
    "confusable_label": 40,
    "brand_homograph": 70,  # reason brand_lookalike: the brand spelled with look-alikes
    "brand_lookalike": 30,  # the brand's name on a host that is not the brand's
    "shortener_chain": 40,
    "suspicious_tld": 20,
    "credential_path": 30,
    "free_hosting": 20,
    "long_url": 10,  # over LONG_URL characters; twice over VERY_LONG_URL
    "many_subdomains": 15,  # MANY_SUBDOMAINS or more; twice from LOTS_OF_SUBDOMAINS
    "embedded_url": 20,
}
LONG_URL: Final = 500
VERY_LONG_URL: Final = 1000
MANY_SUBDOMAINS: Final = 4
LOTS_OF_SUBDOMAINS: Final = 6
# Generic leading labels that say nothing about the site.
_PLAIN_PREFIXES: Final = frozenset({"www", "m", "mobile"})
# The gTLDs on which a brand's own name is taken for the brand's (ccTLDs are too).
_BRAND_TLDS: Final = frozenset({"com", "net", "org"})
_WORDS: Final = re.compile(r"[a-z0-9]+")
_EMBEDDED: Final = re.compile(r"(?:https?:/|www\.)[^\s&#]*", re.IGNORECASE)
_PREFIX_MIN: Final = 5  # a brand this long also counts at the start of a word ("paypalsecure")
_BY_SKELETON: Final[dict[str, Brand]] = {skeleton(brand.token): brand for brand in BRANDS}
_PREFIXABLE: Final = tuple(brand for brand in BRANDS if len(brand.token) >= _PREFIX_MIN)


class Assessment(msgspec.Struct, frozen=True):
    verdict: Verdict
    reasons: tuple[str, ...]  # stable codes (common/safety.py); empty when ok
    score: int


OK: Final = Assessment("ok", (), 0)


class Signals(msgspec.Struct, frozen=True):
    """What one host says, whatever the path (cached per host)."""

    weights: tuple[tuple[str, int], ...]  # (reason, weight)
    brands: frozenset[str]  # brands named or imitated by the host, not owned by it
    owned: frozenset[str]  # brands that own the host
    credential: bool  # a label names a sign-in or account word ("appleid-verify")


def _owner_brands(host: Host) -> frozenset[str]:
    if not host.domain:
        return frozenset()
    label = host.domain[: -len(host.suffix) - 1] if host.suffix else host.domain
    top = host.suffix.rsplit(".", 1)[-1]
    own_name = len(top) == 2 or host.suffix in _BRAND_TLDS
    return frozenset(
        brand.token
        for brand in BRANDS
        if host.domain in brand.owned or (own_name and label == brand.token)
    )


def _brand_hits(label: str) -> Iterable[tuple[Brand, bool]]:
    """(brand, spelled with look-alikes) for each brand a host label names or imitates."""
    words = label.split("-")
    if len(words) > 1:
        words.append(label.replace("-", ""))  # "pay-pal"
    for word in words:
        folded = skeleton(word)
        exact = word.isascii() and not any(char.isdigit() for char in word)
        brand = _BY_SKELETON.get(folded)
        if brand is not None and word != brand.token:
            yield brand, True
        elif brand is not None:
            yield brand, False
        for candidate in _PREFIXABLE:
            if folded.startswith(skeleton(candidate.token)) and folded != skeleton(candidate.token):
                yield candidate, not (exact and word.startswith(candidate.token))


@functools.lru_cache(maxsize=65536)
def host_signals(hostname: str) -> Signals:
    host = analyse(hostname)
    if host.ip:
        code = "encoded_ip" if host.ip == "encoded" else "ip_literal"
        return Signals(((code, WEIGHTS[code]),), frozenset(), frozenset(), credential=False)
    weights: dict[str, int] = {}
    owned = _owner_brands(host)
    suffix_labels = host.suffix.count(".") + 1 if host.suffix else 1
    named = host.labels[:-suffix_labels] if len(host.labels) > suffix_labels else host.labels
    brands: set[str] = set()
    for label in named:
        if not label.isascii() and (mixed_script(label) or whole_script_lookalike(label)):
            weights["confusable_label"] = WEIGHTS["confusable_label"]
        for brand, lookalike in _brand_hits(label):
            if brand.token in owned or (brand.word and not lookalike):
                continue
            brands.add(brand.token)
            weight = WEIGHTS["brand_homograph" if lookalike else "brand_lookalike"]
            weights["brand_lookalike"] = max(weights.get("brand_lookalike", 0), weight)
    subdomains = [label for label in named[:-1] if label not in _PLAIN_PREFIXES]
    if len(subdomains) >= MANY_SUBDOMAINS:
        lots = len(subdomains) >= LOTS_OF_SUBDOMAINS
        weights["many_subdomains"] = WEIGHTS["many_subdomains"] * (2 if lots else 1)
    if any(
        under(host.name, domain) and host.name not in (domain, "www." + domain)
        for domain in _free_domains(host)
    ):
        weights["free_hosting"] = WEIGHTS["free_hosting"]
    credential = bool(_words(" ".join(named)) & CREDENTIAL_WORDS)
    return Signals(tuple(weights.items()), frozenset(brands), owned, credential=credential)


def _free_domains(host: Host) -> Iterable[str]:
    """The free-hosting domains the host could be a user site of (its parent names)."""
    labels = host.name.split(".")
    for start in range(1, len(labels) - 1):
        parent = ".".join(labels[start:])
        if parent in FREE_HOSTING_DOMAINS:
            yield parent


def _words(text: str) -> set[str]:
    """Words of a path or query, with adjacent pairs joined ("sign in" → "signin")."""
    words = _WORDS.findall(text.lower())
    return {*words, *(a + b for a, b in itertools.pairwise(words))}


class Scorer:
    """Scores destinations; the settings are the suspicious-TLD table, the global
    allowlist (registrable domains whose hosts are never flagged by heuristics) and
    the two thresholds."""

    def __init__(
        self,
        *,
        suspicious_tlds: Iterable[str],
        allowlist: Iterable[str] = (),
        warn_score: int = 40,
        block_score: int = 100,
    ) -> None:
        self.suspicious_tlds = frozenset(tld.lower().lstrip(".") for tld in suspicious_tlds)
        self.allowlist = tuple(domain.lower() for domain in allowlist)
        self.warn_score = warn_score
        self.block_score = block_score

    def allowed(self, hostname: str, extra: Iterable[str] = ()) -> bool:
        """Whether the host is under the global allowlist or one of ``extra`` (an
        account's verified domains): heuristics never flag it."""
        name = analyse(hostname).name
        return any(under(name, domain) for domain in (*self.allowlist, *extra))

    def assess(self, url: str, verified: Iterable[str] = ()) -> Assessment:
        """The heuristic verdict of an accepted destination (admin/urls.py)."""
        parts = urlsplit(url)
        hostname = parts.hostname or ""
        if self.allowed(hostname, verified):
            return OK
        weights = self._weights(url, parts, hostname)
        score = sum(weights.values())
        if score >= self.block_score:
            return Assessment("block", tuple(weights), score)
        if score >= self.warn_score:
            return Assessment("warn", tuple(weights), score)
        return Assessment("ok", (), score)

    def _weights(self, url: str, parts: SplitResult, hostname: str) -> dict[str, int]:
        signals = host_signals(hostname)
        weights = dict(signals.weights)
        host = analyse(hostname)
        path = parts.path
        if host.suffix and host.suffix.rsplit(".", 1)[-1] in self.suspicious_tlds:
            weights["suspicious_tld"] = WEIGHTS["suspicious_tld"]
        if path not in ("", "/") and (host.name in SHORTENERS or host.site in SHORTENERS):
            weights["shortener_chain"] = WEIGHTS["shortener_chain"]
        if any(
            host.name == free and path.startswith(prefix) for free, prefix in FREE_HOSTING_PATHS
        ):
            weights["free_hosting"] = WEIGHTS["free_hosting"]
        rest = f"{path}?{parts.query}" if parts.query else path
        words = _words(unquote(rest))
        credential = signals.credential or bool(words & CREDENTIAL_WORDS)
        if credential and (signals.brands or _named_brands(words, signals.owned)):
            weights["credential_path"] = WEIGHTS["credential_path"]
        self._embedded(unquote(rest), weights)
        if len(url) > LONG_URL:
            weights["long_url"] = WEIGHTS["long_url"] * (2 if len(url) > VERY_LONG_URL else 1)
        return weights

    def _embedded(self, rest: str, weights: dict[str, int]) -> None:
        """Another URL inside this one: a redirect chain. Its host's own signals count
        when it is an IP address or a shortener."""
        found = _EMBEDDED.search(rest)
        if found is None:
            return
        weights["embedded_url"] = WEIGHTS["embedded_url"]
        inner = found[0] if found[0].lower().startswith("http") else "http://" + found[0]
        try:
            inner_host = urlsplit(inner.replace(":/", "://", 1) if "://" not in inner else inner)
            name = inner_host.hostname or ""
        except ValueError:
            return
        if not name:
            return
        try:
            host = analyse(name)
        except UnicodeError:
            return
        if host.ip:
            code = "encoded_ip" if host.ip == "encoded" else "ip_literal"
            weights[code] = max(weights.get(code, 0), WEIGHTS[code])
        elif host.name in SHORTENERS or host.site in SHORTENERS:
            weights["shortener_chain"] = WEIGHTS["shortener_chain"]


def _named_brands(words: set[str], owned: frozenset[str]) -> bool:
    """A brand named in the path of a host it does not own ("/paypal/signin")."""
    return any(
        brand.token in words and not brand.word and brand.token not in owned for brand in BRANDS
    )
