"""The worker's enrichment: the country header is believed only from a trusted proxy."""

from __future__ import annotations

import iptocc

from admin.analytics.enrich import Enricher
from common.clientip import TrustedProxies
from common.wire import ClickEvent

# An address the offline database places outside France, so a header saying "FR"
# is visibly believed or not.
_US_ADDRESS = "8.8.8.8"


def click(peer: str, country: str, forwarded_for: str = "") -> ClickEvent:
    return ClickEvent(
        "e1", "lnk_1", "abc", 1_700_000_000_000, peer, "curl/8", "", "", forwarded_for, country
    )


def test_the_database_knows_the_reference_address() -> None:
    assert iptocc.country_code(_US_ADDRESS) == "US"


def test_without_trusted_proxies_the_header_is_ignored() -> None:
    enricher = Enricher(b"salt", TrustedProxies(()))
    assert enricher.enrich(click(f"{_US_ADDRESS}:5000", "FR")).country == "US"
    assert enricher.enrich(click("127.0.0.1:5000", "FR")).country == ""


def test_the_header_of_a_peer_outside_the_trusted_networks_is_ignored() -> None:
    enricher = Enricher(b"salt", TrustedProxies(["10.0.0.0/8"]))
    assert enricher.enrich(click(f"{_US_ADDRESS}:5000", "FR")).country == "US"
    # A forged X-Forwarded-For naming a trusted address changes nothing: the peer decides.
    assert enricher.enrich(click(f"{_US_ADDRESS}:5000", "FR", "10.0.0.1")).country == "US"


def test_the_header_of_a_trusted_proxy_is_believed() -> None:
    enricher = Enricher(b"salt", TrustedProxies(["10.0.0.0/8", "::1/128"]))
    assert enricher.enrich(click("10.1.2.3:5000", "fr", _US_ADDRESS)).country == "FR"
    assert enricher.enrich(click("[::1]:5000", "DE", _US_ADDRESS)).country == "DE"
    # "Unknown" codes from the proxy fall back to the database (the forwarded client).
    assert enricher.enrich(click("10.1.2.3:5000", "XX", _US_ADDRESS)).country == "US"


def test_a_peer_that_is_not_an_address_is_not_trusted() -> None:
    enricher = Enricher(b"salt", TrustedProxies(["0.0.0.0/0"]))
    assert enricher.enrich(click("unix:/tmp/socket", "FR")).country == ""
