"""The Bitly import source (admin/imports/sources/bitly.py) against a fake Bitly API v4 on
loopback (tests/support/fakes/bitly.py): groups, search_after paging, archived and custom
bitlinks, click totals, restarts from a saved cursor, and the failure paths."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime

import msgspec
import pytest

from admin.imports.sources import SOURCES, BadCredential, Page, SourceFailed, SourceHttp
from admin.imports.sources.bitly import BitlyCredentials, BitlyOptions, BitlySource
from admin.outbound.policy import AddressPolicy
from tests.support.fakes.bitly import FakeBitly, GeneratedLinks, LinkList, bitlink
from tests.support.outbound import GuardedClient, guarded_client

pytestmark = pytest.mark.usefixtures("guarded_kind")

TOKEN = "b1tly-t0ken-7f3a9c2e5d"


class Recorder:
    """SourceHttp's sleep: records the waits and lets the event loop run."""

    def __init__(self) -> None:
        self.waits: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)
        await asyncio.sleep(0)


def _brand_links() -> LinkList:
    return LinkList(
        [
            bitlink(
                "3xYz9Ab",
                "https://shop.example/sale?utm_source=x",
                title="Winter sale",
                tags=["promo", "winter"],
                created_at="2023-11-02T08:09:10+0000",
                custom_bitlinks=["https://brand.example/sale"],
            ),
            bitlink("old1", "https://shop.example/old", archived=True),
            bitlink("nodest", "", title="Broken"),
        ],
        clicks={"bit.ly/3xYz9Ab": 1234, "bit.ly/old1": 7},
    )


@pytest.fixture
def bitly() -> Iterator[FakeBitly]:
    fake = FakeBitly(TOKEN, {"Bg1": _brand_links(), "Bg2": GeneratedLinks(250)})
    yield fake
    fake.close()


def _source(
    fake: FakeBitly,
    token: str = TOKEN,
    recorder: Recorder | None = None,
    group_guid: str | None = None,
    clicks: bool = True,
) -> tuple[BitlySource, GuardedClient]:
    client = guarded_client(
        AddressPolicy(("127.0.0.0/8",)), timeout=5, max_bytes=1_000_000, user_agent="test"
    )
    http = SourceHttp(client, "Bitly", sleep=recorder or Recorder())
    options = BitlyOptions(base_url=fake.url, group_guid=group_guid, clicks=clicks)
    source = BitlySource(BitlyCredentials(token=token), options, http)
    return source, client


def _walk(source: BitlySource, client: GuardedClient, cursor: str | None = None) -> list[Page]:
    async def run() -> list[Page]:
        pages: list[Page] = []
        try:
            at = cursor
            while True:
                page = await source.page(at)
                pages.append(page)
                if page.cursor is None:
                    return pages
                at = page.cursor
        finally:
            await client.aclose()

    return asyncio.run(run())


def test_registered_under_its_name() -> None:
    assert SOURCES["bitly"] is BitlySource


def test_every_group_and_every_field_comes_over(bitly: FakeBitly) -> None:
    pages = _walk(*_source(bitly))
    links = [link for page in pages for link in page.links]
    assert len(links) == 253
    assert pages[0].total == 253
    assert len({link.source_id for link in links}) == 253

    sale, old, broken = links[:3]
    assert sale.source_id == "bit.ly/3xYz9Ab"
    assert (sale.domain, sale.code) == ("brand.example", "sale")  # the printed custom one
    assert sale.long_url == "https://shop.example/sale?utm_source=x"
    assert sale.title == "Winter sale"
    assert sale.tags == ("promo", "winter")
    assert sale.created_at == datetime(2023, 11, 2, 8, 9, 10, tzinfo=UTC)
    assert sale.clicks == 1234
    assert not sale.archived

    assert (old.domain, old.code, old.archived, old.clicks) == ("bit.ly", "old1", True, 7)
    assert broken.long_url == ""  # no destination: returned, for the runner to report
    generated = links[3:]
    assert generated[42].source_id == "bit.ly/g42"
    assert generated[42].clicks == 42


def test_paging_asks_for_the_largest_pages_with_archived_links(bitly: FakeBitly) -> None:
    pages = _walk(*_source(bitly))
    # Bg1 in one page, Bg2's 250 links in pages of 100.
    assert [len(page.links) for page in pages] == [3, 100, 100, 50]
    assert bitly.last_query["size"] == ["100"]
    assert bitly.last_query["archived"] == ["both"]
    assert pages[-1].cursor is None


