"""The YOURLS import source (admin/imports/sources/yourls.py) against a fake YOURLS site
on loopback (tests/support/fakes/yourls.py): every field, ``start``/``limit`` paging
newest first, a restart from a saved cursor, both credential forms, refusals, 429s
and 5xx, and credentials kept out of URLs and reasons."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import msgspec
import pytest

from admin.imports.sources import SOURCES, BadCredential, Page, SourceFailed, SourceHttp
from admin.imports.sources.yourls import YourlsCredentials, YourlsOptions, YourlsSource, api_url
from admin.outbound.policy import AddressPolicy
from tests.support.fakes.yourls import FakeYourls, yourls_link
from tests.support.outbound import guarded_client

pytestmark = pytest.mark.usefixtures("guarded_kind")

SIGNATURE = "1002a612b4"
PASSWORD = "s3cret-Pa55-word"


@pytest.fixture
def yourls() -> Iterator[FakeYourls]:
    fake = FakeYourls(signature=SIGNATURE, users={"joe": PASSWORD}, site_path="/s")
    fake.rows = [
        yourls_link(
            "ozh", "https://ozh.org/", "2024-01-05 10:00:00", clicks=42, title="Ozh RICHARD"
        ),
        yourls_link("yourls", "https://yourls.org/", "2024-01-04 10:00:00", clicks=7),
        yourls_link("gh", "https://github.com/YOURLS/YOURLS", "2024-01-03 10:00:00"),
        yourls_link("blank", "", "2024-01-02 10:00:00", clicks=1),
        yourls_link("old", "https://example.com/old", "2023-12-31 23:59:59", clicks=3),
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
    base_url: str,
    credentials: dict[str, Any],
    *,
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
        source = YourlsSource(
            msgspec.convert(credentials, YourlsCredentials),
            YourlsOptions(base_url=base_url),
            SourceHttp(client, "YOURLS", sleep=waits or Waits()),
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


def test_every_field_comes_over_across_pages_newest_first(yourls: FakeYourls) -> None:
    pages = walk(yourls.url, {"signature": SIGNATURE})
    assert [len(page.links) for page in pages] == [2, 2, 1]
    assert {page.total for page in pages} == {5}
    assert _codes(pages) == ["ozh", "yourls", "gh", "blank", "old"]
    links = {link.code: link for page in pages for link in page.links}

    ozh = links["ozh"]
    assert ozh.source_id == "ozh"
    assert ozh.domain == "sho.rt"
    assert ozh.long_url == "https://ozh.org/"
    assert ozh.title == "Ozh RICHARD"
    assert ozh.created_at == datetime(2024, 1, 5, 10, 0, tzinfo=UTC)
    assert ozh.clicks == 42
    assert (ozh.tags, ozh.expires_at, ozh.max_clicks, ozh.archived) == ((), None, None, False)
    assert links["yourls"].title is None
    assert links["blank"].long_url == ""  # reported by the job as having no destination

    for request in yourls.requests:
        assert request.method == "POST"
        assert request.path == "/s/yourls-api.php"
        assert request.query == {}  # nothing in the URL, the signature least of all
        form = FakeYourls.params(request)
        assert form["signature"] == SIGNATURE
        assert (form["action"], form["filter"], form["format"]) == ("stats", "last", "json")
        assert form["limit"] == "2"
    assert [FakeYourls.params(r)["start"] for r in yourls.requests] == ["0", "2", "4"]


def test_a_full_page_at_the_end_finishes_without_asking_again(yourls: FakeYourls) -> None:
    yourls.rows = yourls.rows[:4]
    pages = walk(yourls.url, {"signature": SIGNATURE})
    assert [len(page.links) for page in pages] == [2, 2]
    assert len(yourls.requests) == 2


def test_an_empty_site_is_one_empty_page(yourls: FakeYourls) -> None:
    yourls.rows = []
    pages = walk(yourls.url, {"signature": SIGNATURE})
    assert [(page.links, page.cursor, page.total) for page in pages] == [([], None, 0)]


def test_username_and_password_and_the_full_api_address(yourls: FakeYourls) -> None:
    pages = walk(
        f"{yourls.url}/yourls-api.php", {"username": "joe", "password": PASSWORD}, page_size=10
    )
    assert _codes(pages) == ["ozh", "yourls", "gh", "blank", "old"]
    form = FakeYourls.params(yourls.requests[0])
    assert (form["username"], form["password"]) == ("joe", PASSWORD)
    assert "signature" not in form


def test_a_restart_from_a_saved_cursor_gives_the_rest(yourls: FakeYourls) -> None:
    first = walk(yourls.url, {"signature": SIGNATURE}, pages=1)
    rest = walk(yourls.url, {"signature": SIGNATURE}, cursor=first[0].cursor)
    assert _codes(first) + _codes(rest) == ["ozh", "yourls", "gh", "blank", "old"]


def test_a_link_made_meanwhile_repeats_one_rather_than_losing_one(yourls: FakeYourls) -> None:
    first = walk(yourls.url, {"signature": SIGNATURE}, pages=1)
    yourls.rows.append(yourls_link("new", "https://example.com/new", "2026-11-27 12:00:00"))
    rest = walk(yourls.url, {"signature": SIGNATURE}, cursor=first[0].cursor)
    codes = _codes(first) + _codes(rest)
    assert set(codes) == {"ozh", "yourls", "gh", "blank", "old"}  # the job skips the repeat
    assert codes.count("yourls") == 2


@pytest.mark.parametrize(
    ("credentials", "secret"),
    [
        ({"signature": "0123456789"}, "0123456789"),
        ({"username": "joe", "password": "guess"}, "guess"),
    ],
)
def test_a_refused_credential_fails_at_once_without_showing_it(
    yourls: FakeYourls, credentials: dict[str, str], secret: str
) -> None:
    with pytest.raises(BadCredential) as refused:
        walk(yourls.url, credentials)
    assert "YOURLS" in str(refused.value)
    assert secret not in str(refused.value)
    assert len(yourls.requests) == 1  # not retried


def test_429_is_waited_out_and_5xx_retried(yourls: FakeYourls) -> None:
    waits = Waits()
    yourls.throttle_once = True
    yourls.fail_once = True
    pages = walk(yourls.url, {"signature": SIGNATURE}, waits=waits, page_size=10)
    assert _codes(pages) == ["ozh", "yourls", "gh", "blank", "old"]
    assert waits.seconds[0] == 1.0  # the host's Retry-After
    assert len(waits.seconds) == 2  # and one backoff after the 500
    assert len(yourls.requests) == 3


def test_a_wrong_address_fails_with_a_reason_that_holds_no_secret(yourls: FakeYourls) -> None:
    with pytest.raises(SourceFailed) as failed:
        walk(f"{yourls.server.url}/elsewhere", {"username": "joe", "password": PASSWORD})
    assert "404" in str(failed.value)
    assert PASSWORD not in str(failed.value)


def test_the_base_url_may_be_the_site_or_its_api_address() -> None:
    assert api_url("https://sho.rt") == "https://sho.rt/yourls-api.php"
    assert api_url("https://sho.rt/") == "https://sho.rt/yourls-api.php"
    assert api_url("https://example.com/s/") == "https://example.com/s/yourls-api.php"
    assert api_url("https://sho.rt/yourls-api.php") == "https://sho.rt/yourls-api.php"


@pytest.mark.parametrize(
    "credentials",
    [
        {},
        {"username": "joe"},
        {"password": "pw"},
        {"signature": "abc", "username": "joe", "password": "pw"},
        {"signature": "abc", "password": "pw"},
        {"signature": ""},
        {"apiKey": "abc"},
    ],
)
def test_exactly_one_complete_credential_form(credentials: dict[str, str]) -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert(credentials, SOURCES["yourls"].credentials)


def test_registered_with_both_forms_and_a_required_base_url() -> None:
    kind = SOURCES["yourls"]
    assert (kind.name, kind.label) == ("yourls", "YOURLS")
    assert msgspec.convert({"signature": "abc"}, kind.credentials) == YourlsCredentials(
        signature="abc"
    )
    login = msgspec.convert({"username": "joe", "password": "pw"}, kind.credentials)
    assert login == YourlsCredentials(username="joe", password="pw")
    with pytest.raises(msgspec.ValidationError, match="baseUrl"):
        msgspec.convert({}, kind.options)
    with pytest.raises(msgspec.ValidationError, match="baseUrl"):
        msgspec.convert({"baseUrl": "sho.rt"}, kind.options)
    options = msgspec.convert({"baseUrl": "https://sho.rt"}, kind.options)
    assert options == YourlsOptions(base_url="https://sho.rt")
