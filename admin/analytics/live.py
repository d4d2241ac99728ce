"""Live clicks, the worker's half: each stored click's public view goes to its
workspace's live stream in Redis (``keys.live_clicks_stream``), where any admin
process reads it for the Server-Sent Events routes (``live_service``).

The stream is a short window: ``XADD MAXLEN ~ LIVE_WINDOW_ENTRIES``, and a workspace's
stream with no click for ``LIVE_IDLE_SECONDS`` is dropped, so Redis holds at most
about a thousand small entries per busy workspace and nothing for quiet ones.

The commands ride on the pipeline that acknowledges the batch (one round trip, no
extra one), and only a batch that stored something new is shown: a batch delivered
again after a crash repeats nothing. A link never changes workspace, so the owners
of links are looked up once per worker (in the batch's own transaction) and kept.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence

import msgspec
from redis.asyncio.client import Pipeline

from admin.analytics import live_repository as repo
from admin.analytics.enrich import EnrichedClick
from admin.analytics.live_repository import LinkOwner
from admin.analytics.schemas import LiveClick
from admin.db import Connection
from common.keys import live_clicks_stream
from common.timefmt import iso_utc
from common.wire import CLICK_KIND

LIVE_WINDOW_ENTRIES = 1_000
LIVE_IDLE_SECONDS = 600
# A stream entry: the link id (for the per-link streams' filter, read without decoding
# the JSON) and the event's data, encoded once here rather than per reader.
LINK_FIELD = b"l"
DATA_FIELD = b"d"
_OWNERS_KEPT = 100_000
_encoder = msgspec.json.Encoder()


def public_view(click: EnrichedClick) -> LiveClick:
    """What a live stream shows of a click: no address, no visitor id, no user agent.
    Region and city are shown when the enrichment has them (issue 29, cities)."""
    region: str = getattr(click, "region", "") or ""
    city: str = getattr(click, "city", "") or ""
    return LiveClick(
        id=click.event_id,
        clicked_at=iso_utc(click.clicked_at),
        link_id=click.link_id,
        short_code=click.short_code,
        country=click.country or None,
        region=region or None,
        city=city or None,
        device=click.device,
        os=click.os,
        browser=click.browser,
        referrer_host=click.referrer_host or None,
        is_bot=click.is_bot,
        is_qr=click.is_qr,
    )


class LiveFeed:
    """Appends stored clicks to their workspaces' live streams."""

    def __init__(self) -> None:
        self._owners: OrderedDict[str, LinkOwner] = OrderedDict()

    async def owners(
        self, conn: Connection, clicks: Sequence[EnrichedClick]
    ) -> dict[str, LinkOwner]:
        """The owner of each clicked link; asks PostgreSQL only about links not seen yet."""
        wanted = {click.link_id for click in clicks if click.kind == CLICK_KIND}
        missing = [link_id for link_id in wanted if link_id not in self._owners]
        if missing:
            for row in await repo.link_owners(conn, missing):
                self._owners[row.link_id] = row
            while len(self._owners) > _OWNERS_KEPT:
                self._owners.popitem(last=False)
        found: dict[str, LinkOwner] = {}
        for link_id in wanted:
            owner = self._owners.get(link_id)
            if owner is not None:
                self._owners.move_to_end(link_id)
                found[link_id] = owner
        return found

    def append(
        self, pipe: Pipeline, clicks: Sequence[EnrichedClick], owners: dict[str, LinkOwner]
    ) -> None:
        """Queue the XADDs (and each stream's idle expiry) on ``pipe``."""
        streams: set[str] = set()
        for click in clicks:
            owner = owners.get(click.link_id)
            if owner is None or click.kind != CLICK_KIND:
                continue
            stream = live_clicks_stream(owner.workspace_id, owner.environment)
            entry = {LINK_FIELD: click.link_id, DATA_FIELD: _encoder.encode(public_view(click))}
            pipe.xadd(stream, entry, maxlen=LIVE_WINDOW_ENTRIES, approximate=True)  # type: ignore[arg-type]
            streams.add(stream)
        for stream in streams:
            pipe.expire(stream, LIVE_IDLE_SECONDS)
