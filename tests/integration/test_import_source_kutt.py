"""The Kutt source (admin/imports/sources/kutt.py) against a loopback Kutt speaking API v2
as Kutt's own source answers it (tests/support/fakes/kutt.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime

import msgspec
import pytest

from admin.imports.sources import SOURCES, BadCredential, Page, SourceFailed, SourceHttp
from admin.imports.sources.kutt import Kutt, KuttCredentials, KuttOptions
from admin.outbound.policy import AddressPolicy
from tests.support.fakes.kutt import FakeKutt
from tests.support.outbound import guarded_client

pytestmark = pytest.mark.usefixtures("guarded_kind")

KEY = "kutt_9v1ZbQ0pLx"


@pytest.fixture
def fake() -> Iterator[FakeKutt]:
    server = FakeKutt(links=120, api_key=KEY)
    yield server
    server.close()


def _walk(
    fake: FakeKutt,
    *,
    key: str = KEY,
    base: str | None = None,
    cursor: str | None = None,
    pages: int | None = None,
    networks: tuple[str, ...] = ("127.0.0.0/8",),
) -> tuple[list[Page], list[float]]:
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    async def run() -> list[Page]:
        client = guarded_client(
            AddressPolicy(networks), timeout=5, max_bytes=1_000_000, user_agent="test"
        )
        source = Kutt(
            msgspec.convert({"apiKey": key}, KuttCredentials),
            msgspec.convert({"baseUrl": base or fake.url}, KuttOptions),
            SourceHttp(client, Kutt.label, sleep=sleep),
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
    assert SOURCES["kutt"] is Kutt
    assert Kutt.label == "Kutt"


def test_every_link_comes_over_with_its_fields_across_pages(fake: FakeKutt) -> None:
    fake.links[0].update(expire_in="2026-06-30T12:00:00.000Z")
    fake.links[1].update(password=True)
    fake.links[3].update(banned=True)
    fake.links[4].update(description=None)

    walked, _ = _walk(fake)

    assert [len(page.links) for page in walked] == [50, 50, 20]
    assert [page.total for page in walked] == [120, 120, 120]
    assert walked[-1].cursor is None
    links = {link.source_id: link for page in walked for link in page.links}
    assert len(links) == 120
    first = links[fake.links[0]["id"]]
    assert first.long_url == "https://docs.example/1"
    assert first.code == "k1"
    assert first.domain == "kutt.example"  # the server's own domain, from the short URL
    assert first.title == "Kutt link 1"
    assert first.tags == ()
    assert first.created_at == datetime(2025, 1, 1, 9, 1, tzinfo=UTC)
    assert first.expires_at == datetime(2026, 6, 30, 12, tzinfo=UTC)
    assert first.clicks == 7
    assert first.archived is False
    assert links[fake.links[2]["id"]].domain == "go.brand.example"  # a custom domain
    assert "password" in (links[fake.links[1]["id"]].problem or "")
    assert "banned" in (links[fake.links[3]["id"]].problem or "")
    assert links[fake.links[4]["id"]].title is None
    lists = [r for r in fake.requests if r.path == "/api/v2/links"]
    assert [(r.query["skip"], r.query["limit"]) for r in lists] == [
        (["0"], ["50"]),
        (["50"], ["50"]),
        (["100"], ["50"]),
    ]
    assert all(r.headers["x-api-key"] == KEY for r in fake.requests)


def test_a_link_without_a_target_comes_over_without_destination(fake: FakeKutt) -> None:
    fake.links = fake.links[:2]
    fake.links[0]["target"] = ""
    walked, _ = _walk(fake)
    assert {link.long_url for link in walked[0].links} == {"", "https://docs.example/2"}


def test_a_base_with_a_trailing_slash_or_the_api_path_still_reaches_the_api(
    fake: FakeKutt,
) -> None:
    for base in (f"{fake.url}/", f"{fake.url}/api/v2"):
        walked, _ = _walk(fake, base=base, pages=1)
        assert len(walked[0].links) == 50
    assert {r.path for r in fake.requests} == {"/api/v2/links"}


def test_a_restart_from_a_saved_cursor_gives_the_rest_without_duplicates(fake: FakeKutt) -> None:
    first, _ = _walk(fake, pages=1)
    saved = first[0].cursor
    assert saved is not None

    rest, _ = _walk(fake, cursor=saved)

    before = [link.source_id for link in first[0].links]
    after = [link.source_id for page in rest for link in page.links]
    assert not set(before) & set(after)
    assert set(before) | set(after) == {link["id"] for link in fake.links}


def test_an_empty_account_is_one_empty_page(fake: FakeKutt) -> None:
    fake.links = []
    walked, _ = _walk(fake)
    assert len(walked) == 1
    assert walked[0].links == []
    assert walked[0].total == 0


def test_a_wrong_key_is_a_bad_credential_that_never_shows_the_key(fake: FakeKutt) -> None:
    with pytest.raises(BadCredential) as caught:
        _walk(fake, key="kutt_wrong_0000")
    assert "Kutt" in str(caught.value)
    assert "kutt_wrong_0000" not in str(caught.value)


def test_a_429_is_waited_out_for_its_retry_after(fake: FakeKutt) -> None:
    fake.throttle_once = True
    walked, waits = _walk(fake, pages=1)
    assert len(walked[0].links) == 50
    assert waits == [1.0]


def test_a_5xx_is_retried(fake: FakeKutt) -> None:
    fake.fail_once = True
    walked, waits = _walk(fake, pages=1)
    assert len(walked[0].links) == 50
    assert len(waits) == 1


def test_a_source_that_keeps_failing_fails_the_job_without_the_key(fake: FakeKutt) -> None:
    fake.server.handle = lambda request: (502, {}, b"")
    with pytest.raises(SourceFailed) as caught:
        _walk(fake)
    assert "Kutt answered 502" in str(caught.value)
    assert KEY not in str(caught.value)


def test_a_server_the_outbound_policy_refuses_is_never_called(fake: FakeKutt) -> None:
    with pytest.raises(SourceFailed) as caught:
        _walk(fake, networks=())
    assert "Kutt: the address is not allowed" in str(caught.value)
    assert fake.requests == []


def test_the_server_address_is_required_and_must_be_http() -> None:
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({}, KuttOptions)
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"baseUrl": "kutt.it"}, KuttOptions)
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"baseUrl": "https://kutt.it", "tags": True}, KuttOptions)
    assert (
        msgspec.convert({"baseUrl": "https://kutt.it"}, KuttOptions).base_url == "https://kutt.it"
    )
