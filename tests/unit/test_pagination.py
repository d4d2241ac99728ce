"""The one cursor codec (admin/pagination.py): what a list hands out comes back as the same
position; anything else is the one 422 on ``cursor``."""

from __future__ import annotations

import base64
from datetime import UTC, datetime

import pytest

from admin.analytics.service import ClickCursor
from admin.errors import ValidationFailed
from admin.pagination import RowCursor, decode_cursor, decode_row_cursor, encode_cursor


def _raw(text: bytes) -> str:
    return base64.urlsafe_b64encode(text).decode().rstrip("=")


def test_positions_round_trip() -> None:
    assert decode_row_cursor(encode_cursor(RowCursor("wh_01abc")), "wh_") == "wh_01abc"
    at = datetime(2026, 3, 1, 12, 30, 5, 123456, tzinfo=UTC)
    click = ClickCursor(at, "9f2c1e0a7b3d4c5e1a")
    assert decode_cursor(encode_cursor(click), ClickCursor) == click


@pytest.mark.parametrize(
    "cursor",
    [
        "",
        "!!",
        "garbage!",
        _raw(b"wh_01abc"),  # the id alone, not the payload
        _raw(b'["at_01abc"]'),  # a row of another kind
        _raw(b'["wh_\\u0000"]'),  # PostgreSQL text cannot hold NUL
        _raw(b'["wh_01 abc"]'),
        _raw(b'["wh_01abc\\n"]'),  # not even before a final newline
        _raw(b'["wh_01abc","extra"]'),
        _raw(b"[1]"),
    ],
)
def test_anything_else_is_the_one_validation_error(cursor: str) -> None:
    with pytest.raises(ValidationFailed) as caught:
        decode_row_cursor(cursor, "wh_")
    assert [(e.field, e.message) for e in caught.value.errors] == [
        ("cursor", "is not a cursor this API returned")
    ]


def test_a_click_position_needs_its_time_zone() -> None:
    with pytest.raises(ValidationFailed):
        decode_cursor(_raw(b'["2026-03-01T12:00:00","e1"]'), ClickCursor)
