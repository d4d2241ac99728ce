"""The heuristic scorer on a table of destinations, benign and hostile, and on 1,000
popular sites that must never be flagged (docs/safety.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from admin.safety.scorer import Scorer
from admin.urls import parse_http_url
from common.settings import load_settings

DEFAULTS = load_settings({}).safety
SCORER = Scorer(suspicious_tlds=DEFAULTS.suspicious_tlds)
TOP_SITES = Path(__file__).parent.parent / "data" / "top_sites_1000.txt"

# (destination, verdict, reasons that must be among the verdict's reasons)
TABLE: list[tuple[str, str, set[str]]] = [
    # Benign: brands on their own domains, ordinary pages, long but honest URLs.
    ("https://www.paypal.com/signin", "ok", set()),
    ("https://www.paypal.com/myaccount/summary", "ok", set()),
    ("https://accounts.google.com/ServiceLogin?continue=https://mail.google.com/", "ok", set()),
    ("https://login.microsoftonline.com/common/oauth2/authorize", "ok", set()),
    ("https://appleid.apple.com/sign-in", "ok", set()),
    ("https://www.amazon.co.uk/ap/signin", "ok", set()),
    ("https://www.amazon.de/gp/cart/view.html", "ok", set()),
    ("https://github.com/login", "ok", set()),
    ("https://alice.github.io/blog/2026/11/safety", "ok", set()),
    ("https://example.com/", "ok", set()),
    ("https://en.wikipedia.org/wiki/IDN_homograph_attack", "ok", set()),
    ("https://www.bbc.co.uk/news/technology", "ok", set()),
    ("https://shop.example.org/checkout?step=payment", "ok", set()),
    ("https://medium.com/@writer/how-to-reset-your-paypal-password-3f2a", "ok", set()),
    ("https://www.google.com/search?q=paypal+login", "ok", set()),
    ("https://www.google.com/url?q=https://example.com/page", "ok", set()),
    ("https://bit.ly/", "ok", set()),
    ("https://tinyurl.com/app", "warn", {"shortener_chain"}),
    ("https://münchen.de/rathaus", "ok", set()),
    ("https://xn--mnchen-3ya.de/", "ok", set()),
    ("https://яндекс.рф/", "ok", set()),
    ("https://例え.jp/", "ok", set()),
    ("https://www.zoom.us/j/123456789", "ok", set()),
    ("https://zoom-lens-review.example.com/", "ok", set()),
    ("https://booking-a-table.example.com/login", "ok", set()),
    ("https://docs.python.org/3/library/urllib.parse.html", "ok", set()),
    ("https://cdn.example.net/assets/app.js?v=" + "a" * 300, "ok", set()),
    ("https://news.ycombinator.com/item?id=1", "ok", set()),
    ("https://example.xyz/", "ok", set()),
    ("https://a.b.c.d.example.com/", "ok", set()),
    ("https://drive.google.com/drive/my-drive", "ok", set()),
    # IP literals, plain and disguised.
    ("http://192.168.1.1/login", "warn", {"ip_literal"}),
    ("http://203.0.113.7:8080/admin", "warn", {"ip_literal"}),
    ("http://[2001:db8::1]/", "warn", {"ip_literal"}),
    ("http://3232235777/", "warn", {"encoded_ip"}),
    ("http://0xc0a80101/", "warn", {"encoded_ip"}),
    ("http://0300.0250.1.1/", "warn", {"encoded_ip"}),
    ("http://192.168.257/", "warn", {"encoded_ip"}),
    # IDN homographs and confusable labels.
    ("https://p\u0430ypal.com/", "block", {"confusable_label", "brand_lookalike"}),
    ("https://xn--pypal-4ve.com/signin", "block", {"confusable_label", "brand_lookalike"}),
    ("https://\u0430\u0440\u0440le.com/", "block", {"confusable_label", "brand_lookalike"}),
    ("https://g\u043e\u043egle.com/", "block", {"confusable_label", "brand_lookalike"}),
    ("https://\u0440\u0430\u0443\u0440\u0430.com/", "warn", {"confusable_label"}),
    ("https://micr\u03bfsoft-online.com/", "block", {"confusable_label", "brand_lookalike"}),
    ("https://n\u0435tflix.com/account", "block", {"confusable_label", "brand_lookalike"}),
    ("https://p\u00e4ypal.com/", "warn", {"brand_lookalike"}),
    # Brand look-alikes in plain ASCII.
    ("https://paypa1.com/", "warn", {"brand_lookalike"}),
    ("https://paypa1.com/login", "block", {"brand_lookalike", "credential_path"}),
    ("https://g00gle.com/", "warn", {"brand_lookalike"}),
    ("https://rnicrosoft.com/", "warn", {"brand_lookalike"}),
    (
        "https://paypal-secure-login.xyz/webscr/signin",
        "warn",
        {"brand_lookalike", "suspicious_tld", "credential_path"},
    ),
    ("https://appleid-verify.com/", "warn", {"brand_lookalike", "credential_path"}),
    ("https://apple.xyz/", "warn", {"brand_lookalike", "suspicious_tld"}),
    ("https://www.paypal.com.account-update.info/", "warn", {"brand_lookalike", "credential_path"}),
    (
        "https://secure.netflix.billing-update.top/",
        "warn",
        {"brand_lookalike", "credential_path", "suspicious_tld"},
    ),
    (
        "https://login.microsoftonline.com.evil.example/common",
        "warn",
        {"brand_lookalike", "credential_path"},
    ),
    ("https://evil.example/paypal/signin.php?cmd=_login", "ok", set()),
    ("https://evil.xyz/paypal/signin.php", "warn", {"suspicious_tld", "credential_path"}),
    ("https://alice.github.io/paypal/login", "warn", {"free_hosting", "credential_path"}),
    (
        "https://paypal-login.weebly.com/",
        "warn",
        {"brand_lookalike", "free_hosting", "credential_path"},
    ),
    # Shortener chains and redirect paths.
    ("https://bit.ly/3xYz", "warn", {"shortener_chain"}),
    ("https://t.co/AbCdEf", "warn", {"shortener_chain"}),
    ("https://is.gd/abc", "warn", {"shortener_chain"}),
    ("https://iplogger.org/2abc", "warn", {"shortener_chain"}),
    (
        "https://example.com/redirect?to=https://bit.ly/evil",
        "warn",
        {"embedded_url", "shortener_chain"},
    ),
    ("https://example.com/r?u=http%3A%2F%2F3232235777%2Fx", "warn", {"embedded_url", "encoded_ip"}),
    (
        "https://tracker.example.xyz/c?u=https://example.com/" + "x" * 600,
        "warn",
        {"embedded_url", "long_url", "suspicious_tld"},
    ),
    (
        "http://0xc0a80101/go?next=https://example.com/" + "y" * 1100,
        "block",
        {"encoded_ip", "embedded_url", "long_url"},
    ),
    # Free hosting and file drops.
    ("https://docs.google.com/forms/d/e/1FAIpQL/viewform", "ok", set()),
    ("https://docs.google.com/forms/d/e/1FAIpQL/viewform?account=verify", "ok", set()),
    (
        "https://site-1234.000webhostapp.com/office365/login.php",
        "warn",
        {"free_hosting", "credential_path"},
    ),
    ("https://random-words.ngrok-free.app/", "ok", set()),
    ("https://xyz.trycloudflare.com/microsoft/verify", "warn", {"free_hosting", "credential_path"}),
    # Many subdomains.
    ("https://a.b.c.d.e.f.example.xyz/", "warn", {"many_subdomains", "suspicious_tld"}),
    (
        "https://www.paypal.com.secure.login.account.verify.example.com/",
        "warn",
        {"brand_lookalike", "many_subdomains"},
    ),
]


@pytest.mark.parametrize(("url", "verdict", "reasons"), TABLE, ids=[row[0][:60] for row in TABLE])
def test_destination_verdicts(url: str, verdict: str, reasons: set[str]) -> None:
    parse_http_url(url)  # every row is a destination the API accepts
    assessment = SCORER.assess(url)
    assert assessment.verdict == verdict, assessment
    assert reasons <= set(assessment.reasons), assessment
    if verdict == "ok":
        assert assessment.reasons == ()


def test_the_table_is_large_and_mixed() -> None:
    verdicts = [row[1] for row in TABLE]
    assert len(TABLE) >= 60
    assert {"ok", "warn", "block"} <= set(verdicts)


def _top_sites() -> list[str]:
    lines = TOP_SITES.read_text().splitlines()
    return [line for line in lines if line and not line.startswith("#")]


def test_no_popular_site_is_flagged() -> None:
    """False-positive rate on 1,000 popular domains: 0 (each home page, bare and www)."""
    sites = _top_sites()
    assert len(sites) == 1000
    flagged = [
        (url, SCORER.assess(url))
        for site in sites
        for url in (f"https://{site}/", f"https://www.{site}/")
        if SCORER.assess(url).verdict != "ok"
    ]
    assert flagged == []


def test_the_allowlist_suppresses_heuristics() -> None:
    scorer = Scorer(suspicious_tlds=DEFAULTS.suspicious_tlds, allowlist=["corp.example"])
    assert (
        scorer.assess("http://login.corp.example/paypal/signin?u=https://bit.ly/x").verdict == "ok"
    )
    assert scorer.assess("https://bit.ly/x").verdict == "warn"
    assert SCORER.assess("https://bit.ly/x", verified=["bit.ly"]).verdict == "ok"


def test_thresholds_are_settings() -> None:
    strict = Scorer(suspicious_tlds=DEFAULTS.suspicious_tlds, warn_score=20, block_score=60)
    assert strict.assess("https://example.xyz/").verdict == "warn"
    assert strict.assess("http://3232235777/").verdict == "block"
