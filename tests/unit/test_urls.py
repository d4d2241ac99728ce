from __future__ import annotations

import pytest

from admin.urls import InvalidUrl, parse_http_url


@pytest.mark.parametrize(
    ("url", "host"),
    [
        ("https://example.com", "example.com"),
        ("http://example.com:8080/path?q=1#frag", "example.com"),
        ("https://sub.example.co.uk/a%20b", "sub.example.co.uk"),
        ("https://bücher.example/straße", "bücher.example"),
        ("http://192.0.2.1/", "192.0.2.1"),
        ("http://[2001:db8::1]:443/x", "2001:db8::1"),
        ("https://example.com/" + "a" * 2020, "example.com"),
        ("HTTPS://Example.COM/Path", "example.com"),
    ],
)
def test_accepted(url: str, host: str) -> None:
    """Accepted, and read with the host the edge and the SSRF policy will use."""
    assert parse_http_url(url).hostname == host


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("ftp://example.com", "absolute http"),
        ("javascript:alert(1)", "absolute http"),
        ("//example.com/x", "absolute http"),
        ("https://", "host"),
        ("https://exa mple.com", "spaces"),
        ("https://example.com/a\tb", "spaces"),
        ("https://example.com/\r\nLocation: x", "control"),
        ("https://example.com\\@evil.com", "backslash"),
        ("https://user:pass@example.com", "user name"),
        ("https://example.com:99999/", "port"),
        ("https://-bad-.example/", "host name"),
        ("https://[zz::1]/", "IPv6"),
        ("https://example.com/" + "a" * 2049, "2048"),
    ],
)
def test_refused(url: str, reason: str) -> None:
    with pytest.raises(InvalidUrl) as caught:
        parse_http_url(url)
    assert reason in str(caught.value)
