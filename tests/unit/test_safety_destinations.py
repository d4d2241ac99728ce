"""Which URLs a link is judged by and which hosts it is found by (admin/safety/
destinations.py), how their verdicts combine (verdicts.worst), and what the owner's
e-mail says about them (notices.flagged_mail)."""

from __future__ import annotations

from datetime import UTC, datetime

from admin.link_model import FeatureColumns, LinkRow
from admin.safety.destination_urls import destinations, other_hosts
from admin.safety.notices import flagged_mail
from admin.safety.verdicts import Decision, worst


def test_every_destination_is_listed_once_longurl_first() -> None:
    features = FeatureColumns(
        rules=[{"when": {"country": ["DE"]}, "url": "https://de.example/"}],
        variants=[
            {"url": "https://a.example/", "weight": 50},
            {"url": "https://de.example/", "weight": 50},
        ],
        expired_url="https://gone.example/",
    )
    urls = destinations("https://a.example/", features, "https://apps.example/id1", None)
    assert urls == [
        "https://a.example/",
        "https://de.example/",
        "https://gone.example/",
        "https://apps.example/id1",
    ]
    assert destinations("https://a.example/", FeatureColumns()) == ["https://a.example/"]


def test_other_hosts_leave_out_longurls_host_and_read_hosts_as_links_do() -> None:
    urls = [
        "https://www.a.example/x",
        "https://www.a.example/y",  # longUrl's host: found through links.host already
        "https://alice.github.io/",
        "http://3232235777/router",  # the same host as 192.168.1.1
        "http://192.168.1.1/again",
        "https://b.a.example/",
    ]
    assert other_hosts(urls) == [
        ("192.168.1.1", "192.168.1.1"),
        ("a.example", "b.a.example"),
        ("alice.github.io", "alice.github.io"),
    ]
    assert other_hosts(["https://a.example/"]) == []


def test_the_worst_verdict_wins_with_every_flagged_destinations_reasons() -> None:
    ok = Decision("ok", (), "heuristic")
    warn = Decision("warn", ("ip_literal",), "heuristic")
    block = Decision("block", ("feed_urlhaus",), "feed")
    assert worst([ok, ok], ["https://a.example/", "https://b.example/"]) == ok
    urls = ["https://a.example/", "http://192.168.1.1/", "http://bad.example/x.exe"]
    assert worst([ok, warn, block], urls) == Decision(
        "block", ("ip_literal", "feed_urlhaus"), "feed", (urls[1], urls[2])
    )
    # A spam wave warns every destination of the link it meets: no destination is at fault.
    wave = Decision("warn", ("spam_wave",), "spam_wave")
    assert worst([wave, wave, wave], urls).urls == ()
    assert worst([wave, wave, block], urls).urls == (urls[2],)


_BASE = "https://hop.example"


def _flagged(verdict: str, source: str, override: str | None = None) -> LinkRow:
    now = datetime(2026, 1, 1, tzinfo=UTC)
    return LinkRow(
        id="lnk_1",
        environment="live",
        short_code="abc",
        domain="",
        long_url="https://fine.example/landing",
        tags=[],
        expires_at=None,
        redirect_type=302,
        forward_query=True,
        flagged_at=None,
        clicks=0,
        created_at=now,
        updated_at=now,
        deleted_at=None,
        safety_verdict=verdict,
        safety_reasons=["feed_urlhaus"],
        safety_source=source,
        safety_override=override,
    )


def test_the_owners_mail_names_the_destination_at_fault() -> None:
    rule_url = "http://rule.example/de/payload.exe"
    body = flagged_mail(
        _flagged("block", "feed"), "o@example.com", "https://hop.example", (rule_url,)
    ).body
    assert "Destination: https://fine.example/landing\n" in body
    assert f"Flagged destinations of this link:\n- {rule_url}\n" in body
    # An operator's rule on the rule's host (no decision on the link itself): named too.
    by_host_rule = _flagged("block", "operator")
    body = flagged_mail(by_host_rule, "o@example.com", "https://hop.example", (rule_url,)).body
    assert f"Flagged destinations of this link:\n- {rule_url}\n" in body


def test_the_owners_mail_names_no_other_destination_when_longurl_is_at_fault() -> None:
    longurl = "https://fine.example/landing"
    for row, flagged in (
        (_flagged("block", "feed"), (longurl,)),  # longUrl alone: the Destination line says it
        (_flagged("block", "operator", "block"), (longurl, "https://b.example/")),  # the link
        (_flagged("ok", "heuristic"), ()),
    ):
        assert (
            "Flagged destinations"
            not in flagged_mail(row, "o@example.com", "https://h.example", flagged).body
        )
