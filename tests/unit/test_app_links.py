"""Deep links (docs/api.md#deep-links): the page the edge serves, its escaping and policy,
the intent: form, the appUrl rules, and the entry and target a deep link makes."""

from __future__ import annotations

import base64
import hashlib
import html
import re
from datetime import UTC, datetime
from urllib.parse import quote

import msgspec
import pytest

from admin.link_model import LinkRow
from admin.links.cache import entry_of
from admin.urls import InvalidUrl, check_app_url
from common.wire import LinkEntry, LinkFeatures, LinkRule, link_entry_decoder, link_entry_encoder
from edge import applinks
from edge.targets import REDIRECT, target_of
from edge.visitors import is_crawler

STORE = "https://apps.apple.com/app/id1?mt=8&ct=x"


def _script(page: bytes) -> str:
    found = re.search(rb"<script>(.*?)</script>", page, re.DOTALL)
    assert found is not None
    return found[1].decode()


def test_the_one_script_is_the_one_the_policy_allows() -> None:
    page = applinks.page("myapp://x", "ios", STORE, store=True)
    script = _script(page)
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    policy = dict(applinks.HEADERS)["content-security-policy"]
    assert f"script-src 'sha256-{digest}'" in policy
    assert "default-src 'none'" in policy
    assert "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]
    assert str(applinks.FALLBACK_MS) in script
    # No URL is ever written into the script: it reads them from the page.
    assert "myapp" not in script
    assert "apple" not in script


@pytest.mark.parametrize(
    "app_url",
    [
        "myapp://x?a=\"b\"&c='d'",
        "myapp://x</script><script>alert(1)</script>",
        'myapp://"><img src=x onerror=alert(1)>',
    ],
)
@pytest.mark.parametrize("system", ["ios", "android"])
def test_urls_are_escaped_into_attributes_only(app_url: str, system: str) -> None:
    fallback = 'https://example.com/a?b="c"&d=</script>'
    page = applinks.page(app_url, system, fallback, store=False)
    text = page.decode()
    assert text.count("<script>") == 1
    assert text.count("</script>") == 1
    assert "<img" not in text
    assert _script(page) == applinks.SCRIPT
    app = re.search(r'<a id=app href="([^"]*)"', text)
    go = re.search(r'<a id=go href="([^"]*)"', text)
    assert app is not None
    assert go is not None
    assert html.unescape(go[1]) == fallback
    assert html.unescape(app[1]) == applinks.app_href(app_url, system, fallback)
    refresh = re.search(r'<noscript><meta http-equiv=refresh content="2;url=([^"]*)">', text)
    assert refresh is not None
    assert html.unescape(refresh[1]) == fallback


def test_android_opens_custom_schemes_as_intents() -> None:
    assert applinks.app_href("myapp://item/42?x=1#frag", "android", STORE) == (
        f"intent://item/42?x=1#Intent;scheme=myapp;S.browser_fallback_url={quote(STORE, safe='')}"
        ";end"
    )
    assert applinks.app_href("myapp:item", "android", STORE).startswith(
        "intent:item#Intent;scheme=myapp;"
    )
    for as_given in ("https://app.example.com/x", "HTTP://a.example/x", "intent://x#Intent;end"):
        assert applinks.app_href(as_given, "android", STORE) == as_given
    assert applinks.app_href("myapp://item/42", "ios", STORE) == "myapp://item/42"


@pytest.mark.parametrize(
    "good", ["myapp://item/42", "fb://profile/1", "com.example.app:/path", "https://a.example/x"]
)
def test_app_urls_accepted(good: str) -> None:
    assert check_app_url(good) == good.split(":", 1)[0].lower()


@pytest.mark.parametrize(
    "bad",
    [
        "javascript:alert(1)",
        "JAVASCRIPT:alert(1)",
        "data:text/html,x",
        "vbscript:x",
        "file:///etc/passwd",
        "blob:https://a.example/1",
        " javascript:alert(1)",
        "java\tscript:alert(1)",
        "myapp://x\u2028y",
        "myapp://x y",
        "myapp:",
        "myapp://",
        "//no-scheme",
        "1app://x",
        "myapp://" + "x" * 2048,
    ],
)
def test_app_urls_refused(bad: str) -> None:
    with pytest.raises(InvalidUrl):
        check_app_url(bad)


