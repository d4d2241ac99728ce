"""Which URLs a link is judged by and which hosts it is found by (admin/safety/
destinations.py), and how their verdicts combine (verdicts.worst)."""

from __future__ import annotations

from admin.links.repository import FeatureColumns
from admin.safety.destinations import destinations, other_hosts
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
    assert worst([ok, ok]) == ok
    assert worst([ok, warn, block]) == Decision("block", ("ip_literal", "feed_urlhaus"), "feed")
