"""Every click counted: edge → Redis stream → worker → PostgreSQL → the clicks API."""

from __future__ import annotations

import concurrent.futures
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import httpx
import psycopg
import pytest

from tests.support.accounts import Account, create_key
from tests.support.api import make_links
from tests.support.clicks import USER_AGENTS, link_clicks, wait_for_clicks
from tests.support.processes import HopProcess
from tests.support.stack import Stack


def test_n_redirects_make_exactly_n_clicks(
    api: httpx.Client, edge_url: str, account: Account, worker: HopProcess, database_url: str
) -> None:
    links = make_links(api, account, 5)
    agents = list(USER_AGENTS.values())
    plan = [(links[n % 5]["shortCode"], agents[n % len(agents)]) for n in range(1200)]

    def visit(chunk: list[tuple[str, str]]) -> list[int]:
        with httpx.Client(base_url=edge_url, timeout=10) as client:
            return [
                client.get(f"/{code}", headers={"User-Agent": agent}).status_code
                for code, agent in chunk
            ]

    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        statuses = [s for chunk in pool.map(visit, [plan[i::4] for i in range(4)]) for s in chunk]
        heads = [
            s
            for chunk in pool.map(
                lambda codes: [httpx.head(f"{edge_url}/{c}").status_code for c in codes],
                [[link["shortCode"] for link in links]] * 4,
            )
            for s in chunk
        ]
    assert statuses == [302] * 1200
    assert heads == [302] * 20

    ids = [link["id"] for link in links]
    assert wait_for_clicks(database_url, ids, 1200) == 1200
    per_link = [link_clicks(api, account, link_id) for link_id in ids]
    assert [body["totals"]["total"] for body in per_link] == [240] * 5
    for link_id, body in zip(ids, per_link, strict=True):
        resource = api.get(f"/v1/links/{link_id}", headers=account.headers()).json()
        assert resource["clicks"] == body["totals"]["total"]
    with psycopg.connect(database_url) as conn:
        rollup = conn.execute(
            "SELECT sum(clicks) FROM click_rollups WHERE link_id = ANY(%s)",
            (ids,),
        ).fetchone()
        events = conn.execute(
            "SELECT count(*) FROM events WHERE type = 'link.clicked' AND data->>'linkId' = ANY(%s)",
            (ids,),
        ).fetchone()
    assert rollup == (1200,)
    # No webhook of this account wants link.clicked, so none is written to the outbox
    # (tests/e2e/test_webhook_delivery.py covers an account that has one).
    assert events == (0,)
    all_totals = {"total": 0, "bots": 0}
    for body in per_link:
        for key in all_totals:
            all_totals[key] += body["totals"][key]
    assert all_totals == {"total": 1200, "bots": 400}  # googlebot and curl: 2 of 6 agents


def test_user_agents_are_classified(
    api: httpx.Client, edge_url: str, account: Account, worker: HopProcess, database_url: str
) -> None:
    (link,) = make_links(api, account, 1)
    for agent in USER_AGENTS.values():
        httpx.get(
            f"{edge_url}/{link['shortCode']}",
            headers={"User-Agent": agent, "Referer": "https://www.google.com/search?q=hop"},
        )
    assert wait_for_clicks(database_url, [link["id"]], 6) == 6

    human = link_clicks(api, account, link["id"])
    assert human["totals"] == {"total": 6, "unique": 4, "bots": 2}
    breakdown = human["breakdown"]
    assert breakdown["device"] == {"desktop": 2, "mobile": 2}
    assert breakdown["os"] == {"Android": 1, "Mac OS X": 1, "Windows": 1, "iOS": 1}
    assert breakdown["browser"] == {"Chrome Mobile": 1, "Edge": 1, "Firefox": 1, "Mobile Safari": 1}
    assert breakdown["referrer"] == {"www.google.com": 4}
    assert breakdown["country"] == {"unknown": 4}  # loopback has no country

    everyone = link_clicks(api, account, link["id"], includeBots="true")
    assert everyone["breakdown"]["device"] == {
        "bot": 2,
        "desktop": 2,
        "mobile": 2,
    }
    assert everyone["breakdown"]["browser"]["Googlebot"] == 1
    assert everyone["breakdown"]["browser"]["curl"] == 1
    history = everyone["clicks"]
    assert len(history) == 6
    assert sum(click["isBot"] for click in history) == 2


