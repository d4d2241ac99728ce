"""Links decided at the edge: rule matching, variant picking, entries and cookies."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime

import msgspec
import pytest

from admin.link_model import LinkRow
from admin.links.cache import entry_of, with_utm
from common.linkpass import COOKIE_SECONDS, LinkPasswords
from common.targeting import (
    COUNTRIES,
    classify,
    language_matches,
    pick_variant,
    preferred_language,
    visitor_bucket,
)
from common.wire import (
    ClickEvent,
    LinkEntry,
    LinkFeatures,
    LinkPreview,
    LinkRule,
    LinkVariant,
    click_batch_decoder,
    link_entry_decoder,
    link_entry_encoder,
)
from edge.targets import GONE, LOCKED, REDIRECT, locked_preview, target_of
from tests.support.clicks import USER_AGENTS

IPAD = (
    "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko)"
    " Version/17.5 Mobile/15E148 Safari/604.1"
)
ANDROID_TABLET = (
    "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko)"
    " Chrome/126.0.0.0 Safari/537.36"
)
CHROMEBOOK = (
    "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko)"
    " Chrome/126.0.0.0 Safari/537.36"
)


@pytest.mark.parametrize(
    ("user_agent", "expected"),
    [
        (USER_AGENTS["iphone_safari"], ("mobile", "ios")),
        (IPAD, ("tablet", "ios")),
        (USER_AGENTS["android_chrome"], ("mobile", "android")),
        (ANDROID_TABLET, ("tablet", "android")),
        (USER_AGENTS["windows_edge"], ("desktop", "windows")),
        (USER_AGENTS["macos_firefox"], ("desktop", "macos")),
        (CHROMEBOOK, ("desktop", "chromeos")),
        (
            "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0",
            ("desktop", "linux"),
        ),
        (USER_AGENTS["curl"], ("", "")),
        ("", ("", "")),
    ],
)
def test_device_and_os_of_user_agents(user_agent: str, expected: tuple[str, str]) -> None:
    assert classify(user_agent) == expected


def test_languages() -> None:
    assert preferred_language("pt-BR,pt;q=0.9,en;q=0.8") == "pt-br"
    assert preferred_language(" en ;q=1") == "en"
    assert preferred_language("*") == ""
    assert preferred_language("") == ""
    assert language_matches("en-gb", ("en",))
    assert language_matches("en", ("fr", "en"))
    assert not language_matches("eng", ("en",))
    assert not language_matches("pt", ("pt-br",))
    assert language_matches("pt-br", ("pt-br",))


def test_countries_are_the_assigned_iso_codes() -> None:
    assert len(COUNTRIES) == 249
    assert {"US", "GB", "BR", "JP", "SS", "AX"} <= COUNTRIES
    assert not {"UK", "EU", "XK", "ZZ"} & COUNTRIES


def test_variants_are_fixed_per_visitor_and_split_by_weight() -> None:
    bounds = (20, 100)  # 20 % and 80 %
    first = visitor_bucket("203.0.113.9", "UA", "lnk_1")
    assert all(visitor_bucket("203.0.113.9", "UA", "lnk_1") == first for _ in range(5))
    assert pick_variant(0, bounds) == 0
    assert pick_variant(19, bounds) == 0
    assert pick_variant(20, bounds) == 1
    assert pick_variant(99, bounds) == 1
    picks = Counter(
        pick_variant(visitor_bucket(f"10.0.{n // 256}.{n % 256}", "UA", "lnk_1"), bounds)
        for n in range(10_000)
    )
    assert 1700 < picks[0] < 2300  # 20 % of 10,000, give or take a lot
    # Another link splits the same visitors independently.
    other = [visitor_bucket(f"10.0.0.{n}", "UA", "lnk_2") for n in range(50)]
    assert other != [visitor_bucket(f"10.0.0.{n}", "UA", "lnk_1") for n in range(50)]


def _row(**fields: object) -> LinkRow:
    now = datetime(2026, 1, 1, tzinfo=UTC)
    base: dict[str, object] = {
        "id": "lnk_1",
        "environment": "live",
        "short_code": "abc",
        "domain": "",
        "long_url": "https://example.com/a?x=1#f",
        "tags": [],
        "expires_at": None,
        "redirect_type": int("302"),  # a fresh int, like those of PostgreSQL's rows
        "forward_query": True,
        "flagged_at": None,
        "clicks": 0,
        "created_at": now,
        "updated_at": now,
        "deleted_at": None,
    }
    return LinkRow(**{**base, **fields})  # type: ignore[arg-type]


class EntryBefore15(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, gc=False):
    """LinkEntry as it was before issue 15's fields were appended."""

    link_id: str
    url: str
    state: str = "active"
    expires_at_ms: int = 0
    redirect_type: int = 302
    forward_query: bool = True
    qr: bool = False
    ios_url: str = ""
    android_url: str = ""
    verdict: str = "ok"
    reasons: tuple[str, ...] = ()


@pytest.mark.parametrize(
    "fields", [{}, {"managed_by": "qr", "ios_url": "https://apps.apple.com/x"}]
)
def test_entries_of_links_without_the_new_features_keep_their_bytes(
    fields: dict[str, object],
) -> None:
    entry = entry_of(_row(**fields))
    old_fields = {name: getattr(entry, name) for name in EntryBefore15.__struct_fields__}
    before = msgspec.msgpack.encode(EntryBefore15(**old_fields))
    assert link_entry_encoder.encode(entry) == before


