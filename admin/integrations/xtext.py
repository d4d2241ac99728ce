"""The weighted length X (Twitter) gives a post, per twitter-text's version 3 rules.

- The text is NFC-normalised first.
- A code point in one of the light ranges (U+0000-U+10FF, U+2000-U+200D,
  U+2010-U+201F, U+2032-U+2037) weighs 1, every other one 2.
- A URL weighs 23 whatever its length.
- An emoji weighs 2, however many code points it takes.

Two places need data we do not carry, so we err on the long side and a post we
accept is never one X refuses: twitter-text counts a URL as 23 only when its
top-level domain is on its list (``https://shop.example/x`` is not a URL to it),
so a URL-like token here weighs the larger of 23 and its own length; and it
knows the full emoji sequence table, so a multi-code-point emoji (a flag, a skin
tone, a family, ``❤️``) weighs the sum of its parts here, never less. Single-code-
point emoji, including © and ® (light code points that X counts as emoji), weigh
2 as on X. tests/unit/test_integrations_xtext.py checks both claims against an
independent implementation of twitter-text.
"""

from __future__ import annotations

import re
import unicodedata

X_MAX_WEIGHT = 280
URL_WEIGHT = 23
_LIGHT = ((0x0000, 0x10FF), (0x2000, 0x200D), (0x2010, 0x201F), (0x2032, 0x2037))
_EMOJI_IN_LIGHT = frozenset({0x00A9, 0x00AE})  # © and ®: emoji to twitter-text
# With a scheme, or a bare domain name (any script) with an alphabetic last label.
URL_LIKE = re.compile(
    r"(?i)(?:https?://[^\s]+|(?:[\w\u0300-\u036f-]+\.)+(?:xn--[\w-]+|[^\W\d_]{2,63})"
    r"(?::[0-9]{1,5})?(?:/[^\s]*)?)"
)
# Not part of a URL when they end it (twitter-text leaves them out too).
_TRAILING = ".,;:!?)]}'\"»…"


def char_weight(char: str) -> int:
    point = ord(char)
    if point in _EMOJI_IN_LIGHT:
        return 2
    return 1 if any(low <= point <= high for low, high in _LIGHT) else 2


def _plain_weight(text: str) -> int:
    return sum(char_weight(char) for char in text)


def weighted_length(text: str) -> int:
    """X's weighted length of ``text``, or more (never less): see the module's note."""
    text = unicodedata.normalize("NFC", text)
    total, position = 0, 0
    for match in URL_LIKE.finditer(text):
        total += _plain_weight(text[position : match.start()])
        token = match.group()
        core = token.rstrip(_TRAILING)
        total += max(URL_WEIGHT, _plain_weight(core)) + _plain_weight(token[len(core) :])
        position = match.end()
    return total + _plain_weight(text[position:])


def fits(text: str, limit: int = X_MAX_WEIGHT) -> bool:
    return weighted_length(text) <= limit


# strip_urls: text beyond this is dropped before anything else (no copy field keeps more
# than 4,400 characters, twice Instagram's limit).
STRIP_MAX_CHARS = 10_000
_TOKEN = re.compile(r"\S+")
_LABEL = r"[\w\u0300-\u036f-]"
# A host may begin only where a run of label characters begins: not after a label
# character, nor after a label character and its dot. A run therefore has one starting
# point (and one after each dot the alternative cannot use, or a doubled dot), and the
# scan from it stops where the run or the alternative's labels end: a search is linear
# in the token. Without this, a run such as "a1." * 4000 was rescanned from each of
# its labels (quadratic: over a second on the event loop). A label chain that fails from
# the run's start fails from every later label too, so nothing else changes.
# The dot is ASCII; or an ideographic one (。, and ｡ ︒ after NFKC) between ASCII labels
# ending in an ASCII top-level domain: browsers map those dots to ".", and Chinese and
# Japanese sentences end with them (and go on in their own script, or with a word such
# as "iPhoneケース" that is no top-level domain).
_ASCII_LABEL = r"[a-z0-9-]"
_URL_IN_TOKEN = re.compile(
    rf"(?i)https?:"
    rf"|(?<!{_LABEL})(?<!{_LABEL}\.)(?:{_LABEL}+\.)+(?:xn--|[^\W\d_]{{2}})"
    rf"|(?<!{_ASCII_LABEL})(?<!{_ASCII_LABEL}[.\u3002])(?:{_ASCII_LABEL}+[.\u3002])+"
    rf"(?:xn--|[a-z]{{2,63}}(?!{_LABEL}))"
)
# Invisible characters that host names ignore (IDNA maps them to nothing) and that
# could split a host so no pattern sees it: format characters (Cf: zero-width space
# and joiners, soft hyphen, word joiner, BOM, bidi controls) and these marks.
_IGNORED_MARKS = frozenset(
    [0x034F, *range(0x180B, 0x1810), *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)]
)


def _as_a_host_reads(token: str) -> str:
    """``token`` as a URL bar would read it: NFKC (full-width letters and dots become
    ASCII), invisible characters dropped."""
    folded = unicodedata.normalize("NFKC", token)
    return "".join(
        char
        for char in folded
        if ord(char) not in _IGNORED_MARKS and unicodedata.category(char) != "Cf"
    )


def url_like(token: str) -> bool:
    """Whether a whitespace-free ``token`` holds anything a browser could take for a URL."""
    return _URL_IN_TOKEN.search(_as_a_host_reads(token)) is not None


def _drop_url_token(match: re.Match[str]) -> str:
    token = match.group()
    if not url_like(token):
        return token
    return token[len(token.rstrip(_TRAILING)) :]  # its closing punctuation stays


def strip_urls(text: str) -> str:
    """``text`` without anything that looks like a URL (a writer's links are not ours to post).

    A whitespace-separated token that holds a URL-like part goes whole (its closing
    punctuation stays): what is left of a token around a host can itself be read as
    one. The copy keeps its own characters; only the test reads the token as a host
    name would (``_as_a_host_reads``), so ``evil。com``, a host in full-width letters and
    dots, and a host split by a zero-width space go too. Linear in the text, which is
    capped first."""
    stripped = _TOKEN.sub(_drop_url_token, text[:STRIP_MAX_CHARS])
    return re.sub(r"[ \t]{2,}", " ", stripped).strip()


def post_length(text: str, link: str) -> int:
    """Weighted length of ``text`` (URLs stripped) followed by a space and ``link``."""
    return weighted_length(text) + 1 + max(URL_WEIGHT, _plain_weight(link))
