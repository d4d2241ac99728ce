"""Wire format of GET /v1/links/:id/clicks."""

from __future__ import annotations

import msgspec

from admin.http.examples import example


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


@example(
    {
        "linkId": "lnk_01JNQ4Z8K3M2X7V5R9T6Y1W0PA",
        "from": "2026-03-01T00:00:00Z",
        "to": "2026-03-08T00:00:00Z",
        "includeBots": False,
        "totals": {"total": 3, "unique": 2, "bots": 1},
        "breakdown": {
            "country": {"DE": 2, "US": 1},
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
