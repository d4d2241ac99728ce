"""Look-alike characters (Unicode TR39) for host labels, from the confusables data the
``confusable_homoglyphs`` package bundles (generated from Unicode's confusables.txt).

``skeleton`` folds a label to what it looks like in plain Latin: Cyrillic a (U+0430) and
Greek omicron (U+03BF) become "a" and "o", the digits "0" and "1" become "o" and "l",
"rn" becomes "m", accents are dropped. Two labels with the same skeleton are confusable; a brand's
skeleton found in a label that is not the brand itself is a look-alike. Unlike TR39's
skeleton it lower-cases and drops combining marks first, since host names are
case-insensitive and an accent changes little of a word's look. ``scripts`` names the
scripts of a label's letters, for TR39's mixed-script test. Tables are built once, at
import (a few milliseconds).
"""

from __future__ import annotations

import functools
import unicodedata
from typing import Final

from confusable_homoglyphs import categories, confusables

_LETTERS: Final = frozenset("abcdefghijklmnopqrstuvwxyz")
_ASCII_ALNUM: Final = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")
# Scripts that never decide a label's script (digits, hyphens, combining marks).
_NEUTRAL: Final = frozenset({"COMMON", "INHERITED"})
# Mixes TR39's "highly restrictive" level allows: Japanese, Chinese and Korean writing
# legitimately combine these scripts, each optionally with Latin.
_PROTOTYPE: Final = {"I": "l"}
_ALLOWED_MIXES: Final = (
    frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"LATIN", "HAN", "BOPOMOFO"}),
    frozenset({"LATIN", "HAN", "HANGUL"}),
)


def _tables() -> tuple[dict[str, str], tuple[tuple[str, str], ...]]:
    """(one character → its plain-Latin look-alike, runs of Latin letters → one letter)."""
    single: dict[str, str] = {}
    runs: list[tuple[str, str]] = []
    for source, homoglyphs in confusables.confusables_data.items():
        # TR39 reads a capital I as a small l (the two are drawn alike in most fonts).
        targets = [_PROTOTYPE.get(h["c"], h["c"].lower()) for h in homoglyphs if len(h["c"]) == 1]
        latin = [t for t in targets if t in _LETTERS] or [t for t in targets if t in _ASCII_ALNUM]
        if not latin:
            continue
        key = source.lower()
        if len(key) == 1 and key not in _LETTERS:
            single.setdefault(key, latin[0])
        elif len(key) > 1 and set(key) <= _LETTERS and latin[0] in _LETTERS:
            runs.append((key, latin[0]))  # "rn" → "m", "vv" → "w", "cl" → "d"
    # Longest runs first, so that "rnn" is not read as "m" + "n" before a longer rule.
    runs.sort(key=lambda run: -len(run[0]))
    return single, tuple(runs)


_SINGLE, _RUNS = _tables()


@functools.lru_cache(maxsize=65536)
def skeleton(label: str) -> str:
    """What ``label`` looks like in plain lower-case Latin (see the module docstring)."""
    folded = "".join(
        _SINGLE.get(char, char)
        for char in unicodedata.normalize("NFD", label.lower())
        if not unicodedata.combining(char)
    )
    for run, letter in _RUNS:
        if run in folded:
            folded = folded.replace(run, letter)
    return folded


@functools.lru_cache(maxsize=65536)
def scripts(label: str) -> frozenset[str]:
    """The scripts of the label's letters (digits, hyphens and marks don't count)."""
    return frozenset(categories.alias(char) for char in label) - _NEUTRAL


def mixed_script(label: str) -> bool:
    """More than one script, beyond the mixes CJK writing allows (TR39 restriction level)."""
    found = scripts(label)
    return len(found) > 1 and not any(found <= allowed for allowed in _ALLOWED_MIXES)


def whole_script_lookalike(label: str) -> bool:
    """A label written wholly in another script that reads as plain Latin ("paypa" spelt
    in Cyrillic letters): every letter has a Latin look-alike."""
    found = scripts(label)
    if len(found) != 1 or found == {"LATIN"}:
        return False
    folded = skeleton(label)
    return len(label) > 1 and all(char in _ASCII_ALNUM or char == "-" for char in folded)