def _row(**fields: object) -> LinkRow:
    now = datetime(2026, 1, 1, tzinfo=UTC)
    base: dict[str, object] = {
        "id": "lnk_1",
        "environment": "live",
        "short_code": "abc",
        "domain": "",
        "long_url": "https://example.com/a",
        "tags": [],
        "expires_at": None,
        "redirect_type": 302,
        "forward_query": True,
        "flagged_at": None,
        "clicks": 0,
        "created_at": now,
        "updated_at": now,
        "deleted_at": None,
    }
    return LinkRow(**{**base, **fields})  # type: ignore[arg-type]


def test_a_deep_links_entry_and_target() -> None:
    row = _row(
        app_url="myapp://a",
        ios_url="https://apps.apple.com/ü",
        rules=[
            {
                "when": {"language": ["de"]},
                "url": "https://example.de/",
                "appUrl": "deapp://a",
                "androidUrl": "https://play.google.com/de",
            },
            {"when": {"language": ["fr"]}, "url": "https://example.fr/"},
        ],
    )
    entry = link_entry_decoder.decode(link_entry_encoder.encode(entry_of(row)))
    assert entry.features is not None
    assert entry.features.app_url == "myapp://a"
    assert entry.features.rules[0] == LinkRule(
        "https://example.de/",
        languages=("de",),
        app_url="deapp://a",
        android_url="https://play.google.com/de",
    )
    target = target_of(entry)
    assert target.kind == REDIRECT
    assert target.tailored
    assert target.app == applinks.App("myapp://a", ios="https://apps.apple.com/%C3%BC")
    # With an app URL the stores are its fallbacks, not OS rules.
    assert [rule.location for rule in target.rules] == [
        "https://example.de/",
        "https://example.fr/",
    ]
    # A rule's deep link falls back to its own stores, else the link's.
    assert target.rules[0].app == applinks.App(
        "deapp://a", ios="https://apps.apple.com/%C3%BC", android="https://play.google.com/de"
    )
    assert target.rules[1].app is None


def test_links_without_deep_links_keep_their_entries_and_targets() -> None:
    plain = entry_of(_row())
    assert plain.features is None
    target = target_of(plain)
    assert target.app is None
    assert not target.tailored
    # Array-like structs write every field: a rule gains three empty strings, which an
    # older edge's LinkRule (five fields) reads past; an older rule reads as one without.
    rule = LinkRule("https://e.com", oses=("ios",))
    encoded = msgspec.msgpack.encode(rule)
    assert msgspec.msgpack.decode(encoded) == ["https://e.com", [], [], ["ios"], [], "", "", ""]

    class RuleBefore30(msgspec.Struct, frozen=True, array_like=True, omit_defaults=True):
        url: str
        countries: tuple[str, ...] = ()
        devices: tuple[str, ...] = ()
        oses: tuple[str, ...] = ()
        languages: tuple[str, ...] = ()

    deep = msgspec.msgpack.encode(LinkRule("https://e.com", app_url="x://y"))
    assert msgspec.msgpack.decode(deep, type=RuleBefore30) == RuleBefore30("https://e.com")
    old = msgspec.msgpack.encode(RuleBefore30("https://e.com", oses=("ios",)))
    assert msgspec.msgpack.decode(old, type=LinkRule) == rule
    stores = target_of(LinkEntry(link_id="l", url="https://e.com", ios_url=STORE))
    assert stores.app is None
    assert [rule.location for rule in stores.rules] == [STORE]
    app = target_of(
        LinkEntry(link_id="l", url="https://e.com", features=LinkFeatures(app_url="x://y"))
    )
    assert app.tailored
    assert app.app == applinks.App("x://y")


@pytest.mark.parametrize(
    ("agent", "crawler"),
    [
        ("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", True),
        ("Mozilla/5.0 (Linux; Android 14) AdsBot-Google-Mobile", True),
        ("Mozilla/5.0 (compatible; bingbot/2.0)", True),
        ("Mozilla/5.0 (compatible; Baiduspider/2.0)", True),
        ("Mozilla/5.0 (iPhone) Twitterbot/1.0", True),
        ("facebookexternalhit/1.1", True),
        ("Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/126.0", True),
        ("Mozilla/5.0 (Linux; Android 9; CUBOT X19) Chrome/126.0 Mobile Safari/537.36", False),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1", False),
    ],
)
def test_crawlers(agent: str, crawler: bool) -> None:
    assert is_crawler(agent) is crawler
