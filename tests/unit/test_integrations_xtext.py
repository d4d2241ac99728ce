"""Our X weighted length against an independent implementation of twitter-text's rules.

The reference is ``twitter-text-parser`` (a Python port of twitter/twitter-text that
passes its conformance suite). It loads its emoji table through ``pkg_resources``,
which current setuptools no longer ships, so a two-line stand-in that reads the file
beside the module is installed before importing it."""

from __future__ import annotations

import importlib.util
import sys
import types
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from admin.integrations.xtext import post_length, strip_urls, weighted_length


def _resource_string(module: str, name: str) -> bytes:
    spec = importlib.util.find_spec(module)
    assert spec is not None
    assert spec.origin is not None
    return (Path(spec.origin).parent / name).read_bytes()


if "pkg_resources" not in sys.modules:
    _shim = types.ModuleType("pkg_resources")
    _shim.resource_string = _resource_string  # type: ignore[attr-defined]
    sys.modules["pkg_resources"] = _shim

from twitter_text import parse_tweet  # type: ignore[import-untyped]  # noqa: E402

LINK = "https://hop.to/AbC1234"


def reference(text: str) -> int:
    return int(parse_tweet(text).weightedLength)


@pytest.mark.parametrize(
    "text",
    [
        "Hello world",
        "café au lait",
        "cafe\u0301",  # NFC: one character
        "日本語のテキスト",  # CJK weighs 2
        "Привет, мир",
        "em—dash, ellipsis…",
        "©2026 ®",  # light code points X counts as emoji
        "😀 single emoji 🀄",
        "a" * 280,
        "\u00e9" * 5,
        "see example.com now",  # a bare domain X recognises: 23
        "go to https://t.co/abc",  # a URL (of a known domain) weighs 23
    ],
)
def test_equal_to_twitter_text(text: str) -> None:
    assert weighted_length(text) == reference(text)


_PLAIN = st.text(
    alphabet=st.sampled_from(
        [*"abcXYZ019 ,!?'\"\n#@", "ü", "日", "é", "\u0301", "😀", "©", "—", "…", "\u2002"]
    ),
    max_size=60,
)


@settings(max_examples=300, deadline=None)
@given(_PLAIN)
def test_equal_on_text_without_urls_or_emoji_sequences(text: str) -> None:
    assert weighted_length(text) == reference(text)


_ANY = st.lists(
    st.sampled_from(
        [
            *"abcXYZ019 .-_/:@#$)(,!?'\"\n",
            *["ü", "日", "é", "\u0301", "😀", "👍", "🏽", "\u200d", "\ufe0f", "❤", "©", "®"],
            *["🇫", "🇷", "\u20e3", "…", "—", "https://", "http://", "www.", ".com", ".de"],
            "t.co",
        ]
    ),
    max_size=16,
).map("".join)


@settings(max_examples=500, deadline=None)
@given(_ANY)
def test_a_post_we_accept_is_never_longer_on_x(text: str) -> None:
    """Emoji sequences and odd URLs: we may count more than X, never less."""
    stripped = strip_urls(text)
    assert post_length(stripped, LINK) >= reference(f"{stripped} {LINK}")


def test_emoji_sequences_count_at_least_as_much() -> None:
    for text in ("👍🏽", "❤️", "🇫🇷", "👨‍👩‍👧‍👦", "1️⃣"):
        assert weighted_length(text) >= reference(text) == 2
    long_url = "https://twitter.com/twitter/status/1234567890"
    assert weighted_length(long_url) >= reference(long_url) == 23
