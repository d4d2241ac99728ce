"""One Link: every query that reads a link reads all of it (admin/link_model.py), so a
list, a bulk change or another domain's lookup never sees a link with parts missing,
and the row create builds in Python is the row PostgreSQL then holds."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import msgspec
import psycopg

from admin.events.repository import Event
from admin.link_model import LinkRow, NewLink
from admin.links import repository as repo
from admin.safety import repository as safety_repo
from common.ids import new_id
from common.timefmt import utc_now
from tests.support.accounts import create_account
from tests.support.dispatch import Nothing, principal_of


def _whole(code: str) -> NewLink:
    """A link using every column a create writes."""
    return NewLink(
        id=new_id("lnk"),
        short_code=code,
        long_url="https://example.com/whole",
        tags=["whole", "rows"],
        expires_at=datetime(2099, 1, 1, tzinfo=UTC),
        redirect_type=301,
        forward_query=False,
        created_at=utc_now() - timedelta(seconds=1),
        host="example.com",
        site="example.com",
        safety_verdict="warn",
        safety_reasons=["keyword"],
        safety_source="heuristic",
        rules=[{"when": {"os": ["ios"]}, "url": "https://example.com/ios"}],
        variants=None,
        password_hash="$argon2id$not-a-real-hash",
        password_verifier="verifier",
        max_clicks=5,
        expired_url="https://example.com/over",
        title="Title",
        notes="Notes",
        preview={"title": "Preview"},
        utm={"source": "mail"},
        other_hosts=[("example.com", "example.com")],
        ios_url="https://apps.example.com/ios",
        android_url="https://apps.example.com/android",
        safety_override="allow",
        external_id="whole-external-id",
        archived=True,
    )


def test_every_query_that_reads_a_link_reads_all_of_it(database_url: str) -> None:
    owner = principal_of(create_account(database_url).user_id)
    new = _whole(f"whole-{owner.workspace_id[-10:]}")
    everyone = repo.LinkFilter()

    async def scenario() -> tuple[LinkRow | None, list[LinkRow | None], str | None]:
        async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
            created = Event("link.created", Nothing())
            code_key = await repo.insert_link(conn, owner, new, created, reservation_days=30)
            assert code_key
            stored = await repo.get_link(conn, owner, new.id)
            read: list[LinkRow | None] = [
                await repo.get_link(conn, owner, new.id, for_update=True),
                *await repo.links_by_ids(conn, owner, [new.id]),
            ]
            for sort in ("-created", "created", "-clicks", "clicks"):
                read += await repo.list_links(
                    conn, owner, everyone, sort=sort, after=None, limit=10
                )
            async with conn.transaction():
                read += await repo.matching_for_update(conn, owner, everyone, before=None, limit=10)
            owned = await safety_repo.owned_link(conn, new.id)
            assert owned is not None
            assert owned.workspace_id == owner.workspace_id
            read.append(
                LinkRow(**{name: getattr(owned, name) for name in LinkRow.__struct_fields__})
            )
        return stored, read, code_key

    stored, read, code_key = asyncio.run(scenario())
    # The code's name is the database's to give (a case-insensitive host lower-cases it).
    assert code_key == new.short_code
    assert stored == msgspec.structs.replace(new.row(owner.environment), code_key=code_key)
    assert read == [stored] * len(read)
