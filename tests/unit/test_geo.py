"""Cities and regions: a city database the test writes itself, read with maxminddb, places
the client address (trusted-proxy rules as for the country); without one, nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from admin.analytics.enrich import Enricher
from admin.analytics.geo import GeoDatabase, GeoDatabaseError, Place, open_geo_database
from common.clientip import TrustedProxies
from common.wire import ClickEvent
from tests.support.mmdb import city_record, write_mmdb

_NETWORKS = {
    "203.0.113.0/25": city_record("DE", "Munich", subdivision="BY", subdivision_name="Bavaria"),
    "203.0.113.128/25": city_record("US", "Portland", subdivision="OR"),
    "198.51.100.0/24": city_record("FR", "Lyon", subdivision_name="Auvergne-Rhône-Alpes"),
    "2001:db8::/32": city_record("JP", "Ōsaka", subdivision="27"),
}


@pytest.fixture
def geo(tmp_path: Path) -> GeoDatabase:
    return GeoDatabase(str(write_mmdb(tmp_path / "city.mmdb", _NETWORKS)))


def click(peer: str, forwarded_for: str = "", country: str = "") -> ClickEvent:
    return ClickEvent(
        "e1", "lnk_1", "abc", 1_700_000_000_000, peer, "curl/8", "", "", forwarded_for, country
    )


def test_addresses_are_placed_by_the_database(geo: GeoDatabase) -> None:
    assert geo.place("203.0.113.7") == Place("DE", "DE-BY", "Munich")
    assert geo.place("203.0.113.200") == Place("US", "US-OR", "Portland")
    # No subdivision code: its English name.
    assert geo.place("198.51.100.1") == Place("FR", "Auvergne-Rhône-Alpes", "Lyon")
    assert geo.place("2001:db8::1") == Place("JP", "JP-27", "Ōsaka")
    assert geo.place("192.0.2.1") == Place("", "", "")
    assert geo.place("not an address") == Place("", "", "")


def test_an_ipv4_only_database_answers_ipv6_with_nothing(tmp_path: Path) -> None:
    path = write_mmdb(
        tmp_path / "v4.mmdb", {"203.0.113.0/24": city_record("DE", "Berlin")}, ip_version=4
    )
    geo = GeoDatabase(str(path))
    assert geo.place("203.0.113.9").city == "Berlin"
    assert geo.place("2001:db8::1") == Place("", "", "")


def test_an_unreadable_database_is_refused_saying_so(tmp_path: Path) -> None:
    with pytest.raises(GeoDatabaseError, match=r"missing\.mmdb"):
        GeoDatabase(str(tmp_path / "missing.mmdb"))
    garbage = tmp_path / "garbage.mmdb"
    garbage.write_bytes(b"not a database" * 100)
    with pytest.raises(GeoDatabaseError, match=r"garbage\.mmdb"):
        GeoDatabase(str(garbage))
    assert open_geo_database(None) is None
    assert open_geo_database("") is None


def test_the_client_behind_a_trusted_proxy_is_placed(geo: GeoDatabase) -> None:
    enricher = Enricher(b"salt", TrustedProxies(["10.0.0.0/8"]), geo)
    placed = enricher.enrich(click("10.0.0.1:5000", "203.0.113.7"))
    assert (placed.country, placed.region, placed.city) == ("DE", "DE-BY", "Munich")
    # An untrusted peer's X-Forwarded-For is not believed: the peer itself is placed.
    forged = enricher.enrich(click("198.51.100.9:5000", "203.0.113.7"))
    assert (forged.country, forged.region, forged.city) == ("FR", "Auvergne-Rhône-Alpes", "Lyon")


def test_a_trusted_country_header_naming_another_country_drops_the_city(
    geo: GeoDatabase,
) -> None:
    enricher = Enricher(b"salt", TrustedProxies(["10.0.0.0/8"]), geo)
    agrees = enricher.enrich(click("10.0.0.1:5000", "203.0.113.7", "de"))
    assert (agrees.country, agrees.region, agrees.city) == ("DE", "DE-BY", "Munich")
    differs = enricher.enrich(click("10.0.0.1:5000", "203.0.113.7", "AT"))
    assert (differs.country, differs.region, differs.city) == ("AT", "", "")


def test_without_a_database_there_is_no_region_or_city() -> None:
    enricher = Enricher(b"salt", TrustedProxies(()))
    plain = enricher.enrich(click("8.8.8.8:5000"))
    assert (plain.country, plain.region, plain.city) == ("US", "", "")


def test_an_address_the_database_does_not_know_keeps_the_bundled_country(
    geo: GeoDatabase,
) -> None:
    enricher = Enricher(b"salt", TrustedProxies(()), geo)
    unknown = enricher.enrich(click("8.8.8.8:5000"))
    assert (unknown.country, unknown.region, unknown.city) == ("US", "", "")