def test_a_restart_from_a_saved_cursor_gives_the_rest_once(bitly: FakeBitly) -> None:
    first = _walk(*_source(bitly))
    saved = first[1].cursor  # after Bg2's first page
    assert saved is not None
    before = {link.source_id for page in first[:2] for link in page.links}

    rest = _walk(*_source(bitly), cursor=saved)
    after = [link.source_id for page in rest for link in page.links]
    assert len(after) == 150
    assert not before & set(after)
    assert before | set(after) == {link.source_id for page in first for link in page.links}


def test_one_group_only(bitly: FakeBitly) -> None:
    pages = _walk(*_source(bitly, group_guid="Bg1"))
    assert [link.source_id for page in pages for link in page.links] == [
        "bit.ly/3xYz9Ab",
        "bit.ly/old1",
        "bit.ly/nodest",
    ]
    assert pages[0].total == 3


def test_a_group_that_is_not_the_tokens_fails_clearly(bitly: FakeBitly) -> None:
    with pytest.raises(SourceFailed, match="BgNope"):
        _walk(*_source(bitly, group_guid="BgNope"))


def test_deactivated_groups_are_passed_over(bitly: FakeBitly) -> None:
    bitly.inactive.add("Bg2")
    links = [link for page in _walk(*_source(bitly)) for link in page.links]
    assert len(links) == 3


def test_clicks_can_be_left_out(bitly: FakeBitly) -> None:
    links = [link for page in _walk(*_source(bitly, clicks=False)) for link in page.links]
    assert {link.clicks for link in links} == {0}
    assert bitly.requests == 1 + 4 + 1  # groups, four pages, Bg2's total


def test_a_bad_token_fails_at_once_without_showing_it(bitly: FakeBitly) -> None:
    with pytest.raises(BadCredential) as caught:
        _walk(*_source(bitly, token="wrong-token-123"))
    assert "Bitly refused the credential (403)" in str(caught.value)
    assert "wrong-token-123" not in str(caught.value)
    assert bitly.requests == 1


def test_a_429_is_waited_out(bitly: FakeBitly) -> None:
    bitly.throttle_once = True
    bitly.retry_after = "1"
    recorder = Recorder()
    links = [link for page in _walk(*_source(bitly, recorder=recorder)) for link in page.links]
    assert len(links) == 253
    assert recorder.waits == [1.0]


def test_a_429_without_retry_after_is_waited_with_the_backoff(bitly: FakeBitly) -> None:
    bitly.throttle_once = True
    recorder = Recorder()
    links = [link for page in _walk(*_source(bitly, recorder=recorder)) for link in page.links]
    assert len(links) == 253
    assert len(recorder.waits) == 1


def test_a_5xx_is_retried(bitly: FakeBitly) -> None:
    bitly.fail_once = True
    recorder = Recorder()
    links = [link for page in _walk(*_source(bitly, recorder=recorder)) for link in page.links]
    assert len(links) == 253
    assert len(recorder.waits) == 1


def test_a_bitly_that_keeps_failing_ends_the_job_without_the_token() -> None:
    class Broken(FakeBitly):
        def _answer(self, method: str, target: str, headers: dict[str, str]):  # type: ignore[no-untyped-def]
            self.requests += 1
            return 503, b'{"message":"TEMPORARILY_UNAVAILABLE"}', {}

    fake = Broken(TOKEN, {})
    try:
        with pytest.raises(SourceFailed) as caught:
            _walk(*_source(fake))
    finally:
        fake.close()
    assert TOKEN not in str(caught.value)
    assert fake.requests == 6


def test_an_unreadable_cursor_fails_clearly(bitly: FakeBitly) -> None:
    with pytest.raises(SourceFailed, match="saved position"):
        _walk(*_source(bitly), cursor='{"group": 1}')


def test_the_structs_refuse_an_empty_token_and_unknown_options() -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(b'{"token": ""}', type=BitlySource.credentials)
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(b'{"groupGUID": "Bg1"}', type=BitlySource.options)
    options = msgspec.json.decode(
        b'{"baseUrl": "https://api-ssl.bitly.com", "groupGuid": "Bg1", "clicks": false}',
        type=BitlyOptions,
    )
    assert (options.group_guid, options.clicks) == ("Bg1", False)
