"""Campaign breakdowns of GET /v1/analytics and GET /v1/links/:id/clicks/export, over
thousands of clicks stored by the worker's own ingest (rollups included), each figure
compared with the exact count of the clicks written."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import random
from collections import Counter
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
from psycopg_pool import AsyncConnectionPool

from admin.analytics import hll
from admin.analytics.batch import store_batch
from admin.analytics.enrich import EnrichedClick
from admin.export.clicks import CLICK_COLUMNS
from tests.support.accounts import Account, create_account
from tests.support.api import assert_problem, make_link

STORE_BATCH = 2500


def _click(
    rng: random.Random, link_id: str, at: datetime, *, bot: bool = False, **fields: Any
) -> EnrichedClick:
    visitor = rng.randbytes(16)
    values: dict[str, Any] = {
        "event_id": f"ev{rng.getrandbits(80):x}",
        "link_id": link_id,
        "clicked_at": at,
        "visitor_id": visitor,
        "visitor_hll": hll.observation(visitor),
        "country": rng.choice(["DE", "US", ""]),
        "device": "bot" if bot else rng.choice(["mobile", "desktop"]),
        "os": rng.choice(["iOS", "Windows"]),
        "browser": rng.choice(["Mobile Safari", "Chrome"]),
        "referrer": "",
        "referrer_host": "",
        "user_agent": "Mozilla/5.0",
        "is_bot": bot,
        "is_qr": rng.random() < 0.25,
        **fields,
    }
    return EnrichedClick(**values)


def _store(database_url: str, clicks: list[EnrichedClick]) -> None:
    async def run() -> None:
        async with AsyncConnectionPool(database_url, min_size=1, max_size=1) as pool:
            for start in range(0, len(clicks), STORE_BATCH):
                async with pool.connection() as conn, conn.transaction():
                    batch = clicks[start : start + STORE_BATCH]
                    assert await store_batch(conn, batch) == len(batch)

    asyncio.run(run())


def _analytics(api: httpx.Client, account: Account, **params: str) -> dict[str, Any]:
    response = api.get("/v1/analytics", params=params, headers=account.headers())
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


UTMS: list[dict[str, str] | None] = [
    {"source": "newsletter", "medium": "email", "campaign": "spring"},
    {"source": "newsletter", "medium": "email", "campaign": "summer"},
    {"source": "twitter", "medium": "social"},  # no campaign
    {"campaign": "spring"},  # only a campaign
    None,  # no UTM at all: in no campaign breakdown
]
FIELDS = {"utmSource": "source", "utmMedium": "medium", "utmCampaign": "campaign"}


def test_campaign_breakdowns_count_every_click_of_each_utm_value(
    api: httpx.Client, account: Account, database_url: str
) -> None:
    rng = random.Random(29)
    links = [
        make_link(
            api, account, longUrl=f"https://shop.example/{n}", **({"utm": utm} if utm else {})
        )
        for n, utm in enumerate(UTMS)
    ]
    stranger = create_account(database_url)
    theirs = make_link(api, stranger, longUrl="https://shop.example/x", utm=UTMS[0])
    now = datetime.now(UTC)
    counted: list[tuple[int, bool]] = []  # (link index, bot) of the clicks in range
    clicks = []
    for _ in range(6000):
        index, bot = rng.randrange(len(links)), rng.random() < 0.1
        at = now - timedelta(seconds=rng.randrange(20 * 86400))
        clicks.append(_click(rng, links[index]["id"], at, bot=bot))
        counted.append((index, bot))
    for _ in range(300):  # before the default 30 days: not counted
        index = rng.randrange(len(links))
        clicks.append(_click(rng, links[index]["id"], now - timedelta(days=45)))
    clicks += [_click(rng, theirs["id"], now) for _ in range(200)]  # another account's
    _store(database_url, clicks)

    for include_bots in (False, True):
        body = _analytics(api, account, includeBots=str(include_bots).lower())
        for name, field in FIELDS.items():
            expected: Counter[str] = Counter()
            for index, bot in counted:
                utm = UTMS[index]
                if utm and field in utm and (include_bots or not bot):
                    expected[utm[field]] += 1
            assert body["breakdown"][name] == dict(expected), (name, include_bots)
            # Largest first, as every breakdown.
            assert list(body["breakdown"][name].values()) == sorted(expected.values(), reverse=True)
        assert body["totals"]["total"] == len(counted)

    # The links' current UTM fields: a link moved to another campaign takes its clicks.
    moved = api.patch(
        f"/v1/links/{links[1]['id']}",
        json={"utm": {"source": "newsletter", "medium": "email", "campaign": "spring"}},
        headers=account.headers(),
    )
    assert moved.status_code == 200, moved.text
    humans = sum(1 for index, bot in counted if index in (0, 1, 3) and not bot)
    assert _analytics(api, account)["breakdown"]["utmCampaign"] == {"spring": humans}
    assert _analytics(api, stranger)["breakdown"]["utmSource"] == {"newsletter": 200}


def _export(api: httpx.Client, account: Account, link_id: str, **params: str) -> httpx.Response:
    return api.get(f"/v1/links/{link_id}/clicks/export", params=params, headers=account.headers())


def test_click_export_has_one_row_per_click_in_csv_and_ndjson(
    api: httpx.Client, account: Account, database_url: str
) -> None:
    rng = random.Random(5)
    link = make_link(api, account, longUrl="https://shop.example/export")
    other = make_link(api, account, longUrl="https://shop.example/other")
    start = datetime(2026, 10, 1, tzinfo=UTC)
    clicks = [
        _click(
            rng,
            link["id"],
            start + timedelta(seconds=n * 7),
            bot=n % 10 == 0,
            # Visitors choose referrers and user agents: formulas must stay text.
            referrer='=HYPERLINK("https://evil.example")'
            if n % 97 == 0
            else "https://news.example/a",
            referrer_host="news.example",
            user_agent="@SUM(1+1)" if n % 89 == 0 else "Mozilla/5.0",
        )
        for n in range(20_000)
    ]
    clicks += [_click(rng, other["id"], start) for _ in range(500)]
    _store(database_url, clicks)
    mine = clicks[:20_000]

    response = _export(api, account, link["id"])
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/csv")
    assert f"{link['id']}-clicks.csv" in response.headers["content-disposition"]
    rows = list(csv.reader(io.StringIO(response.text)))
    assert tuple(rows[0]) == CLICK_COLUMNS
    records = [dict(zip(CLICK_COLUMNS, row, strict=True)) for row in rows[1:]]
    assert len(records) == len(mine)
    assert [r["id"] for r in records] == [c.event_id for c in mine]  # oldest first
    assert Counter(r["bot"] for r in records) == {"false": 18_000, "true": 2_000}
    assert sum(r["qr"] == "true" for r in records) == sum(c.is_qr for c in mine)
    assert sum(r["referrer"].startswith("'=") for r in records) == len(range(0, 20_000, 97))
    assert sum(r["userAgent"] == "'@SUM(1+1)" for r in records) == len(range(0, 20_000, 89))
    first = records[0]
    assert first["at"] == "2026-10-01T00:00:00.000Z"
    assert first["visitorId"] == mine[0].visitor_id.hex()
    assert first["country"] == mine[0].country  # '' (unknown) is an empty cell
    assert (first["region"], first["city"], first["variant"]) == ("", "", "")

    # NDJSON over [from, to): the clicks of that range only.
    window = {"from": "2026-10-01T10:00:00Z", "to": "2026-10-02T00:00:00Z", "format": "ndjson"}
    response = _export(api, account, link["id"], **window)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("application/x-ndjson")
    lines = [json.loads(line) for line in response.text.splitlines()]
    low, high = datetime(2026, 10, 1, 10, tzinfo=UTC), datetime(2026, 10, 2, tzinfo=UTC)
    expected = [c for c in mine if low <= c.clicked_at < high]
    assert [line["id"] for line in lines] == [c.event_id for c in expected]
    assert list(lines[0]) == list(CLICK_COLUMNS)
    assert sum(line["bot"] for line in lines) == sum(c.is_bot for c in expected)
    assert lines[0]["referrer"] == expected[0].referrer  # JSON needs no formula guard
    assert lines[0]["region"] is None
    assert lines[0]["variant"] is None


def test_click_export_refusals(api: httpx.Client, account: Account, database_url: str) -> None:
    link = make_link(api, account, longUrl="https://shop.example/refused")
    stranger = create_account(database_url)
    assert_problem(_export(api, stranger, link["id"]), 404, "Not Found")
    response = _export(api, account, link["id"], **{"from": "2026-10-02", "to": "2026-10-01"})
    assert_problem(response, 422, "Validation")
    assert_problem(_export(api, account, link["id"], format="xlsx"), 422, "Validation")
    assert_problem(_export(api, account, link["id"], to="soon"), 422, "Validation")
    empty = _export(api, account, link["id"], format="ndjson")
    assert empty.status_code == 200
    assert empty.content == b""
