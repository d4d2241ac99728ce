"""The Short.io source (admin/imports/sources/shortio.py) against a loopback Short.io
speaking its REST and statistics APIs (tests/support/fakes/shortio.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime

import msgspec
import pytest

from admin.imports.sources import SOURCES, BadCredential, Page, SourceFailed, SourceHttp
from admin.imports.sources.shortio import Shortio, ShortioCredentials, ShortioOptions
from admin.outbound.policy import AddressPolicy
from tests.support.fakes.shortio import FakeShortio
from tests.support.outbound import guarded_client

pytestmark = pytest.mark.usefixtures("guarded_kind")

KEY = "sk_shortio_Q4mX2"


@pytest.fixture
def fake() -> Iterator[FakeShortio]:
    server = FakeShortio(api_key=KEY)
    server.add_domain(101, "brand.example", links=160)
    server.add_domain(202, "go.example", links=3)
    yield server
    server.close()


def _walk(
    fake: FakeShortio,
    *,
    key: str = KEY,
    cursor: str | None = None,
    pages: int | None = None,
    **options: object,
) -> tuple[list[Page], list[float]]:
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    async def run() -> list[Page]:
        client = guarded_client(
            AddressPolicy(("127.0.0.0/8",)), timeout=5, max_bytes=2_000_000, user_agent="test"
        )
        source = Shortio(
            msgspec.convert({"apiKey": key}, ShortioCredentials),
            msgspec.convert({"baseUrl": fake.url, **options}, ShortioOptions),
            SourceHttp(client, Shortio.label, sleep=sleep),
        )
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
    assert SOURCES["shortio"] is Shortio
    assert Shortio.label == "Short.io"


def test_every_domain_and_every_link_comes_over_with_its_fields(fake: FakeShortio) -> None:
    first = fake.links[101][0]
    first.update(expiresAt="2026-12-31T23:59:59.000Z", clicksLimit=500, archived=True, title="")
    fake.links[101][1].update(originalURL=None)
    fake.links[101][2].update(hasPassword=True)
    fake.links[202][0].update(expiresAt=1767225600000)  # milliseconds, as the API may give
    fake.clicks[first["idString"]] = 42

    walked, _ = _walk(fake)

    # Domain 101 takes two pages of at most 149, then domain 202 one.
    assert [len(page.links) for page in walked] == [149, 11, 3]
    assert walked[-1].cursor is None
    links = {link.source_id: link for page in walked for link in page.links}
    assert len(links) == 163
    one = links[first["idString"]]
    assert one.long_url == "https://shop.example/brand.example/1"
    assert one.code == "p101x1"
    assert one.domain == "brand.example"
    assert one.title is None
    assert one.tags == ("spring", "d101")
    assert one.created_at == datetime(2024, 10, 1, 8, 1, 47, 490000, tzinfo=UTC)
    assert one.expires_at == datetime(2026, 12, 31, 23, 59, 59, tzinfo=UTC)
    assert one.max_clicks == 500
    assert one.archived is True
    assert one.clicks == 42
    assert links[fake.links[101][1]["idString"]].long_url == ""
    assert "password" in (links[fake.links[101][2]["idString"]].problem or "")
    other = links[fake.links[202][0]["idString"]]
    assert other.domain == "go.example"
    assert other.expires_at == datetime(2026, 1, 1, tzinfo=UTC)
    lists = [r for r in fake.requests if r.path == "/api/links"]
    assert [r.query["domain_id"] for r in lists] == [["101"], ["101"], ["202"]]
    assert all(r.query["limit"] == ["149"] for r in lists)
    assert "pageToken" in lists[1].query
    assert all(r.headers["authorization"] == KEY for r in fake.requests)


def test_one_domain_tells_the_total(fake: FakeShortio) -> None:
    fake.domains = fake.domains[:1]
    walked, _ = _walk(fake, pages=1, clicks=False)
    assert walked[0].total == 160


def test_an_account_without_domains_has_nothing(fake: FakeShortio) -> None:
    fake.domains = []
    walked, _ = _walk(fake)
    assert len(walked) == 1
    assert walked[0].links == []
    assert walked[0].cursor is None


def test_a_restart_from_a_saved_cursor_gives_the_rest_without_duplicates(
    fake: FakeShortio,
) -> None:
    first, _ = _walk(fake, pages=1, clicks=False)
    saved = first[0].cursor
    assert saved is not None

    rest, _ = _walk(fake, cursor=saved, clicks=False)

    before = [link.source_id for link in first[0].links]
    after = [link.source_id for page in rest for link in page.links]
    assert not set(before) & set(after)
    assert len(before) + len(after) == 163
    # The domains came with the cursor: not asked for again.
    assert sum(r.path == "/api/domains" for r in fake.requests) == 1


def test_clicks_off_asks_for_no_statistics(fake: FakeShortio) -> None:
    walked, _ = _walk(fake, clicks=False)
    assert sum(len(page.links) for page in walked) == 163
    assert not any(r.path.startswith("/statistics/") for r in fake.requests)
    assert all(link.clicks == 0 for page in walked for link in page.links)


def test_a_wrong_key_is_a_bad_credential_that_never_shows_the_key(fake: FakeShortio) -> None:
    with pytest.raises(BadCredential) as caught:
        _walk(fake, key="sk_wrong_777")
    assert "Short.io" in str(caught.value)
    assert "sk_wrong_777" not in str(caught.value)


def test_a_429_is_waited_out_for_its_retry_after(fake: FakeShortio) -> None:
    fake.throttle_once = True
    walked, waits = _walk(fake, pages=1, clicks=False)
    assert len(walked[0].links) == 149
    assert waits == [1.0]


def test_a_5xx_is_retried(fake: FakeShortio) -> None:
    fake.fail_once = True
    walked, waits = _walk(fake, pages=1, clicks=False)
    assert len(walked[0].links) == 149
    assert len(waits) == 1


def test_a_source_that_keeps_failing_fails_the_job_without_the_key(fake: FakeShortio) -> None:
    fake.server.handle = lambda request: (500, {}, b"")
    with pytest.raises(SourceFailed) as caught:
        _walk(fake)
    assert "Short.io answered 500" in str(caught.value)
    assert KEY not in str(caught.value)


def test_options_refuse_unknown_fields_and_an_address_that_is_not_http() -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"baseUrl": "api.short.io"}, ShortioOptions)
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"domain": "x"}, ShortioOptions)
    assert msgspec.convert({}, ShortioOptions).clicks is True
