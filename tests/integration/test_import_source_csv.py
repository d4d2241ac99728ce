"""The CSV import source (admin/imports/sources/csv.py): Bitly's export in its documented
header variants, Hop's own export (written by admin/links/bulk.py, so it round-trips)
and import form, pages of 1,000 rows with a restartable cursor, rows that cannot be
imported, and a header that is neither."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import msgspec
import pytest

from admin.imports.sources import SOURCES, Page, SourceFailed, SourceLink
from admin.imports.sources.csv import CsvCredentials, CsvOptions, CsvSource
from admin.links.bulk import csv_header, csv_rows
from admin.links.schemas import LINK_EXAMPLE, Link


def _source(content: str) -> CsvSource:
    # A file calls nobody: the source never touches its SourceHttp.
    return CsvSource(CsvCredentials(), CsvOptions(content=content), None)  # type: ignore[arg-type]


def _pages(content: str, cursor: str | None = None) -> list[Page]:
    source = _source(content)

    async def run() -> list[Page]:
        pages = []
        at = cursor
        while True:
            page = await source.page(at)
            pages.append(page)
            if page.cursor is None:
                return pages
            at = page.cursor

    return asyncio.run(run())


def _links(content: str) -> list[SourceLink]:
    return [link for page in _pages(content) for link in page.links]


def test_registered_under_its_name() -> None:
    assert SOURCES["csv"] is CsvSource
    assert msgspec.json.decode(b"{}", type=CsvSource.credentials) == CsvCredentials()
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(b"{}", type=CsvSource.options)


def test_bitlys_export_with_its_classic_columns() -> None:
    content = (
        "Title,Bitlink,Long URL,Custom Bitlinks,Created,Clicks,Tags\r\n"
        "Winter sale,https://bit.ly/3xYz9Ab,https://shop.example/sale,https://brand.example/sale,"
        '2023-11-02 08:09:10,"1,234","promo, winter"\r\n'
        ",bit.ly/plain1,https://shop.example/plain,,11/05/2023,7,\r\n"
    )
    sale, plain = _links(content)
    assert sale == SourceLink(
        source_id="bit.ly/3xYz9Ab",
        long_url="https://shop.example/sale",
        domain="brand.example",
        code="sale",
        title="Winter sale",
        tags=("promo", "winter"),
        created_at=datetime(2023, 11, 2, 8, 9, 10, tzinfo=UTC),
        clicks=1234,
    )
    assert (plain.source_id, plain.domain, plain.code, plain.title) == (
        "bit.ly/plain1",
        "bit.ly",
        "plain1",
        None,
    )
    assert plain.created_at == datetime(2023, 11, 5, tzinfo=UTC)
    assert plain.clicks == 7


def test_bitlys_newer_export_columns() -> None:
    content = (
        "Link,Custom Link,Destination URL,Title,Date Created,Engagements\n"
        "https://bit.ly/n3w,,https://shop.example/new,New,2025-02-03T04:05:06+0000,12\n"
    )
    (link,) = _links(content)
    assert (link.source_id, link.domain, link.code, link.long_url) == (
        "bit.ly/n3w",
        "bit.ly",
        "n3w",
        "https://shop.example/new",
    )
    assert link.created_at == datetime(2025, 2, 3, 4, 5, 6, tzinfo=UTC)
    assert link.clicks == 12


def test_hops_export_round_trips() -> None:
    link = msgspec.convert(LINK_EXAMPLE, Link)
    formula = msgspec.structs.replace(
        link,
        id="lnk_2",
        short_code="f1",
        short_url="https://hop.example/f1",
        long_url="https://x.example/?a=1",
        tags=["=SUM(A1)"],
        expires_at=None,
        clicks=0,
    )
    content = (csv_header() + csv_rows([link, formula])).decode()
    spring, second = _links(content)
    assert spring == SourceLink(
        source_id="hop.example/spring-sale",
        long_url="https://shop.example.com/spring-sale?ref=newsletter",
        code="spring-sale",
        domain="hop.example",
        tags=("campaign", "spring"),
        created_at=datetime(2026, 3, 1, 9, 30, tzinfo=UTC),
        expires_at=datetime(2030, 6, 30, 23, 59, 59, tzinfo=UTC),
        clicks=42,
    )
    assert second.tags == ("=SUM(A1)",)  # the export's apostrophe came off
    assert second.expires_at is None


def test_hops_import_form() -> None:
    content = "longUrl,alias,tags,domain\nhttps://a.example/1,first,a|b,go.example\nhttps://a.example/2,,,\n"
    first, second = _links(content)
    assert (first.source_id, first.code, first.domain, first.tags) == (
        "go.example/first",
        "first",
        "go.example",
        ("a", "b"),
    )
    assert (second.source_id, second.code, second.long_url) == (
        "row 2",
        None,
        "https://a.example/2",
    )


def test_rows_that_cannot_be_imported_come_back_with_their_problem() -> None:
    content = (
        "Bitlink,Long URL\n"
        "https://bit.ly/ok1,https://a.example/1\n"
        "https://bit.ly/nodest,\n"
        ",https://a.example/3\n"
    )
    ok, no_destination, no_link = _links(content)
    assert ok.problem is None
    assert (no_destination.source_id, no_destination.long_url) == ("bit.ly/nodest", "")
    assert no_destination.problem == "row 2: no destination (the long URL is empty)"
    assert (no_link.source_id, no_link.long_url) == ("row 3", "")
    assert no_link.problem is not None
    assert "no short link" in no_link.problem


def test_pages_of_a_thousand_rows_and_a_restart_from_the_cursor() -> None:
    rows = "".join(f"https://bit.ly/c{n},https://a.example/{n}\n" for n in range(2500))
    content = "Bitlink,Long URL\n" + rows
    pages = _pages(content)
    assert [len(page.links) for page in pages] == [1000, 1000, 500]
    assert pages[0].total == 2500
    assert pages[0].cursor == "1000"

    rest = _pages(content, cursor=pages[0].cursor)
    ids = [link.source_id for page in rest for link in page.links]
    assert ids[0] == "bit.ly/c1000"
    assert len(ids) == 1500
    assert not set(ids) & {link.source_id for link in pages[0].links}


def test_an_unknown_header_fails_naming_it() -> None:
    with pytest.raises(SourceFailed) as caught:
        _links("url,slug\nhttps://a.example,x\n")
    assert str(caught.value) == "the CSV's header is neither Bitly's export nor Hop's: url, slug"


def test_an_empty_file_fails() -> None:
    with pytest.raises(SourceFailed):
        _links("")