def test_ranges_and_history_pages(
    api: httpx.Client, edge_url: str, account: Account, worker: HopProcess, database_url: str
) -> None:
    (link,) = make_links(api, account, 1)
    for n in range(5):
        httpx.get(
            f"{edge_url}/{link['shortCode']}",
            headers={"User-Agent": USER_AGENTS["iphone_safari"] + f" n{n}"},
        )
    assert wait_for_clicks(database_url, [link["id"]], 5) == 5
    now = datetime.now(UTC)
    today = now.date().isoformat()
    tomorrow = (now.date() + timedelta(days=1)).isoformat()
    assert link_clicks(api, account, link["id"], **{"from": today})["totals"]["total"] == 5
    assert link_clicks(api, account, link["id"], **{"from": tomorrow})["totals"]["total"] == 0
    assert link_clicks(api, account, link["id"], to=today)["totals"]["total"] == 0
    window = {
        "from": (now - timedelta(minutes=5)).isoformat(),
        "to": (now + timedelta(minutes=5)).isoformat(),
    }
    within = link_clicks(api, account, link["id"], **window)
    assert within["totals"] == {"total": 5, "unique": 5, "bots": 0}
    assert within["breakdown"]["day"] == {today: 5}

    seen: list[str] = []
    cursor = None
    while True:
        page = link_clicks(
            api, account, link["id"], limit=2, **({"cursor": cursor} if cursor else {})
        )
        seen += [click["id"] for click in page["clicks"]]
        cursor = page["nextCursor"]
        if cursor is None:
            break
    assert len(seen) == len(set(seen)) == 5
    times = [c["clickedAt"] for c in link_clicks(api, account, link["id"])["clicks"]]
    assert times == sorted(times, reverse=True)


def test_clicks_endpoint_errors(api: httpx.Client, account: Account, database_url: str) -> None:
    (link,) = make_links(api, account, 1)
    url = f"/v1/links/{link['id']}/clicks"
    for params in (
        {"from": "yesterday"},
        {"from": "2026-02-30"},
        {"limit": 0},
        {"cursor": "!!"},
        {"from": "2026-01-02", "to": "2026-01-01"},
    ):
        response = api.get(url, params=params, headers=account.headers())
        assert response.status_code == 422, (params, response.text)
    assert api.get("/v1/links/lnk_nope/clicks", headers=account.headers()).status_code == 404
    no_scope = create_key(database_url, account.email, ("links:read",))
    assert api.get(url, headers={"Authorization": f"Bearer {no_scope}"}).status_code == 403


@pytest.fixture(scope="module")
def country_edge(session_stack: Stack) -> Iterator[str]:
    """A second edge on the session's Redis that forwards a country header (the session's
    worker, with no HOP_TRUSTED_PROXIES, enriches its clicks)."""
    server = session_stack.start_edge("edge-country", HOP_COUNTRY_HEADER="CF-IPCountry")
    yield server.url
    server.stop()


def test_a_forged_country_header_is_ignored(
    api: httpx.Client, country_edge: str, account: Account, worker: HopProcess, database_url: str
) -> None:
    (link,) = make_links(api, account, 1)
    visit = httpx.get(
        f"{country_edge}/{link['shortCode']}",
        headers={"CF-IPCountry": "FR", "User-Agent": USER_AGENTS["windows_edge"]},
    )
    assert visit.status_code == 302
    assert wait_for_clicks(database_url, [link["id"]], 1) == 1
    # Loopback is no trusted proxy: the header is anyone's word, and loopback has no country.
    assert link_clicks(api, account, link["id"])["breakdown"]["country"] == {"unknown": 1}


def test_sandbox_clicks_are_counted(
    api: httpx.Client, edge_url: str, account: Account, worker: HopProcess, database_url: str
) -> None:
    link = api.post(
        "/v1/links", json={"longUrl": "https://example.com/s"}, headers=account.headers("test")
    ).json()
    for _ in range(3):
        assert httpx.get(link["shortUrl"]).status_code == 302
    assert wait_for_clicks(database_url, [link["id"]], 3) == 3
    response = api.get(f"/v1/links/{link['id']}/clicks", headers=account.headers("test"))
    assert response.json()["totals"]["total"] == 3