def test_entries_carry_the_features_with_utm_merged() -> None:
    row = _row(
        rules=[{"when": {"country": ["BR"], "language": ["pt-BR"]}, "url": "https://br.example"}],
        variants=[
            {"url": "https://a.example/", "weight": 30},
            {"url": "https://b.example/", "weight": 70},
        ],
        password_verifier="v" * 64,
        expired_url="https://example.com/over",
        preview={"title": "T <b>", "description": "D"},
        utm={"source": "news", "campaign": "spring sale"},
    )
    entry = link_entry_decoder.decode(link_entry_encoder.encode(entry_of(row)))
    features = entry.features
    assert features is not None
    assert entry.url == "https://example.com/a?x=1&utm_source=news&utm_campaign=spring+sale#f"
    assert features.rules == (
        LinkRule(
            "https://br.example?utm_source=news&utm_campaign=spring+sale",
            countries=("BR",),
            languages=("pt-br",),
        ),
    )
    assert features.variants[1] == LinkVariant(
        "https://b.example/?utm_source=news&utm_campaign=spring+sale", 70
    )
    assert features.preview == LinkPreview("T <b>", "D", "")
    target = target_of(entry)
    assert target.kind == LOCKED
    assert target.tailored
    assert target.variant_bounds == (30, 100)
    assert b"T &lt;b&gt;" in target.preview_page
    assert b"<b>" not in target.preview_page
    # Protected: the preview names no destination, only the short URL it is served for.
    for destination in (b"example.com/a", b"br.example", b".example/", b"example.com/over"):
        assert destination not in target.preview_page
    page = locked_preview(target.preview_page, 'https://hop.example/a"b')
    assert b'<meta property="og:url" content="https://hop.example/a&quot;b">' in page
    assert b'<a href="https://hop.example/a&quot;b">' in page
    unprotected = target_of(
        msgspec.structs.replace(
            entry, features=msgspec.structs.replace(features, password_verifier="")
        )
    )
    assert b'content="https://example.com/a?x=1&amp;utm_source=news' in unprotected.preview_page


def test_utm_replaces_parameters_of_the_same_name() -> None:
    url = "https://example.com/p?utm_source=old&keep=1"
    assert with_utm(url, {"source": "new"}) == "https://example.com/p?keep=1&utm_source=new"
    assert with_utm(url, None) == url
    assert with_utm(url, {"medium": None}) == url


def test_app_links_are_os_rules_and_exhausted_links_are_gone() -> None:
    app = target_of(LinkEntry(link_id="l", url="https://e.com", ios_url="https://apps.apple.com/x"))
    assert app.kind == REDIRECT
    assert app.tailored
    assert [(rule.location, set(rule.oses)) for rule in app.rules] == [
        ("https://apps.apple.com/x", {"ios"})
    ]
    over = target_of(
        LinkEntry(
            link_id="l",
            url="https://e.com",
            features=LinkFeatures(exhausted=True, expired_url="https://e.com/x"),
        )
    )
    assert over.kind == GONE
    assert over.expired_location == "https://e.com/x"
    plain = target_of(LinkEntry(link_id="l", url="https://e.com"))
    assert not plain.tailored
    assert not plain.rules
    assert not plain.preview_page


def test_click_events_of_an_older_edge_decode_without_a_variant() -> None:
    event = ClickEvent("e", "l", "c", 1, "p", "ua", "", "", "", "", False, "click", 2)
    encoded = link_entry_encoder.encode([event])
    assert click_batch_decoder.decode(encoded)[0].variant == 2
    older = link_entry_encoder.encode(
        [["e", "l", "c", 1, "p", "ua", "", "", "", "", False, "click"]]
    )
    assert click_batch_decoder.decode(older)[0].variant == -1


def test_password_verifiers_and_cookies() -> None:
    keys = LinkPasswords("q8Vd0rJmT3wZk6LxHp2NcYbE5sUaGi9fRoW1tKjQ7vXy")
    verifier = keys.verifier("lnk_1", "open sesame")
    assert "open sesame" not in verifier
    assert keys.check("lnk_1", "open sesame", verifier)
    assert not keys.check("lnk_1", "open sesam", verifier)
    assert not keys.check("lnk_2", "open sesame", verifier)  # bound to the link
    other_key = LinkPasswords("Zx7pQ2mW9rT4vB8nK3sD6fG1hJ5lC0aEyUiOoPqRsTuV")
    assert not other_key.check("lnk_1", "open sesame", verifier)

    cookie = keys.cookie("/abc", verifier, 1000)
    assert keys.cookie_valid("/abc", verifier, cookie, 1000)
    assert keys.cookie_valid("/abc", verifier, cookie, 1000 + COOKIE_SECONDS - 1)
    assert not keys.cookie_valid("/abc", verifier, cookie, 1000 + COOKIE_SECONDS)  # expired
    assert not keys.cookie_valid("/abd", verifier, cookie, 1000)  # another code
    assert not keys.cookie_valid("/abc", keys.verifier("lnk_1", "new"), cookie, 1000)
    expiry, _, mac = cookie.partition(".")
    forged = f"{int(expiry, 16) + 60:x}.{mac}"
    assert not keys.cookie_valid("/abc", verifier, forged, 1000)
    assert not keys.cookie_valid("/abc", verifier, "garbage", 1000)
