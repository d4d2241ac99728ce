"""Bio page visits from the click stream: stored apart from link clicks (visits.sql)."""

from __future__ import annotations

from collections.abc import Sequence

import psycopg

from admin.analytics.enrich import EnrichedClick
from admin.db import load_queries

_SQL = load_queries(__file__, "visits.sql")


async def store_visits(conn: psycopg.AsyncConnection, visits: Sequence[EnrichedClick]) -> int:
    """Insert the visits in the caller's transaction; return how many were new."""
    params = {
        "event_id": [visit.event_id for visit in visits],
        "bio_id": [visit.link_id for visit in visits],
        "username": [visit.short_code for visit in visits],
        "visited_at": [visit.clicked_at for visit in visits],
        "visitor_id": [visit.visitor_id for visit in visits],
        "country": [visit.country for visit in visits],
        "device": [visit.device for visit in visits],
        "os": [visit.os for visit in visits],
        "browser": [visit.browser for visit in visits],
        "referrer": [visit.referrer for visit in visits],
        "referrer_host": [visit.referrer_host for visit in visits],
        "user_agent": [visit.user_agent for visit in visits],
        "is_bot": [visit.is_bot for visit in visits],
    }
    row = await (await conn.execute(_SQL["store_visits"], params)).fetchone()
    return int(row[0]) if row else 0
