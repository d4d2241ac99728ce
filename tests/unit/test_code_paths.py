"""Issue 30 at the edge, without servers: how a code is folded, how a destination gets an
extra path, and what the cache entry carries to the edge."""

from __future__ import annotations

import pytest

from common.keys import fold_code, link_cache_key
from common.wire import LinkEntry, link_entry_decoder, link_entry_encoder
from edge.decide import appended
from edge.targets import GONE, target_of


@pytest.mark.parametrize("code", ["Sale", "SALE", "sale", "sAlE"])
def test_every_case_of_a_code_folds_to_one_name(code: str) -> None:
    assert fold_code(code) == "sale"
    assert link_cache_key(fold_code(code), "go.brand.example") == "go.brand.example/sale"


def test_folding_keeps_the_rest_of_a_code() -> None:
    assert fold_code("Spring_Sale-2026") == "spring_sale-2026"
    assert fold_code("abc-123_") == "abc-123_"


@pytest.mark.parametrize(
    ("location", "extra", "expected"),
    [
        ("https://d.example", "/more", "https://d.example/more"),
        ("https://d.example/", "/more", "https://d.example/more"),
        ("https://d.example/base", "/more/x", "https://d.example/base/more/x"),
        ("https://d.example/base/", "/more", "https://d.example/base/more"),
        ("https://d.example/base?y=2", "/more", "https://d.example/base/more?y=2"),
        ("https://d.example/b?y=2#top", "/m", "https://d.example/b/m?y=2#top"),
        ("https://d.example/b#top", "/m", "https://d.example/b/m#top"),
    ],
)
def test_an_extra_path_goes_after_the_destinations_path(
    location: str, extra: str, expected: str
) -> None:
    assert appended(location, extra) == expected


def test_an_ordinary_entry_is_the_bytes_it_was() -> None:
    """extra_path is appended with a default: left out, an entry encodes as before, and
    an older entry decodes with none."""
    entry = LinkEntry(link_id="lnk_1", url="https://d.example/")
    encoded = link_entry_encoder.encode(entry)
    assert b"extra_path" not in encoded
    assert link_entry_decoder.decode(encoded).extra_path == ""
    assert target_of(entry).extra_path == ""


@pytest.mark.parametrize("mode", ["ignore", "append"])
def test_the_entry_carries_the_mode_to_the_target(mode: str) -> None:
    entry = LinkEntry(link_id="lnk_1", url="https://d.example/", extra_path=mode)
    decoded = link_entry_decoder.decode(link_entry_encoder.encode(entry))
    assert target_of(decoded).extra_path == mode
    gone = target_of(LinkEntry(link_id="lnk_1", url="", state="deleted", extra_path=mode))
    assert gone.kind == GONE
    assert gone.extra_path == mode
