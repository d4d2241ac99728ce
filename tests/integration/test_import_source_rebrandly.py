"""The Rebrandly source (admin/imports/sources/rebrandly.py) against a loopback Rebrandly
speaking API v1 (tests/support/fakes/rebrandly.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime

import msgspec
import pytest

from admin.imports.sources import SOURCES, BadCredential, Page, SourceFailed, SourceHttp
from admin.imports.sources.rebrandly import Rebrandly, RebrandlyCredentials, RebrandlyOptions
from admin.outbound.policy import AddressPolicy
from tests.support.fakes.rebrandly import FakeRebrandly
from tests.support.outbound import GuardedClient, guarded_client

pytestmark = pytest.mark.usefixtures("guarded_kind")

KEY = "rb-key-7f3a9c"


@pytest.fixture
def fake() -> Iterator[FakeRebrandly]:
    server = FakeRebrandly(links=60, api_key=KEY)
    yield server
    server.close()


def _source(
    fake: FakeRebrandly, waits: list[float], key: str, options: dict[str, object]
) -> tuple[Rebrandly, GuardedClient]:
    client = guarded_client(
        AddressPolicy(("127.0.0.0/8",)), timeout=5, max_bytes=1_000_000, user_agent="test"
    )

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    http = SourceHttp(client, Rebrandly.label, sleep=sleep)
    credentials = msgspec.convert({"apiKey": key}, RebrandlyCredentials)
    chosen = msgspec.convert({"baseUrl": fake.url, **options}, RebrandlyOptions)
    return Rebrandly(credentials, chosen, http), client


def _walk(
    fake: FakeRebrandly,
    *,
    key: str = KEY,
    cursor: str | None = None,
    pages: int | None = None,
    **options: object,
) -> tuple[list[Page], list[float]]:
    waits: list[float] = []

    async def run() -> list[Page]:
        source, client = _source(fake, waits, key, options)
        walked: list[Page] = []
        at = cursor
        try:
            while pages is None or len(walked) < pages:
                page = await source.page(at)
                walked.append(page)
                at = page.cursor
                if at is None:
                    break
        finally:
            await client.aclose()
        return walked

    return asyncio.run(run()), waits


def test_registered_under_its_name() -> None:
    assert SOURCES["rebrandly"] is Rebrandly
    assert Rebrandly.label == "Rebrandly"


def test_every_link_comes_over_with_its_fields_across_pages(fake: FakeRebrandly) -> None:
    fake.tags[fake.links[0]["id"]] = ["spring", "newsletter"]
    fake.links[1]["destination"] = None  # the runner reports it as "no destination"
    fake.links[2]["title"] = ""

    walked, _ = _walk(fake)

    assert [len(page.links) for page in walked] == [25, 25, 10]
    assert walked[0].total == 60
    assert walked[-1].cursor is None
    links = {link.source_id: link for page in walked for link in page.links}
    assert len(links) == 60
    first = links[fake.links[0]["id"]]
    assert first.long_url == "https://shop.example/sale/1?utm_source=rebrandly"
    assert first.code == "sale1"
    assert first.domain == "rebrand.ly"
    assert first.title == "Spring sale 1"
    assert first.tags == ("spring", "newsletter")
    assert first.created_at == datetime(2024, 3, 1, 10, 1, 12, tzinfo=UTC)
    assert first.clicks == 3
    assert first.archived is False
    assert links[fake.links[1]["id"]].long_url == ""
    assert links[fake.links[2]["id"]].title is None
    # Newest first, each page after the last id of the one before, at the largest size.
    lists = [r for r in fake.requests if r.path == "/v1/links"]
    assert [r.query.get("limit") for r in lists] == [["25"]] * 3
    assert "last" not in lists[0].query
    assert lists[1].query["last"] == [walked[0].links[-1].source_id]
    assert all(r.headers["apikey"] == KEY for r in fake.requests)


def test_a_restart_from_a_saved_cursor_gives_the_rest_without_duplicates(
    fake: FakeRebrandly,
) -> None:
    first, _ = _walk(fake, pages=1)
    saved = first[0].cursor
    assert saved is not None

    rest, _ = _walk(fake, cursor=saved)

    before = [link.source_id for link in first[0].links]
    after = [link.source_id for page in rest for link in page.links]
    assert not set(before) & set(after)
    assert set(before) | set(after) == {link["id"] for link in fake.links}
    assert rest[0].total is None  # counted once, on the first page


def test_a_full_last_page_ends_with_an_empty_one(fake: FakeRebrandly) -> None:
    fake.links = fake.links[:50]
    walked, _ = _walk(fake)
    assert [len(page.links) for page in walked] == [25, 25, 0]
    assert walked[-1].cursor is None


def test_tags_off_asks_for_no_tags_and_a_workspace_is_sent(fake: FakeRebrandly) -> None:
    walked, _ = _walk(fake, tags=False, workspace="ws-41b2")
    assert sum(len(page.links) for page in walked) == 60
    assert not any(r.path.endswith("/tags") for r in fake.requests)
    assert all(r.headers.get("workspace") == "ws-41b2" for r in fake.requests)


def test_a_wrong_key_is_a_bad_credential_that_never_shows_the_key(fake: FakeRebrandly) -> None:
    with pytest.raises(BadCredential) as caught:
        _walk(fake, key="rb-wrong-key-123")
    assert "Rebrandly" in str(caught.value)
    assert "401" in str(caught.value)
    assert "rb-wrong-key-123" not in str(caught.value)


def test_a_429_is_waited_out_for_its_retry_after(fake: FakeRebrandly) -> None:
    fake.throttle_once = True
    walked, waits = _walk(fake, pages=1)
    assert len(walked[0].links) == 25
    assert waits == [1.0]


def test_a_5xx_is_retried(fake: FakeRebrandly) -> None:
    fake.fail_once = True
    walked, waits = _walk(fake, pages=1)
    assert len(walked[0].links) == 25
    assert len(waits) == 1


def test_a_source_that_keeps_failing_fails_the_job_without_the_key(fake: FakeRebrandly) -> None:
    fake.links = []
    fake.server.handle = lambda request: (503, {}, b"")
    with pytest.raises(SourceFailed) as caught:
        _walk(fake)
    assert "Rebrandly answered 503" in str(caught.value)
    assert KEY not in str(caught.value)


def test_options_refuse_unknown_fields_and_an_address_that_is_not_http() -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"baseUrl": "ftp://api.rebrandly.com"}, RebrandlyOptions)
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"group": "x"}, RebrandlyOptions)
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({}, RebrandlyCredentials)
    assert msgspec.convert({}, RebrandlyOptions).base_url is None
