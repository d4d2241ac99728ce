"""Reading threat feeds and keeping Web Risk lists: the formats, canonical URL forms,
diffs and checksums, and how the layers combine into one verdict."""

from __future__ import annotations

import base64
import hashlib

import msgspec
import pytest

from admin.safety.feeds import FeedError, read_phishtank, read_urlhaus
from admin.safety.scorer import OK, Assessment
from admin.safety.urlforms import canonical, expressions, url_key
from admin.safety.verdicts import decide
from admin.safety.webrisk import Diff, HashList, WebRiskError, updated
from edge.safety import mint, split_continue, valid, warning_page
from tests.support.feeds import phishtank_dump, urlhaus_dump

WARN = Assessment("warn", ("ip_literal",), 40)


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode()


def test_urlhaus_csv_online_is_read_and_its_comments_skipped() -> None:
    urls = read_urlhaus(urlhaus_dump(["http://198.51.100.7:52149/i", "https://x.example/a b"]))
    assert urls == ["http://198.51.100.7:52149/i"]  # a URL no link could hold is skipped
    with pytest.raises(FeedError):
        read_urlhaus(b'"1","2","http://x.example/"\n')  # no comment header: not the dump
    with pytest.raises(FeedError):
        read_urlhaus(urlhaus_dump([]) + b'"1","2026-11-22","http://x.example/"\n')


def test_phishtank_keeps_verified_online_entries_only() -> None:
    assert read_phishtank(phishtank_dump(["https://phish.example/login"])) == [
        "https://phish.example/login"
    ]
    with pytest.raises(FeedError):
        read_phishtank(b"<html>rate limited</html>")


@pytest.mark.parametrize(
    ("url", "expected"),
    [  # Safe Browsing's published canonicalization examples
        ("http://host/%25%32%35", ("host", "/%25", "")),
        ("http://www.GOOgle.com/", ("www.google.com", "/", "")),
        ("http://3279880203/blah", ("195.127.0.11", "/blah", "")),
        ("http://www.google.com/blah/..", ("www.google.com", "/", "")),
        ("http://www.evil.com/blah#frag", ("www.evil.com", "/blah", "")),
        ("http://www.google.com/q?r?s", ("www.google.com", "/q", "?r?s")),
        (
            "http://host.com//twoslashes?more//slashes",
            ("host.com", "/twoslashes", "?more//slashes"),
        ),
    ],
)
def test_canonical_forms(url: str, expected: tuple[str, str, str]) -> None:
    assert canonical(url) == expected


def test_expressions_and_url_keys() -> None:
    assert expressions("http://a.b.c/1/2.html?param=1") == [
        "a.b.c/1/2.html?param=1",
        "a.b.c/1/2.html",
        "a.b.c/",
        "a.b.c/1/",
        "b.c/1/2.html?param=1",
        "b.c/1/2.html",
        "b.c/",
        "b.c/1/",
    ]
    assert expressions("http://1.2.3.4/1/") == ["1.2.3.4/1/", "1.2.3.4/"]
    assert url_key("https://Login.Example.NET/account/verify.html?session=42#x") == (
        "login.example.net/account/verify.html"
    )
    assert url_key("http://example.com/") == url_key("https://example.com") == "example.com"


def _diff(**fields: object) -> Diff:
    return msgspec.convert(fields, Diff)


def test_web_risk_diffs_apply_and_are_checked() -> None:
    a, b, c = b"\x00\x00\x00\x01", b"\x00\x00\x00\x02", b"\x10\x00\x00\x00"
    full = HashList([a, b, c])
    reset = _diff(
        responseType="RESET",
        additions={
            "rawHashes": [{"prefixSize": 4, "rawHashes": base64.b64encode(c + a + b).decode()}]
        },
        checksum={"sha256": base64.b64encode(full.checksum()).decode()},
        newVersionToken="v1",
    )
    first = updated(HashList(), reset)
    assert first.hashes == [a, b, c]
    assert first.matches(b + hashlib.sha256(b"the rest").digest()[:28])
    assert not first.matches(b"\x00\x00\x00\x03" + bytes(28))
    removal = _diff(
        removals={"rawIndices": {"indices": [1]}},
        checksum={"sha256": base64.b64encode(HashList([a, c]).checksum()).decode()},
    )
    assert updated(first, removal).hashes == [a, c]
    assert HashList.from_blob(first.to_blob()).hashes == first.hashes
    wrong = _diff(checksum={"sha256": base64.b64encode(b"\x00" * 32).decode()})
    with pytest.raises(WebRiskError):
        updated(first, wrong)
    with pytest.raises(WebRiskError):
        updated(first, _diff(removals={"rawIndices": {"indices": [9]}}))
    with pytest.raises(WebRiskError):
        updated(first, _diff(additions={"rawHashes": [{"prefixSize": 4, "rawHashes": "AAAA"}]}))


def test_layers_combine_by_precedence() -> None:
    assert decide(OK).verdict == "ok"
    assert decide(WARN) == decide(WARN, override=None)
    assert decide(WARN).source == "heuristic"
    feed = decide(OK, feed_reasons=("feed_urlhaus",))
    assert (feed.verdict, feed.source) == ("block", "feed")
    assert decide(WARN, feed_reasons=("feed_urlhaus",), override="allow").verdict == "ok"
    assert decide(OK, override="block").reasons == ("operator",)
    assert decide(OK, feed_reasons=("feed_phishtank",), host_rule="allow").verdict == "ok"
    assert decide(OK, override="block", host_rule="allow").verdict == "block"
    wave = decide(WARN, wave=True)
    assert (wave.verdict, wave.reasons, wave.source) == (
        "warn",
        ("spam_wave", "ip_literal"),
        "spam_wave",
    )
    assert decide(OK, feed_reasons=("feed_webrisk",), wave=True).verdict == "block"


def test_continue_tokens_and_the_interstitial() -> None:
    key = b"k" * 32
    token = mint(key, "/abc", 1_000_000_000_000)
    assert valid(key, "/abc", token, 1_000_000_000_000 + 599_000)
    assert not valid(key, "/abc", token, 1_000_000_000_000 + 601_000)
    assert not valid(key, "/abd", token, 1_000_000_000_000)
    assert not valid(b"other" * 8, "/abc", token, 1_000_000_000_000)
    assert split_continue("a=1&hop_continue=t&b=2") == ("a=1&b=2", "t")
    assert split_continue("") == ("", None)
    page = warning_page('http://x.example/"><img src=x>', ("ip_literal",), "/abc?hop_continue=t")
    assert b"<img" not in page
    assert b"&quot;&gt;&lt;img" in page
