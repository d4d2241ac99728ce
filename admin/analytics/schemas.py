"""Wire formats of GET /v1/links/:id/clicks and GET /v1/analytics."""

from __future__ import annotations

from typing import Literal

import msgspec

from admin.api.examples import example

# The bucket of GET /v1/analytics' series.
Interval = Literal["hour", "day", "week"]


class ClickTotals(msgspec.Struct, kw_only=True):
    total: int  # every redirect in the range, bots included
    unique: int  # distinct visitors (salted hash of IP + user agent) among humans
    bots: int  # redirects whose user agent is a known crawler


class Breakdown(msgspec.Struct, kw_only=True):
    country: dict[str, int]
    region: dict[str, int]  # ISO 3166-2 (e.g. DE-BY); only with HOP_GEOIP_DB, else "unknown"
    city: dict[str, int]  # English name; only with HOP_GEOIP_DB, else "unknown"
    device: dict[str, int]
    os: dict[str, int]
    browser: dict[str, int]
    referrer: dict[str, int]  # referrer host, "direct" when none
    day: dict[str, int]  # UTC day, YYYY-MM-DD


class ClickRecord(msgspec.Struct, kw_only=True, rename="camel"):
    id: str
    clicked_at: str
    country: str | None
    device: str
    os: str
    browser: str
    referrer: str | None
    is_bot: bool
    is_qr: bool
    region: str | None  # ISO 3166-2, e.g. DE-BY; null when unknown or without HOP_GEOIP_DB
    city: str | None  # English name; null when unknown or without HOP_GEOIP_DB


@example(
    {
        "linkId": "lnk_01JNQ4Z8K3M2X7V5R9T6Y1W0PA",
        "from": "2026-03-01T00:00:00Z",
        "to": "2026-03-08T00:00:00Z",
        "includeBots": False,
        "totals": {"total": 3, "unique": 2, "bots": 1},
        "breakdown": {
            "country": {"DE": 2, "US": 1},
            "region": {"DE-BY": 2, "US-CA": 1},
            "city": {"Munich": 2, "San Francisco": 1},
            "device": {"mobile": 2, "desktop": 1},
            "os": {"iOS": 2, "Windows": 1},
            "browser": {"Mobile Safari": 2, "Chrome": 1},
            "referrer": {"news.example.org": 2, "direct": 1},
            "day": {"2026-03-01": 1, "2026-03-02": 2},
        },
        "clicks": [
            {
                "id": "evt_01JNQ5A1B2C3D4E5F6G7H8J9KM",
                "clickedAt": "2026-03-02T14:05:00Z",
                "country": "DE",
                "device": "mobile",
                "os": "iOS",
                "browser": "Mobile Safari",
                "referrer": "news.example.org",
                "isBot": False,
                "isQr": False,
                "region": "DE-BY",
                "city": "Munich",
            }
        ],
        "nextCursor": None,
    }
)
class LinkClicks(msgspec.Struct, kw_only=True, rename="camel"):
    link_id: str
    from_: str | None = msgspec.field(name="from")
    to: str | None
    include_bots: bool
    totals: ClickTotals
    breakdown: Breakdown
    clicks: list[ClickRecord]
    next_cursor: str | None


class AccountTotals(msgspec.Struct, kw_only=True):
    total: int  # every redirect in the range, bots included
    bots: int  # redirects whose user agent is a known crawler


class SeriesPoint(msgspec.Struct, kw_only=True):
    start: str  # the bucket's first instant (UTC): an hour, a day or a Monday
    clicks: int


class TopLink(msgspec.Struct, kw_only=True, rename="camel"):
    id: str
    short_code: str
    short_url: str
    long_url: str
    deleted: bool
    clicks: int


class AccountBreakdown(msgspec.Struct, kw_only=True, rename="camel"):
    country: dict[str, int]
    region: dict[str, int]  # ISO 3166-2 (e.g. DE-BY); only with HOP_GEOIP_DB, else "unknown"
    city: dict[str, int]  # English name; only with HOP_GEOIP_DB, else "unknown"
    device: dict[str, int]
    os: dict[str, int]
    browser: dict[str, int]
    referrer: dict[str, int]
    # Campaigns: clicks by the links' current UTM fields (utm.source, .medium,
    # .campaign); links without the field are not counted in it.
    utm_source: dict[str, int]
    utm_medium: dict[str, int]
    utm_campaign: dict[str, int]


