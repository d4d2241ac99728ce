"""Links on custom domains, the pure parts: their Redis keys and invalidation names, the
Host header as the edge reads it (the short host's names and aliases included), and their
short URLs."""

from __future__ import annotations

import pytest

from admin.urls import short_url
from common.domains import host_of
from common.keys import link_cache_key, link_key_in
from common.settings import SettingsError, load_settings
from edge.app import short_authorities
from edge.cache import LinkCache
from edge.invalidation import link_invalidations
from edge.targets import not_found


def test_keys_per_domain_and_environment() -> None:
    assert link_key_in("live", "sale") == "hop:link:sale"
    assert link_key_in("test", "sale") == "hop:test:link:sale"
    assert link_key_in("live", "sale", "go.brand.com") == "hop:link:go.brand.com/sale"
    assert link_key_in("test", "sale", "go.brand.com") == "hop:test:link:go.brand.com/sale"
    assert link_cache_key("sale", "") == "sale"
    assert link_cache_key("sale", "go.brand.com") == "go.brand.com/sale"


@pytest.mark.parametrize(
    ("raw", "host"),
    [
        ("go.brand.com", "go.brand.com"),
        ("Go.Brand.COM:8443", "go.brand.com"),
        ("go.brand.com.", "go.brand.com"),
        ("[::1]", "[::1]"),
        ("[::1]:8080", "[::1]"),
        ("", ""),
    ],
)
def test_the_host_header_as_the_set_holds_names(raw: str, host: str) -> None:
    assert host_of(raw) == host


def test_short_urls() -> None:
    base = "https://hop.example"
    assert short_url(base, "live", "sale") == "https://hop.example/sale"
    assert short_url(base, "test", "sale") == "https://hop.example/test/sale"
    assert short_url(base, "live", "sale", "go.brand.com") == "https://go.brand.com/sale"
    assert short_url(base, "test", "sale", "go.brand.com") == "https://go.brand.com/test/sale"


def test_invalidations_reach_the_cache_that_holds_the_key() -> None:
    cache, domains = LinkCache(100, 1 << 20), LinkCache(100, 1 << 20)
    cache.put("sale", not_found())
    domains.put("go.brand.com/sale", not_found())
    subscription = link_invalidations(None, cache, domains)  # type: ignore[arg-type]
    subscription.on_message(b"go.brand.com/sale")
    assert domains.get("go.brand.com/sale") is None
    assert cache.get("sale") is not None
    subscription.on_message(b"sale")
    assert cache.get("sale") is None


def test_the_short_host_and_its_aliases() -> None:
    settings = load_settings(
        {
            "HOP_SHORT_BASE_URL": "https://Hop.Example",
            "HOP_EDGE_LISTEN": "0.0.0.0:8080",
            "HOP_SHORT_HOST_ALIASES": " hop-edge.internal., 10.0.0.7 ,[::1],::2,,",
        }
    )
    assert settings.short_host_aliases == ("hop-edge.internal", "10.0.0.7", "[::1]", "[::2]")
    names, raw = short_authorities(settings)
    assert names == {"hop.example", "hop-edge.internal", "10.0.0.7", "[::1]", "[::2]"}
    # As clients send them: bare, with the public port, with the listening port.
    assert {"hop.example", "hop.example:443", "hop.example:8080", "[::1]:8080"} <= raw
    assert all(host_of(value) in names for value in raw)
    assert load_settings({}).short_host_aliases == ()
    assert short_authorities(load_settings({}))[1] == {"127.0.0.1", "127.0.0.1:8080"}


@pytest.mark.parametrize(
    "value", ["https://go.example", "go.example:8080", "go.example/x", "ex ample.com", "-a.b"]
)
def test_aliases_are_host_names_only(value: str) -> None:
    with pytest.raises(SettingsError, match=r"^HOP_SHORT_HOST_ALIASES: "):
        load_settings({"HOP_SHORT_HOST_ALIASES": value})
