"""The events SQL writes (link.clicked, qr.scanned, bio.visited: jsonb_build_object in the
click ingest's statements) decode as their payload structs, the ones the documents
describe (tests/unit/test_event_payloads.py), and reach the owner's webhooks through
the one enqueue (enqueue_events, 0016_enqueue_events.sql)."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import msgspec
import psycopg
from psycopg_pool import AsyncConnectionPool

from admin.analytics import hll
from admin.analytics.batch import store_batch
from admin.analytics.enrich import EnrichedClick
from admin.auth.principal import Principal
from admin.link_model import LinkRow, NewManagedLink
from admin.links import repository as repo
from admin.webhooks.catalogue import PAYLOADS
from common.ids import new_id, new_short_code
from common.timefmt import utc_now
from tests.support.accounts import create_account
from tests.support.dispatch import principal_of


def _visit(n: int, link_id: str, **fields: Any) -> EnrichedClick:
    visitor = bytes([n]) * 16
    values: dict[str, Any] = {
        "event_id": f"pl{n}-{new_id('x')}",
        "link_id": link_id,
        "clicked_at": utc_now() - timedelta(seconds=10 - n),
        "visitor_id": visitor,
        "visitor_hll": hll.observation(visitor),
        "country": "DE",
        "device": "mobile",
        "os": "iOS",
        "browser": "Mobile Safari",
        "referrer": "https://news.example.org/",
        "referrer_host": "news.example.org",
        "user_agent": "ua",
        "is_bot": False,
        "is_qr": False,
    }
    return EnrichedClick(**{**values, **fields})


def test_click_events_written_by_sql_decode_as_their_structs(database_url: str) -> None:
    owner = principal_of(create_account(database_url).user_id)
    username = f"pl{owner.workspace_id[-12:]}"
    page_id = new_id("bio")

    async def scenario() -> tuple[LinkRow, LinkRow, str]:
        async with (
            AsyncConnectionPool(database_url, min_size=1, max_size=1) as pool,
            pool.connection() as conn,
        ):
            clicked, scanned = [await _managed(conn, owner) for _ in range(2)]
            qr_id = new_id("qr")
            await conn.execute(
                "INSERT INTO qr_codes (id, workspace_id, environment, type, data, dynamic, link_id)"
                " VALUES (%s, %s, 'live', 'url', '{}', true, %s)",
                (qr_id, owner.workspace_id, scanned.id),
            )
            await conn.execute(
                "INSERT INTO bio_pages (id, workspace_id, environment, username, display_name,"
                " description, theme, language, links, socials, html)"
                " VALUES (%s, %s, 'live', %s, 'Ada', '', 'light', 'en', '[]', '[]', '')",
                (page_id, owner.workspace_id, username),
            )
            await conn.execute(
                "INSERT INTO webhooks (id, workspace_id, environment, endpoint, events, secret)"
                " VALUES (%s, %s, 'live', 'http://127.0.0.1:9/', '{*}', '\\x00')",
                (new_id("wh"), owner.workspace_id),
            )
            batch = [
                _visit(1, clicked.id),
                _visit(2, clicked.id, country="", referrer="", os="Linux", device="desktop"),
                _visit(3, scanned.id, is_qr=True, device="tablet", os="Android"),
                _visit(4, page_id, kind="bio", short_code=username, referrer=""),
            ]
            async with conn.transaction():
                assert await store_batch(conn, batch) == 4
        return clicked, scanned, qr_id

    clicked, scanned, qr_id = asyncio.run(scenario())
    with psycopg.connect(database_url) as conn:
        rows = conn.execute(
            "SELECT e.type, e.data::text, count(d.id) FROM events e"
            " LEFT JOIN webhook_deliveries d ON d.event_seq = e.seq"
            " WHERE e.workspace_id = %s GROUP BY e.seq ORDER BY e.seq",
            (owner.workspace_id,),
        ).fetchall()
    # Strictly: every field the struct names, none it does not.
    written = [
        (kind, msgspec.json.decode(data, type=PAYLOADS[kind], strict=True), deliveries)
        for kind, data, deliveries in rows
    ]
    destination = "https://shop.example.com/spring-sale"
    link_clicked = {"linkId": clicked.id, "shortCode": clicked.short_code, "longUrl": destination}
    assert [(kind, msgspec.to_builtins(data), n) for kind, data, n in written] == [
        (
            "link.clicked",
            {
                **link_clicked,
                "country": "DE",
                "device": "mobile",
                "os": "iOS",
                "referrer": "https://news.example.org/",
            },
            1,
        ),
        (
            "link.clicked",
            {**link_clicked, "country": None, "device": "desktop", "os": "Linux", "referrer": None},
            1,
        ),
        (
            "link.clicked",
            {
                "linkId": scanned.id,
                "shortCode": scanned.short_code,
                "longUrl": destination,
                "country": "DE",
                "device": "tablet",
                "os": "Android",
                "referrer": "https://news.example.org/",
            },
            1,
        ),
        (
            "qr.scanned",
            {
                "qrId": qr_id,
                "linkId": scanned.id,
                "shortCode": scanned.short_code,
                "country": "DE",
                "device": "tablet",
                "os": "Android",
            },
            1,
        ),
        (
            "bio.visited",
            {
                "username": username,
                "country": "DE",
                "device": "mobile",
                "os": "iOS",
                "referrer": None,
            },
            1,
        ),
    ]


async def _managed(conn: psycopg.AsyncConnection[Any], owner: Principal) -> LinkRow:
    """A QR code's link (managed: no link.created event of its own)."""
    link = NewManagedLink(
        id=new_id("lnk"),
        short_code=new_short_code(),
        long_url="https://shop.example.com/spring-sale",
        managed_by="qr",
        host="shop.example.com",
        site="example.com",
    )
    row = await repo.insert_managed_link(conn, owner, link)
    assert row is not None
    return row
