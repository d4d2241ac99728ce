"""externalId and archived in SQL (admin/links/queries.sql, migration 0024): the unique
index as the caller's 409 at the repository, what a deleted link lets go, the list
filters, and the destination lock an upsert without externalId takes."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import msgspec
import psycopg
import pytest

from admin.errors import ExternalIdTaken
from admin.events.repository import Event
from admin.link_model import LinkFields, NewLink
from admin.links import repository as repo
from common.ids import new_id
from common.timefmt import utc_now
from tests.support.accounts import create_account
from tests.support.dispatch import Nothing, principal_of

CREATED = Event("link.created", Nothing())


def _link(url: str, *, external_id: str | None = None, archived: bool = False) -> NewLink:
    return NewLink(
        id=new_id("lnk"),
        short_code=new_id("c")[-12:],
        long_url=url,
        tags=[],
        expires_at=None,
        redirect_type=302,
        forward_query=True,
        created_at=utc_now() - timedelta(seconds=1),
        host="example.com",
        site="example.com",
        external_id=external_id,
        archived=archived,
    )


def test_a_taken_external_id_is_refused_without_ending_the_transaction(database_url: str) -> None:
    owner = principal_of(create_account(database_url).user_id)
    stranger = principal_of(create_account(database_url).user_id)
    first = _link("https://example.com/1", external_id="ext")
    second = _link("https://example.com/2", external_id="ext")
    third = _link("https://example.com/3")

    async def scenario() -> None:
        async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
            async with conn.transaction():
                assert await repo.insert_link(conn, owner, first, CREATED, reservation_days=30)
                with pytest.raises(ExternalIdTaken):
                    await repo.insert_link(conn, owner, second, CREATED, reservation_days=30)
                # The chunk's transaction goes on (a bulk create's other items).
                assert await repo.insert_link(conn, owner, third, CREATED, reservation_days=30)
            assert await repo.get_link(conn, owner, second.id) is None
            held = await repo.link_by_external_id(conn, owner, "ext")
            assert held is not None
            assert held.id == first.id
            # Another workspace's ids are its own.
            theirs = _link("https://example.com/1", external_id="ext")
            assert await repo.insert_link(conn, stranger, theirs, CREATED, reservation_days=30)
            # An update onto a taken id is refused as the create is.
            current = await repo.get_link(conn, owner, third.id)
            assert current is not None
            fields = msgspec.structs.replace(LinkFields.of(current), external_id="ext")
            with pytest.raises(ExternalIdTaken):
                await repo.update_link(conn, owner, fields)
            # A deleted link lets its id go.
            deleted = await repo.delete_link(conn, owner, first.id, lambda row: CREATED)
            assert deleted is not None
            assert await repo.link_by_external_id(conn, owner, "ext") is None
            assert await repo.insert_link(conn, owner, second, CREATED, reservation_days=30)

    asyncio.run(scenario())


def test_list_filters_on_archived_and_external_id(database_url: str) -> None:
    owner = principal_of(create_account(database_url).user_id)
    shown = _link("https://example.com/shown", external_id="a")
    shelved = _link("https://example.com/shelved", external_id="b", archived=True)

    async def scenario() -> dict[str, list[str]]:
        async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
            for link in (shown, shelved):
                assert await repo.insert_link(conn, owner, link, CREATED, reservation_days=30)
            found: dict[str, list[str]] = {}
            for name, where in {
                "all": repo.LinkFilter(),
                "live": repo.LinkFilter(archived=False),
                "archived": repo.LinkFilter(archived=True),
                "b": repo.LinkFilter(external_id="b"),
                "b-live": repo.LinkFilter(external_id="b", archived=False),
            }.items():
                for sort in ("-created", "clicks"):
                    rows = await repo.list_links(
                        conn, owner, where, sort=sort, after=None, limit=10
                    )
                    found.setdefault(name, sorted(row.id for row in rows))
                    assert found[name] == sorted(row.id for row in rows)
                async with conn.transaction():
                    locked = await repo.matching_for_update(
                        conn, owner, where, before=None, limit=10
                    )
                assert found[name] == sorted(row.id for row in locked)
            return found

    found = asyncio.run(scenario())
    assert found == {
        "all": sorted([shown.id, shelved.id]),
        "live": [shown.id],
        "archived": [shelved.id],
        "b": [shelved.id],
        "b-live": [],
    }


def test_the_destination_lock_makes_the_second_look_wait_and_find(database_url: str) -> None:
    owner = principal_of(create_account(database_url).user_id)
    url = "https://example.com/" + "long/" * 800  # longer than a btree entry may hold
    link = _link(url)

    async def scenario() -> tuple[str | None, str | None]:
        async with (
            await psycopg.AsyncConnection.connect(database_url, autocommit=True) as first,
            await psycopg.AsyncConnection.connect(database_url, autocommit=True) as second,
        ):
            async with first.transaction():
                assert await repo.lock_destination(first, owner, "", url) is None

                async def look() -> str | None:
                    async with second.transaction():
                        return await repo.lock_destination(second, owner, "", url)

                waiting = asyncio.create_task(look())
                await asyncio.sleep(0.3)
                assert not waiting.done()  # held until the first commits
                assert await repo.insert_link(first, owner, link, CREATED, reservation_days=30)
            found = await asyncio.wait_for(waiting, 10)
            elsewhere = await repo.lock_destination(second, owner, "go.example.com", url)
            return found, elsewhere

    found, elsewhere = asyncio.run(scenario())
    assert found == link.id
    assert elsewhere is None
