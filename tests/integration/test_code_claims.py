"""Claiming a short code is race-free: a code freed while another account tries to take
it stays reserved for its owner, whatever the interleaving."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import msgspec
import psycopg

from admin.auth.principal import Principal
from admin.errors import AliasTaken
from admin.events.repository import Event
from admin.link_model import NewLink
from admin.links import repository as repo
from common.ids import new_id
from common.timefmt import utc_now
from tests.support.accounts import create_account
from tests.support.dispatch import Nothing, principal_of

_DAYS = 30


def values(code: str) -> NewLink:
    return NewLink(
        id=new_id("lnk"),
        short_code=code,
        long_url="https://example.com/",
        tags=[],
        expires_at=None,
        redirect_type=302,
        forward_query=True,
        created_at=utc_now(),
    )


async def insert(conn: psycopg.AsyncConnection, owner: Principal, link: NewLink) -> bool:
    created = Event("link.created", Nothing())
    return await repo.insert_link(conn, owner, link, created, reservation_days=_DAYS) is not None


async def _blocked(watch: psycopg.AsyncConnection, pid: int) -> None:
    """Until the backend ``pid`` waits for a lock (the owner's open transaction)."""
    for _ in range(1000):
        cursor = await watch.execute(
            "SELECT wait_event_type FROM pg_stat_activity WHERE pid = %s", (pid,)
        )
        row = await cursor.fetchone()
        if row and row[0] == "Lock":
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the claim never waited for the owner's transaction")


async def _claim_during(
    url: str,
    code: str,
    free: Callable[[psycopg.AsyncConnection], Awaitable[object]],
    thief: Principal,
) -> bool:
    """Start ``thief``'s claim of ``code`` while ``free`` runs in the owner's open
    transaction; commit it once the claim waits; the claim's outcome."""
    async with (
        await psycopg.AsyncConnection.connect(url, autocommit=True) as watch,
        await psycopg.AsyncConnection.connect(url, autocommit=True) as stealing,
        await psycopg.AsyncConnection.connect(url) as owning,
    ):
        async with owning.transaction():
            await free(owning)
            claim = asyncio.create_task(insert(stealing, thief, values(code)))
            await _blocked(watch, stealing.info.backend_pid)
        return await claim


def test_a_code_deleted_during_a_claim_stays_reserved(database_url: str) -> None:
    owner = principal_of(create_account(database_url).user_id)
    thief = principal_of(create_account(database_url).user_id)
    code = f"race-del-{owner.workspace_id[-10:]}"

    async def scenario() -> tuple[bool, bool]:
        async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
            link = values(code)
            assert await insert(conn, owner, link)
        stolen = await _claim_during(
            database_url,
            code,
            lambda conn: repo.delete_link(
                conn, owner, link.id, lambda _: Event("link.deleted", Nothing())
            ),
            thief,
        )
        async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
            reclaimed = await insert(conn, owner, values(code))
        return stolen, reclaimed

    assert asyncio.run(scenario()) == (False, True)


def test_a_code_renamed_away_during_a_claim_stays_reserved(database_url: str) -> None:
    owner = principal_of(create_account(database_url).user_id)
    thief = principal_of(create_account(database_url).user_id)
    code = f"race-mv-{owner.workspace_id[-10:]}"

    async def scenario() -> bool:
        async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
            link = values(code)
            assert await insert(conn, owner, link)
        return await _claim_during(
            database_url,
            code,
            lambda conn: repo.move_code(
                conn,
                owner,
                link.id,
                old=("", code),
                new=("", f"{code}-2"),
                reservation_days=_DAYS,
            ),
            thief,
        )

    assert asyncio.run(scenario()) is False


def test_codes_are_claimed_and_reserved_per_domain(database_url: str) -> None:
    """The same code on the default host and on two domains is three claims; a code freed
    on one domain stays reserved there for its owner, and says nothing of the others."""
    owner = principal_of(create_account(database_url).user_id)
    rival = principal_of(create_account(database_url).user_id)
    code = f"per-dom-{owner.workspace_id[-10:]}"
    brand, other = f"go.{code}.test", f"links.{code}.test"

    def on(domain: str) -> NewLink:
        return msgspec.structs.replace(values(code), domain=domain)

    async def scenario() -> list[bool]:
        async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
            first = on(brand)
            outcomes = [
                await insert(conn, owner, on("")),
                await insert(conn, rival, on(other)),
                await insert(conn, owner, first),
                await insert(conn, rival, on(brand)),  # held on that domain
            ]
            # Moved to the default host under a new code: the old (domain, code) is freed
            # but reserved for its owner there.
            async with conn.transaction():
                await repo.move_code(
                    conn,
                    owner,
                    first.id,
                    old=(brand, code),
                    new=("", f"{code}-2"),
                    reservation_days=_DAYS,
                )
            outcomes += [
                await insert(conn, rival, on(brand)),  # reserved for the owner
                await insert(conn, owner, on(brand)),  # the owner takes it back
            ]
            held = await conn.execute(
                "SELECT domain, count(*) FROM short_codes WHERE short_code = %s"
                " GROUP BY domain ORDER BY domain",
                (code,),
            )
            assert await held.fetchall() == [("", 1), (brand, 1), (other, 1)]
            return outcomes

    assert asyncio.run(scenario()) == [True, True, True, False, False, True]


def test_a_shadowed_spelling_is_taken_not_a_fault(database_url: str) -> None:
    """A code shadowed when its host turned case-insensitive (its name '~' || code) still
    holds its spelling: claiming that spelling again, by a new link or a move, is a taken
    code (409), never the primary key's error (a 500)."""
    owner = principal_of(create_account(database_url).user_id)
    code = f"Shade-{owner.workspace_id[-10:]}"

    async def scenario() -> tuple[bool, bool]:
        async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
            shadowed = values(code)
            assert await insert(conn, owner, shadowed)
            await conn.execute(
                "UPDATE short_codes SET code_key = '~' || short_code WHERE short_code = %s",
                (code,),
            )
            again = await insert(conn, owner, values(code))
            other = values(f"{code}-other")
            assert await insert(conn, owner, other)
            try:
                async with conn.transaction():
                    await repo.move_code(
                        conn, owner, other.id, old=("", other.short_code), new=("", code),
                        reservation_days=_DAYS,
                    )  # fmt: skip
            except AliasTaken:
                return again, False
            return again, True

    assert asyncio.run(scenario()) == (False, False)
