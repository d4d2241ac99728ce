"""The safety layer's data files (admin/safety/data/, sources and dates in its README),
read once at import into the shapes the scorer looks things up in."""

from __future__ import annotations

from pathlib import Path
from typing import Final

import msgspec

_DATA = Path(__file__).parent / "data"


def _lines(name: str) -> list[str]:
    text = (_DATA / name).read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if line.strip() and line[0] != "#"]


class Brand(msgspec.Struct, frozen=True):
    token: str  # as it appears in host names: "paypal"
    owned: frozenset[str]  # registrable domains that are the brand's own
    word: bool  # also an everyday word: only look-alikes count, never the plain token


def _brands() -> tuple[Brand, ...]:
    brands = []
    for line in _lines("brands.txt"):
        token, *owned = line.split()
        word = token.startswith("~")
        brands.append(Brand(token.lstrip("~"), frozenset(owned), word))
    return tuple(brands)


def _free_hosting() -> tuple[frozenset[str], tuple[tuple[str, str], ...]]:
    """(domains whose subdomains are user sites, (host, path prefix) pairs)."""
    domains, paths = set(), []
    for entry in _lines("free_hosting.txt"):
        host, slash, path = entry.partition("/")
        if slash:
            paths.append((host, "/" + path))
        else:
            domains.add(entry)
    return frozenset(domains), tuple(paths)


BRANDS: Final = _brands()
SHORTENERS: Final = frozenset(_lines("shorteners.txt"))
CREDENTIAL_WORDS: Final = frozenset(
    word.replace("-", "") for word in _lines("credential_words.txt")
)
FREE_HOSTING_DOMAINS, FREE_HOSTING_PATHS = _free_hosting()
