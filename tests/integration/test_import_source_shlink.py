"""The Shlink import source (admin/imports/sources/shlink.py) against a fake Shlink on
loopback speaking REST v3 (tests/support/fakes/shlink.py): every field, page-number
paging oldest first, a restart from a saved cursor, refused keys, 429s and 5xx."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta, timezone

import msgspec
import pytest

from admin.imports.sources import SOURCES, BadCredential, Page, SourceFailed, SourceHttp
from admin.imports.sources.shlink import ShlinkCredentials, ShlinkOptions, ShlinkSource, api_root
from admin.outbound.policy import AddressPolicy
from tests.support.fakes.shlink import FakeShlink, shlink_url
from tests.support.outbound import guarded_client

pytestmark = pytest.mark.usefixtures("guarded_kind")

API_KEY = "b1d2c3e4-5f60-4a7b-8c9d-0e1f2a3b4c5d"


@pytest.fixture
def shlink() -> Iterator[FakeShlink]:
    fake = FakeShlink(API_KEY)
    fake.short_urls = [
        shlink_url(
            "12C18",
            "https://store.steampowered.com",
            "2016-08-21T20:34:16+02:00",
            visits=328,
            tags=("games", "tech"),
            max_visits=100,
            title="Welcome to Steam",
        ),
        shlink_url("12Kb3", "https://shlink.io", "2016-09-01T10:00:00+02:00", visits=1029),
        shlink_url(
            "123bA",
            "https://www.google.com",
            "2016-10-01T20:34:16+02:00",
            domain="example.com",
            visits=25,
            valid_until="2030-01-01T00:00:00+00:00",
        ),
        shlink_url("sale", "https://shop.example/sale", "2017-01-02T03:04:05+00:00"),
        shlink_url("last", "https://shop.example/last", "2018-05-06T07:08:09+00:00"),
    ]
    yield fake
    fake.close()


class Waits:
    """Records the waits SourceHttp asks for instead of sleeping through them."""

    def __init__(self) -> None:
        self.seconds: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.seconds.append(seconds)


def walk(
    fake: FakeShlink,
    *,
    api_key: str = API_KEY,
    cursor: str | None = None,
    pages: int | None = None,
    page_size: int = 2,
    waits: Waits | None = None,
) -> list[Page]:
    """The pages from ``cursor`` on (at most ``pages``), through a fresh client as after
    a restart."""

    async def run() -> list[Page]:
        client = guarded_client(
            AddressPolicy(("127.0.0.0/8",)), timeout=5, max_bytes=1_000_000, user_agent="test"
        )
        http = SourceHttp(client, "Shlink", sleep=waits or Waits())
        source = ShlinkSource(
            ShlinkCredentials(api_key=api_key),
            ShlinkOptions(base_url=fake.url),
            http,
            page_size=page_size,
        )
        walked: list[Page] = []
        position = cursor
        try:
            while pages is None or len(walked) < pages:
                page = await source.page(position)
                walked.append(page)
                position = page.cursor
                if position is None:
                    break
        finally:
            await client.aclose()
        return walked

    return asyncio.run(run())


def _codes(pages: list[Page]) -> list[str | None]:
    return [link.code for page in pages for link in page.links]


def test_every_field_comes_over_across_pages_oldest_first(shlink: FakeShlink) -> None:
    pages = walk(shlink)
    assert [len(page.links) for page in pages] == [2, 2, 1]
    assert {page.total for page in pages} == {5}
    assert pages[-1].cursor is None
    links = {link.code: link for page in pages for link in page.links}
    assert _codes(pages) == ["12C18", "12Kb3", "123bA", "sale", "last"]

    steam = links["12C18"]
    assert steam.source_id == "s.test/12C18"
    assert steam.domain == "s.test"  # null domain: the default one, from shortUrl
    assert steam.long_url == "https://store.steampowered.com"
    assert steam.title == "Welcome to Steam"
    assert steam.tags == ("games", "tech")
    assert steam.created_at == datetime(
        2016, 8, 21, 20, 34, 16, tzinfo=timezone(timedelta(hours=2))
    )
    assert steam.max_clicks == 100
    assert steam.clicks == 328
    assert steam.expires_at is None
    assert steam.archived is False

    google = links["123bA"]
    assert (google.source_id, google.domain) == ("example.com/123bA", "example.com")
    assert google.expires_at == datetime(2030, 1, 1, tzinfo=UTC)
    assert google.title is None
    assert google.tags == ()
    assert google.max_clicks is None

    for request in shlink.requests:
        assert request.path == "/rest/v3/short-urls"
        assert request.headers["x-api-key"] == API_KEY
        assert request.query["orderBy"] == ["dateCreated-ASC"]
        assert request.query["itemsPerPage"] == ["2"]
    assert [r.query["page"] for r in shlink.requests] == [["1"], ["2"], ["3"]]


def test_a_restart_from_a_saved_cursor_gives_the_rest_once(shlink: FakeShlink) -> None:
    first = walk(shlink, pages=1)
    # A link made while the import waits lands on a later page, oldest first.
    shlink.short_urls.insert(
        0, shlink_url("new1", "https://shop.example/new", "2026-01-01T00:00:00+00:00")
    )
    # A worker with another page size goes on in pages of the size the cursor counts.
    rest = walk(shlink, cursor=first[0].cursor, page_size=50)
    codes = _codes(first) + _codes(rest)
    assert codes == ["12C18", "12Kb3", "123bA", "sale", "last", "new1"]
    assert rest[0].total == 6
    assert {r.query["itemsPerPage"][0] for r in shlink.requests} == {"2"}


def test_a_refused_key_fails_at_once_without_showing_it(shlink: FakeShlink) -> None:
    with pytest.raises(BadCredential) as refused:
        walk(shlink, api_key="not-the-key-7f3a")
    assert "Shlink" in str(refused.value)
    assert "not-the-key-7f3a" not in str(refused.value)
    assert len(shlink.requests) == 1  # not retried


def test_429_is_waited_out_and_5xx_retried(shlink: FakeShlink) -> None:
    waits = Waits()
    shlink.throttle_once = True
    shlink.fail_once = True
    pages = walk(shlink, waits=waits, page_size=10)
    assert _codes(pages) == ["12C18", "12Kb3", "123bA", "sale", "last"]
    assert waits.seconds[0] == 1.0  # the proxy's Retry-After
    assert len(waits.seconds) == 2  # and one backoff after the 503
    assert len(shlink.requests) == 3


def test_a_wrong_address_fails_with_a_reason_that_holds_no_key(shlink: FakeShlink) -> None:
    async def run() -> None:
        client = guarded_client(
            AddressPolicy(("127.0.0.0/8",)), timeout=5, max_bytes=1_000_000, user_agent="test"
        )
        source = ShlinkSource(
            ShlinkCredentials(api_key=API_KEY),
            ShlinkOptions(base_url=f"{shlink.url}/elsewhere/"),
            SourceHttp(client, "Shlink", sleep=Waits()),
        )
        try:
            await source.page(None)
        finally:
            await client.aclose()

    with pytest.raises(SourceFailed) as failed:
        asyncio.run(run())
    assert "404" in str(failed.value)
    assert API_KEY not in str(failed.value)


def test_the_base_url_may_be_the_site_or_its_rest_path() -> None:
    assert api_root("https://s.example") == "https://s.example/rest/v3"
    assert api_root("https://s.example/") == "https://s.example/rest/v3"
    assert api_root("https://s.example/rest/") == "https://s.example/rest/v3"
    assert api_root("https://s.example/rest/v2") == "https://s.example/rest/v3"
    assert api_root("https://example.com/shlink") == "https://example.com/shlink/rest/v3"


def test_registered_with_its_credential_and_a_required_base_url() -> None:
    kind = SOURCES["shlink"]
    assert (kind.name, kind.label) == ("shlink", "Shlink")
    assert msgspec.convert({"apiKey": "k"}, kind.credentials) == ShlinkCredentials(api_key="k")
    with pytest.raises(msgspec.ValidationError, match="baseUrl"):
        msgspec.convert({}, kind.options)
    with pytest.raises(msgspec.ValidationError, match="baseUrl"):
        msgspec.convert({"baseUrl": "ftp://s.example"}, kind.options)
    with pytest.raises(msgspec.ValidationError, match="token"):
        msgspec.convert({"apiKey": "k", "token": "t"}, kind.credentials)
    options = msgspec.convert({"baseUrl": "https://s.example"}, kind.options)
    assert options == ShlinkOptions(base_url="https://s.example")
