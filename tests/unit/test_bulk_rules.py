"""The pure rules of bulk links, lists, account analytics ranges and custom domains."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta

import pytest

from admin.analytics.service import _account_range, _buckets
from admin.domains.service import normal_hostname
from admin.errors import BadRequest, HopError, ValidationFailed
from admin.links.bulk import csv_rows, decode_csv
from admin.links.listing import decode_cursor, encode_cursor, link_filter
from admin.links.schemas import Link, LinkCreate, LinkSafety
from common.settings.parsers import dns_resolver


def _fields(error: HopError) -> list[str]:
    return [e.field for e in error.errors]


def test_csv_rows_become_create_bodies() -> None:
    document = (
        "\ufefflongUrl,tags,forwardQuery,redirectType,extra\r\n"
        "https://example.com/a,x| y |,no,308,ignored\r\n"
        "https://example.com/b,'=cmd,,,\r\n"
        ",,,,\r\n"
    ).encode()
    a, b, empty = decode_csv(document, 10)
    assert isinstance(a, LinkCreate)
    assert isinstance(b, LinkCreate)
    assert (a.tags, a.forward_query, a.redirect_type) == (["x", "y"], False, 308)
    assert b.tags == ["=cmd"]
    assert isinstance(empty, ValidationFailed)
    assert _fields(empty) == ["longUrl"]


def test_csv_refusals() -> None:
    with pytest.raises(BadRequest):
        decode_csv(b"longUrl\r\nhttps://\xff.example\r\n", 10)
    with pytest.raises(ValidationFailed) as no_column:
        decode_csv(b"url\r\nhttps://example.com\r\n", 10)
    assert _fields(no_column.value) == ["longUrl"]
    with pytest.raises(ValidationFailed) as too_many:
        decode_csv(b"longUrl\r\n" + b"https://example.com\r\n" * 3, 2)
    assert _fields(too_many.value) == ["rows"]
    with pytest.raises(ValidationFailed):
        decode_csv(b"longUrl\r\n", 2)


def test_exported_formula_cells_are_neutralised() -> None:
    safety = LinkSafety(
        verdict="ok", reasons=[], source=None, checked_at=None, review_requested_at=None
    )
    link = Link(
        id="lnk_1",
        short_code="abc",
        short_url="https://s.example/abc",
        long_url="https://example.com",
        tags=["=HYPERLINK()", "b"],
        expires_at=None,
        created_at="2026-01-01T00:00:00.000Z",
        updated_at="2026-01-01T00:00:00.000Z",
        status="active",
        clicks=0,
        redirect_type=302,
        forward_query=True,
        safety=safety,
    )
    (row,) = csv.reader(io.StringIO(csv_rows([link]).decode()))
    assert row[4] == "'=HYPERLINK()|b"
    (imported,) = decode_csv(f"longUrl,tags\r\n{row[3]},{row[4]}\r\n".encode(), 1)
    assert isinstance(imported, LinkCreate)
    assert imported.tags == ["=HYPERLINK()", "b"]


def test_cursors_belong_to_their_sort() -> None:
    by_id = encode_cursor("lnk_01abc")
    by_clicks = encode_cursor("lnk_01abc", 42)
    assert decode_cursor(by_id).link_id == "lnk_01abc"
    position = decode_cursor(by_clicks, "-clicks")
    assert (position.link_id, position.clicks) == ("lnk_01abc", 42)
    for cursor, sort in ((by_id, "clicks"), (by_clicks, "-created"), ("!!", "created")):
        with pytest.raises(ValidationFailed):
            decode_cursor(cursor, sort)


def test_link_filter_names_bad_fields() -> None:
    with pytest.raises(ValidationFailed) as caught:
        link_filter(tags=["x" * 65], tag_match="some", status="gone", prefix="filter.")
    assert _fields(caught.value) == ["filter.tag", "filter.tagMatch", "filter.status"]
    assert link_filter(tags=["a", "a", "b"], tag_match="any").tags == ["a", "b"]
    assert link_filter(q="50%_off").pattern == "%50\\%\\_off%"


def test_account_ranges_and_buckets() -> None:
    midnight = datetime(2026, 11, 2, tzinfo=UTC)  # a Monday
    start, end = _account_range(None, midnight, "day")
    assert (start, end) == (midnight - timedelta(days=30), midnight)
    with pytest.raises(ValidationFailed):
        _account_range(midnight + timedelta(hours=1), None, "day")
    with pytest.raises(ValidationFailed):
        _account_range(midnight, midnight + timedelta(days=8), "hour")
    weeks = _buckets(midnight - timedelta(days=3), midnight + timedelta(days=8), "week")
    assert weeks == [midnight - timedelta(days=7), midnight, midnight + timedelta(days=7)]
    assert len(_buckets(midnight, midnight + timedelta(hours=5), "hour")) == 5


def test_hostnames() -> None:
    assert normal_hostname(" Go.Brand.COM. ") == "go.brand.com"
    for bad in ("localhost", "1.2.3.4", "-a.example", "a_b.example", "ex ample.com", "ü.example"):
        with pytest.raises(ValidationFailed):
            normal_hostname(bad)


def test_dns_resolver_setting() -> None:
    assert dns_resolver("127.0.0.1") == "127.0.0.1:53"
    assert dns_resolver("127.0.0.1:5353") == "127.0.0.1:5353"
    assert dns_resolver("[::1]:53") == "[::1]:53"
    for bad in ("dns.example", "127.0.0.1:0", "127.0.0.1:x"):
        with pytest.raises(ValueError, match=r"IP address|port"):
            dns_resolver(bad)