@example(
    {
        "from": "2026-03-01T00:00:00Z",
        "to": "2026-03-03T00:00:00Z",
        "interval": "day",
        "includeBots": False,
        "totals": {"total": 5, "bots": 0},
        "series": [
            {"start": "2026-03-01T00:00:00Z", "clicks": 2},
            {"start": "2026-03-02T00:00:00Z", "clicks": 3},
        ],
        "topLinks": [
            {
                "id": "lnk_01JNQ4Z8K3M2X7V5R9T6Y1W0PA",
                "shortCode": "spring-sale",
                "shortUrl": "https://hop.example/spring-sale",
                "longUrl": "https://shop.example.com/spring-sale?ref=newsletter",
                "deleted": False,
                "clicks": 5,
            }
        ],
        "breakdown": {
            "country": {"DE": 3, "US": 2},
            "region": {"DE-BY": 3, "US-CA": 2},
            "city": {"Munich": 3, "San Francisco": 2},
            "device": {"mobile": 4, "desktop": 1},
            "os": {"iOS": 3, "Windows": 1, "Android": 1},
            "browser": {"Mobile Safari": 3, "Chrome": 2},
            "referrer": {"news.example.org": 3, "direct": 2},
            "utmSource": {"newsletter": 5},
            "utmMedium": {"email": 5},
            "utmCampaign": {"spring-sale": 5},
        },
    }
)
class AccountAnalytics(msgspec.Struct, kw_only=True, rename="camel"):
    from_: str = msgspec.field(name="from")
    to: str
    interval: Interval
    include_bots: bool
    totals: AccountTotals
    series: list[SeriesPoint]  # every bucket of the range, empty ones as 0, oldest first
    top_links: list[TopLink]  # most clicked first, ties by id
    breakdown: AccountBreakdown
    # Whether archived links' clicks are counted (includeArchived; by default they are not).
    include_archived: bool = False


class OrphanTotals(msgspec.Struct, kw_only=True, rename="camel"):
    total: int  # every orphan visit in the range, bots included
    bots: int  # visits whose user agent is a known crawler
    # Humans' visits by type: unknown (no such code or path), base (the bare host "/"),
    # expired (an expired or exhausted link), deleted (a deleted link).
    humans: dict[str, int]
    bot_types: dict[str, int]  # the bots' visits, by the same types


class OrphanDay(msgspec.Struct, kw_only=True):
    day: str  # UTC day, YYYY-MM-DD
    humans: int
    bots: int


class OrphanCount(msgspec.Struct, kw_only=True):
    value: str  # a path ("/summer-sale") or a referrer host
    visits: int


@example(
    {
        "domain": "go.brand.example",
        "from": "2026-03-01T00:00:00Z",
        "to": "2026-03-03T00:00:00Z",
        "totals": {
            "total": 7,
            "bots": 2,
            "humans": {"unknown": 3, "base": 1, "expired": 1, "deleted": 0},
            "botTypes": {"unknown": 2, "base": 0, "expired": 0, "deleted": 0},
        },
        "series": [
            {"day": "2026-03-01", "humans": 2, "bots": 2},
            {"day": "2026-03-02", "humans": 3, "bots": 0},
        ],
        "topPaths": [{"value": "/spring-sael", "visits": 3}, {"value": "/", "visits": 1}],
        "otherPaths": 0,
        "topReferrers": [{"value": "news.example.org", "visits": 2}],
        "otherReferrers": 0,
    }
)
class OrphanVisits(msgspec.Struct, kw_only=True, rename="camel"):
    domain: str | None  # null: the default short host
    from_: str = msgspec.field(name="from")
    to: str
    totals: OrphanTotals
    series: list[OrphanDay]  # every day of the range, empty ones as 0, oldest first
    top_paths: list[OrphanCount]  # most visited first
    other_paths: int  # visits to paths past each day's first 100 distinct ones
    top_referrers: list[OrphanCount]  # referrer hosts, most visits first (none: not listed)
    other_referrers: int  # visits from hosts past each day's first 100 distinct ones


@example(
    {
        "id": "evt_01JNQ5A1B2C3D4E5F6G7H8J9KM",
        "clickedAt": "2026-03-02T14:05:00.123Z",
        "linkId": "lnk_01JNQ4Z8K3M2X7V5R9T6Y1W0PA",
        "shortCode": "spring",
        "country": "DE",
        "region": None,
        "city": None,
        "device": "mobile",
        "os": "iOS",
        "browser": "Mobile Safari",
        "referrerHost": "news.example.org",
        "isBot": False,
        "isQr": False,
    }
)
class LiveClick(msgspec.Struct, kw_only=True, rename="camel"):
    """A click as the live streams show it (the `data:` of an `event: click`): what the
    dashboard's live view needs, never the visitor's address or visitor id."""

    id: str
    clicked_at: str
    link_id: str
    short_code: str
    country: str | None
    region: str | None
    city: str | None
    device: str
    os: str
    browser: str
    referrer_host: str | None
    is_bot: bool
    is_qr: bool
