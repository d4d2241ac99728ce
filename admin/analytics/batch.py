"""One stream batch, stored in the caller's transaction: link clicks (with their
QR scans), Bio page visits and orphan visits, each by its own idempotent statement. The counters of
QR codes, A/B variants and Bio pages are their owners', reached through each domain's
face (``admin.qr``, ``admin.links``, ``admin.bio``)."""

from __future__ import annotations

from collections.abc import Sequence

from admin.analytics.enrich import EnrichedClick
from admin.analytics.orphans_repository import store_orphans
from admin.analytics.repository import batch_json, store_clicks
from admin.bio import store_visits
from admin.db import Connection
from admin.links import record_variants
from admin.qr import record_scans
from common.wire import BIO_VISIT_KIND, CLICK_KIND, ORPHAN_KIND

KINDS = frozenset({CLICK_KIND, BIO_VISIT_KIND, ORPHAN_KIND})


async def store_batch(conn: Connection, items: Sequence[EnrichedClick]) -> int:
    """Store every click and visit not seen before; return how many were new."""
    clicks = [item for item in items if item.kind == CLICK_KIND]
    visits = [item for item in items if item.kind == BIO_VISIT_KIND]
    orphans = [item for item in items if item.kind == ORPHAN_KIND]
    stored = 0
    if clicks:
        stored += await store_clicks(conn, clicks)
        scans = [click for click in clicks if click.is_qr]
        if scans:
            await record_scans(
                conn,
                [click.event_id for click in scans],
                min(click.clicked_at for click in scans),
                max(click.clicked_at for click in scans),
            )
        variants = [
            (click.event_id, click.clicked_at, click.variant)
            for click in clicks
            if click.variant >= 0
        ]
        if variants:  # A/B links (issue 15): per-variant totals, once per event
            await record_variants(conn, variants)
    if visits:
        stored += await store_visits(conn, batch_json(visits))
    if orphans:  # visits that found no link: rollups only (issue 29)
        stored += await store_orphans(conn, orphans)
    return stored
