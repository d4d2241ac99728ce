from __future__ import annotations

import re

from common.ids import new_id, new_short_code, ulid


def test_ids_are_prefixed_sortable_ulids() -> None:
    ids = [new_id("lnk") for _ in range(50)]
    assert all(re.fullmatch(r"lnk_[0-9a-hjkmnp-tv-z]{26}", value) for value in ids)
    assert ulid(1_000) < ulid(2_000) < ulid(2**47)
    assert len(set(ids)) == 50


def test_short_codes_are_random_base62() -> None:
    codes = {new_short_code() for _ in range(2000)}
    assert len(codes) == 2000
    assert all(re.fullmatch(r"[0-9A-Za-z]{7}", code) for code in codes)


def test_ids_made_in_the_same_millisecond_keep_their_order() -> None:
    # Thousands of ids a millisecond: most share one with their neighbour, and a bulk
    # create's links must list in the order they were made.
    made = [new_id("lnk") for _ in range(5000)]
    assert made == sorted(made)
    assert len(set(made)) == len(made)


def test_ids_spell_their_bits_as_crockford_base32_digits() -> None:
    crockford = "0123456789abcdefghjkmnpqrstvwxyz"
    for millis in (0, 1, 1_700_000_000_000, 2**48 - 1):
        spelled = ulid(millis)
        value = sum(crockford.index(c) << (5 * (25 - i)) for i, c in enumerate(spelled))
        assert value >> 80 == millis  # the first 48 of 128 bits are the time
        assert value < 2**128
    assert ulid(0).startswith("0000000000")
    assert ulid(2**48 - 1).startswith("7zzzzzzzzz")
