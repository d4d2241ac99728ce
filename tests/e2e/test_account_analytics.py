"""GET /v1/analytics: clicks of a whole account, from real redirects through the edge, the
click stream and the worker's rollups."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx

from tests.support.accounts import Account, create_account
from tests.support.api import assert_problem, make_link
from tests.support.clicks import USER_AGENTS, wait_for_clicks
from tests.support.processes import HopProcess


def analytics(api: httpx.Client, account: Account, **params: Any) -> dict[str, Any]:
    response = api.get("/v1/analytics", params=params, headers=account.headers())
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def test_account_totals_series_top_links_and_breakdown(
    api: httpx.Client,
    edge: httpx.Client,
    account: Account,
    worker: HopProcess,
    database_url: str,
) -> None:
    a = make_link(api, account, longUrl="https://example.com/a")
    b = make_link(api, account, longUrl="https://example.com/b")
    make_link(api, account, longUrl="https://example.com/never")
    stranger = create_account(database_url)
    theirs = make_link(api, stranger, longUrl="https://example.com/theirs")
    visits = [
        (a, "iphone_safari"),
        (a, "android_chrome"),
        (a, "windows_edge"),
        (b, "macos_firefox"),
        (b, "googlebot"),
        (theirs, "windows_edge"),
    ]
    for link, agent in visits:
        answer = edge.get(f"/{link['shortCode']}", headers={"User-Agent": USER_AGENTS[agent]})
        assert answer.status_code == 302
    assert wait_for_clicks(database_url, [a["id"], b["id"], theirs["id"]], 6) == 6
    # A deleted link's clicks still happened: it stays in the account's figures.
    assert api.delete(f"/v1/links/{b['id']}", headers=account.headers()).status_code == 204

    body = analytics(api, account)
    today = datetime.now(UTC).date()
    assert body["interval"] == "day"
    assert body["to"] == f"{today + timedelta(days=1)}T00:00:00.000Z"
    assert body["from"] == f"{today - timedelta(days=29)}T00:00:00.000Z"
    assert body["totals"] == {"total": 5, "bots": 1}
    assert len(body["series"]) == 30
    assert body["series"][-1] == {"start": f"{today}T00:00:00.000Z", "clicks": 4}
    assert sum(point["clicks"] for point in body["series"]) == 4
    top = [(link["id"], link["clicks"], link["deleted"]) for link in body["topLinks"]]
    assert top == [(a["id"], 3, False), (b["id"], 1, True)]
    assert body["topLinks"][0]["shortUrl"] == a["shortUrl"]
    assert sum(body["breakdown"]["device"].values()) == 4
    assert body["breakdown"]["os"]["iOS"] == 1

    with_bots = analytics(api, account, includeBots="true")
    assert [(link["id"], link["clicks"]) for link in with_bots["topLinks"]] == [
        (a["id"], 3),
        (b["id"], 2),
    ]
    assert [link["id"] for link in analytics(api, account, top=1)["topLinks"]] == [a["id"]]
    assert with_bots["series"][-1]["clicks"] == 5

    weeks = analytics(api, account, interval="week")
    monday = today - timedelta(days=today.weekday())
    assert weeks["series"][-1] == {"start": f"{monday}T00:00:00.000Z", "clicks": 4}
    assert all(
        datetime.fromisoformat(point["start"]).weekday() == 0 for point in weeks["series"][1:]
    )

    hours = analytics(api, account, interval="hour")
    assert len(hours["series"]) == 24
    assert sum(point["clicks"] for point in hours["series"]) == 4
    assert hours["totals"] == {"total": 5, "bots": 1}

    past = analytics(api, account, **{"from": "2020-01-01", "to": "2020-02-01"})
    assert past["totals"] == {"total": 0, "bots": 0}
    assert past["topLinks"] == []
    assert len(past["series"]) == 31

    assert analytics(api, stranger)["totals"] == {"total": 1, "bots": 0}


def test_account_analytics_refusals(api: httpx.Client, account: Account) -> None:
    for params, field in (
        ({"from": "2026-01-01T05:00:00Z"}, "from"),
        ({"from": "2026-01-02", "to": "2026-01-01"}, "to"),
        ({"from": "2024-01-01", "to": "2026-01-01"}, "to"),
        ({"interval": "hour", "from": "2026-01-01", "to": "2026-01-09"}, "to"),
        ({"interval": "hour", "to": "2026-01-01T10:30:00Z"}, "to"),
        ({"from": "soon"}, "from"),
        ({"top": "0"}, "top"),
        ({"interval": "month"}, "interval"),
    ):
        response = api.get("/v1/analytics", params=params, headers=account.headers())
        assert_problem(response, 422, "Validation")
        assert field in [error["field"] for error in response.json()["errors"]], response.text
