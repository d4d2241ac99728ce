"""The redirect-loop check's idea of our own hosts: the short host, its aliases and the
verified custom domains, whatever the case or a trailing dot."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from admin.links.admission import OwnHosts

_OWN = OwnHosts(
    "https://hop.example:8443",
    lambda: frozenset({"go.brand.example"}),
    ("edge.internal", "203.0.113.7"),
)


@pytest.mark.parametrize(
    "url",
    [
        "https://hop.example/abc",
        "https://HOP.example./abc",
        "http://edge.internal/abc",
        "https://Edge.Internal:9000/abc",
        "http://203.0.113.7/abc",
        "https://go.brand.example/abc",
    ],
)
def test_our_hosts_are_ours(url: str) -> None:
    assert _OWN.hold(urlsplit(url))


@pytest.mark.parametrize(
    "url", ["https://example.com/", "https://hop.example.com/", "https://brand.example/"]
)
def test_other_hosts_are_not(url: str) -> None:
    assert not _OWN.hold(urlsplit(url))
