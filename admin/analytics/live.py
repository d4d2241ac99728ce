"""Live clicks, the worker's half: each stored click's public view goes to its
workspace's live stream in Redis (``keys.live_clicks_stream``), where any admin
process reads it for the Server-Sent Events routes (``live_service``).

An entry holds up to ``LIVE_ENTRY_CLICKS`` clicks of one batch (one XADD per workspace
and 50 clicks, not per click: the worker's cost per click stays a few microseconds), as
a msgpack list of (link id, event JSON) pairs: the JSON is encoded once here, and a
per-link stream filters on the link id without decoding it. The stream is a short
window: ``XADD MAXLEN ~ LIVE_WINDOW_ENTRIES`` entries, and a workspace's stream with no
click for ``LIVE_IDLE_SECONDS`` is dropped, so Redis holds little per busy workspace
and nothing for quiet ones.

Only watched workspaces are fed: a stream that opens sets the workspace's watch key
(``keys.live_watch_key``), renewed while it is open and kept ``LIVE_WATCH_MS`` after it
closes so a client can resume. A batch's watched streams are asked in one round trip
after the batch is stored, so every click of a batch read after a stream opened is
shown on it; a workspace nobody watches costs the worker no encoding and Redis no
entry. The appends ride on the pipeline that acknowledges the batch, and only a batch
that stored something new is shown: a batch delivered again after a crash repeats
nothing. A link never changes workspace, so the owners of links are looked up once per
worker (in the batch's own transaction) and kept.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence

import msgspec
from redis.asyncio import Redis
from redis.asyncio.client import Pipeline

from admin.analytics import live_repository as repo
from admin.analytics.enrich import EnrichedClick
from admin.analytics.live_repository import LinkOwner
from admin.analytics.schemas import LiveClick
from admin.db import Connection
from common.keys import live_clicks_stream, live_watch_key
from common.timefmt import iso_utc
from common.wire import CLICK_KIND

LIVE_ENTRY_CLICKS = 50
LIVE_WINDOW_ENTRIES = 200
LIVE_IDLE_SECONDS = 600
# How long a watch outlives the last open stream (and each renewal): a client that comes
# back within it resumes with nothing missed; later, it is told of a gap.
LIVE_WATCH_MS = 120_000
CLICKS_FIELD = b"c"  # the entry's msgpack list of (link id, event JSON)
_OWNERS_KEPT = 100_000
_encoder = msgspec.json.Encoder()
_packer = msgspec.msgpack.Encoder()
entry_clicks = msgspec.msgpack.Decoder(list[tuple[str, bytes]])


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

    async def watched(self, redis: Redis, owners: dict[str, LinkOwner]) -> dict[str, LinkOwner]:
        """Of ``owners``, those whose workspace's live clicks someone watches."""
        places = sorted({(owner.workspace_id, owner.environment) for owner in owners.values()})
        if not places:
            return {}
        async with redis.pipeline(transaction=False) as pipe:
            for workspace_id, environment in places:
                pipe.exists(live_watch_key(workspace_id, environment))
            found = await pipe.execute()
        seen = {place for place, exists in zip(places, found, strict=True) if exists}
        return {
            link_id: owner
            for link_id, owner in owners.items()
            if (owner.workspace_id, owner.environment) in seen
        }

    def append(
        self, pipe: Pipeline, clicks: Sequence[EnrichedClick], owners: dict[str, LinkOwner]
    ) -> None:
        """Queue the XADDs (and each stream's idle expiry) on ``pipe``."""
        views: dict[str, list[tuple[str, bytes]]] = {}
        for click in clicks:
            owner = owners.get(click.link_id)
            if owner is None or click.kind != CLICK_KIND:
                continue
            stream = live_clicks_stream(owner.workspace_id, owner.environment)
            views.setdefault(stream, []).append(
                (click.link_id, _encoder.encode(public_view(click)))
            )
        for stream, shown in views.items():
            for start in range(0, len(shown), LIVE_ENTRY_CLICKS):
                entry = {CLICKS_FIELD: _packer.encode(shown[start : start + LIVE_ENTRY_CLICKS])}
                pipe.xadd(stream, entry, maxlen=LIVE_WINDOW_ENTRIES, approximate=True)  # type: ignore[arg-type]
            pipe.expire(stream, LIVE_IDLE_SECONDS)
