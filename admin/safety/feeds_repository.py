"""SQL of the safety layer's data side (feeds.sql beside it): threat-feed entries, the
feeds' schedule, the local Web Risk lists, the sites links point at (spam waves, Web
Risk refreshes) and the backfill of links' hosts."""

from __future__ import annotations

from datetime import datetime

import msgspec

from admin.db import Connection, fetch_all, load_queries
from admin.link_model import FeatureColumns

_SQL = load_queries(__file__, "feeds.sql")


class FeedRun(msgspec.Struct, frozen=True, kw_only=True):
    source: str
    refreshed_at: datetime | None
    entries: int
    next_at: datetime
    last_error: str | None


class NewSite(msgspec.Struct, frozen=True):
    site: str
    first_seen_at: datetime


class WaveCount(msgspec.Struct, frozen=True):
    site: str
    links: int
    accounts: int


class Unlocated(msgspec.Struct, frozen=True):
    id: str
    long_url: str
    created_at: datetime


class Undestined(FeatureColumns, frozen=True, kw_only=True):
    """A link whose other destinations' hosts are not recorded yet."""

    id: str
    long_url: str
    created_at: datetime
    ios_url: str | None = None
    android_url: str | None = None


async def feed_keys(conn: Connection, source: str) -> set[str]:
    cursor = await conn.execute(_SQL["feed_keys"], {"source": source})
    return {str(key) for (key,) in await cursor.fetchall()}


async def replace_feed(
    conn: Connection, source: str, dropped: list[str], added: dict[str, str]
) -> None:
    """Remove ``dropped`` keys and add ``added`` (url key → site) in the caller's
    transaction."""
    if dropped:
        await conn.execute(_SQL["drop_feed_keys"], {"source": source, "keys": dropped})
    if added:
        params = {"source": source, "keys": list(added), "sites": list(added.values())}
        await conn.execute(_SQL["add_feed_entries"], params)


async def all_feed_entries(conn: Connection) -> list[tuple[str, str]]:
    cursor = await conn.execute(_SQL["all_feed_entries"])
    return [(str(key), str(source)) for key, source in await cursor.fetchall()]


async def claim_run(conn: Connection, source: str, lease_seconds: float) -> bool:
    """Whether this worker takes the feed's turn now (see feeds.sql)."""
    params = {"source": source, "lease": lease_seconds}
    return await (await conn.execute(_SQL["claim_run"], params)).fetchone() is not None


async def finish_run(
    conn: Connection, source: str, *, next_at: datetime, entries: int | None, error: str | None
) -> None:
    params = {"source": source, "next_at": next_at, "entries": entries, "error": error}
    await conn.execute(_SQL["finish_run"], params)


async def feed_runs(conn: Connection) -> list[FeedRun]:
    return await fetch_all(conn, _SQL["feed_runs"], {}, FeedRun)


async def webrisk_list(conn: Connection, threat_type: str) -> tuple[str, bytes]:
    """(version token, stored prefixes); ("", b"") before the first download."""
    cursor = await conn.execute(_SQL["webrisk_list"], {"threat_type": threat_type})
    row = await cursor.fetchone()
    return (str(row[0]), bytes(row[1])) if row else ("", b"")


async def put_webrisk_list(
    conn: Connection, threat_type: str, version_token: str, prefixes: bytes
) -> None:
    params = {"threat_type": threat_type, "version_token": version_token, "prefixes": prefixes}
    await conn.execute(_SQL["put_webrisk_list"], params)


async def all_webrisk_lists(conn: Connection) -> dict[str, bytes]:
    cursor = await conn.execute(_SQL["all_webrisk_lists"])
    return {str(threat): bytes(blob) for threat, blob in await cursor.fetchall()}


async def new_sites(conn: Connection, since_id: str) -> list[NewSite]:
    return await fetch_all(conn, _SQL["new_sites"], {"since_id": since_id}, NewSite)


async def add_sites(conn: Connection, sites: list[NewSite], prefixes: list[bytes]) -> None:
    params = {
        "sites": [site.site for site in sites],
        "first_seen": [site.first_seen_at for site in sites],
        "prefixes": prefixes,
    }
    await conn.execute(_SQL["add_sites"], params)


async def new_hosts(conn: Connection, since_id: str) -> list[tuple[str, str]]:
    """(host, site) of links created since the given id."""
    cursor = await conn.execute(_SQL["new_hosts"], {"since_id": since_id})
    return [(str(host), str(site)) for host, site in await cursor.fetchall()]


async def add_hosts(conn: Connection, hosts: list[tuple[str, str]], prefixes: list[bytes]) -> None:
    params = {
        "hosts": [host for host, _ in hosts],
        "sites": [site for _, site in hosts],
        "prefixes": prefixes,
    }
    await conn.execute(_SQL["add_hosts"], params)


async def sites_by_prefix(conn: Connection, prefixes: list[bytes]) -> list[str]:
    cursor = await conn.execute(_SQL["sites_by_prefix"], {"prefixes": prefixes})
    return [str(site) for (site,) in await cursor.fetchall()]


async def wave_candidates(conn: Connection, since: datetime) -> list[str]:
    cursor = await conn.execute(_SQL["wave_candidates"], {"since": since})
    return [str(site) for (site,) in await cursor.fetchall()]


async def wave_counts(conn: Connection, sites: list[str], since: datetime) -> list[WaveCount]:
    return await fetch_all(conn, _SQL["wave_counts"], {"sites": sites, "since": since}, WaveCount)


async def mark_wave(conn: Connection, site: str) -> bool:
    """Claim the site's wave (True once, whichever worker gets there first)."""
    return await (await conn.execute(_SQL["mark_wave"], {"site": site})).fetchone() is not None


async def unlocated_links(conn: Connection, limit: int) -> list[Unlocated]:
    return await fetch_all(conn, _SQL["unlocated_links"], {"limit": limit}, Unlocated)


async def locate_links(
    conn: Connection, ids: list[str], hosts: list[str], sites: list[str]
) -> None:
    await conn.execute(_SQL["locate_links"], {"ids": ids, "hosts": hosts, "sites": sites})


async def undestined_links(conn: Connection, after: str, limit: int) -> list[Undestined]:
    params = {"after": after, "limit": limit}
    return await fetch_all(conn, _SQL["undestined_links"], params, Undestined)


async def add_other_hosts(conn: Connection, rows: list[tuple[str, str, str]]) -> None:
    """Record (link id, site, host) rows of links' other destinations."""
    params = {
        "ids": [link_id for link_id, _, _ in rows],
        "sites": [site for _, site, _ in rows],
        "hosts": [host for _, _, host in rows],
    }
    await conn.execute(_SQL["add_other_hosts"], params)
