"""Refuse secrets that are placeholders or patterns rather than random keys.

A deployment that starts with the value a template shipped ("change-me", the
example in a manifest) signs tokens with a key everybody knows. The settings
parser runs these checks on every secret setting so such a process stops at
start with one line naming the variable. The rules are chosen so that real
random keys pass: ``openssl rand -base64 32`` (or more) and ``openssl rand -hex
16`` (or more) never contain the marker words below, never repeat a pattern,
and have far more than ``MIN_DISTINCT`` different characters (a 32-character
hex key has fewer than 8 about once in a million; base64 keys practically never).
"""

from __future__ import annotations

# Words that appear in placeholders and never (practically) in random output: the
# chance that 32 random base64 bytes contain a given 6-letter word is about 1e-8;
# the sequences are 8 long, which a hex key spells about once in 1e8.
MARKERS = (
    "changeme",
    "changeit",
    "replacewith",
    "replaceme",
    "placeholder",
    "secret",
    "password",
    "passwd",
    "example",
    "sample",
    "default",
    "insecure",
    "notreal",
    "yourkey",
    "opensslrand",
    "tokenurlsafe",
    "qwerty",
    "abcdefgh",
    "12345678",
)
MIN_DISTINCT = 8
LONGEST_RUN = 7  # "xxxxxxxx" and longer runs of one character are filler

GENERATE = "generate one with `openssl rand -base64 48`"


def placeholder_reason(value: str) -> str | None:
    """Why ``value`` is a template's placeholder, or None if it doesn't look like one."""
    if "$(" in value or "${" in value:
        return "is an unexpanded shell or compose expression"
    compact = "".join(c for c in value.lower() if c.isalnum())
    for marker in MARKERS:
        if marker in compact:
            return f"looks like a placeholder (contains {marker!r})"
    if _longest_run(value) > LONGEST_RUN:
        return "looks like a placeholder (a run of one repeated character)"
    return None


def weak_key_reason(value: str) -> str | None:
    """Why ``value`` can't be a random key (a placeholder or a pattern), or None."""
    if reason := placeholder_reason(value):
        return reason
    if period := _period(value):
        return f"is one {period}-character chunk repeated, not a random key"
    if len(set(value)) < MIN_DISTINCT:
        return f"has fewer than {MIN_DISTINCT} different characters, not a random key"
    return None


def _period(value: str) -> int | None:
    """The shortest chunk that, repeated at least twice, spells ``value``."""
    for size in range(1, len(value) // 2 + 1):
        if value[size:] == value[:-size]:
            return size
    return None


def _longest_run(value: str) -> int:
    longest = run = 0
    previous = ""
    for char in value:
        run = run + 1 if char == previous else 1
        previous = char
        longest = max(longest, run)
    return longest
