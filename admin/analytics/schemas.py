"""Wire format of GET /v1/links/:id/clicks."""

from __future__ import annotations

import msgspec


class ClickTotals(msgspec.Struct, kw_only=True):
    total: int  # every redirect in the range, bots included
    unique: int  # distinct visitors (salted hash of IP + user agent) among humans
    bots: int  # redirects whose user agent is a known crawler


class Breakdown(msgspec.Struct, kw_only=True):
    country: dict[str, int]
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


class AccountBreakdown(msgspec.Struct, kw_only=True):
    country: dict[str, int]
    device: dict[str, int]
    os: dict[str, int]
    browser: dict[str, int]
    referrer: dict[str, int]


class AccountAnalytics(msgspec.Struct, kw_only=True, rename="camel"):
    from_: str = msgspec.field(name="from")
    to: str
    interval: str
    include_bots: bool
    totals: AccountTotals
    series: list[SeriesPoint]  # every bucket of the range, empty ones as 0, oldest first
    top_links: list[TopLink]  # most clicked first, ties by id
    breakdown: AccountBreakdown
