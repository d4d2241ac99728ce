"""Privacy the operator can promise (docs/privacy.md), through the real processes: a
workspace honouring DNT and GPC keeps no visitor id, user agent or referrer of the
clicks that asked, yet counts every one; deleting a link can purge its clicks."""

from __future__ import annotations

import concurrent.futures

import httpx
import psycopg

from tests.support.accounts import PASSWORD, Account, create_account
from tests.support.api import make_links
from tests.support.clicks import USER_AGENTS, link_clicks, wait_for_clicks
from tests.support.processes import HopProcess

_REFERRER = "https://news.example/story"
# Per round of six clicks: which privacy headers each sends.
_ASKS: list[dict[str, str]] = [
    {"DNT": "1"},
    {"Sec-GPC": "1"},
    {"DNT": "1", "Sec-GPC": "1"},
    {"DNT": "0"},
    {"Sec-GPC": "0"},
    {},
]
_PRIVATE_PER_ROUND = 3


def _honor_dnt(api: httpx.Client, account: Account, honor: bool) -> dict[str, object]:
    response = api.patch(
        f"/v1/workspaces/{account.workspace_id}",
        json={"privacy": {"honorDnt": honor}},
        headers=account.headers(),
    )
    assert response.status_code == 200, response.text
    body: dict[str, object] = response.json()
    return body


def _visit(edge_url: str, code: str, rounds: int) -> list[int]:
    """``rounds`` rounds of _ASKS, from four clients at once, each with a referrer."""
    agent = USER_AGENTS["macos_firefox"]
    plan = [asks for _ in range(rounds) for asks in _ASKS]

    def send(chunk: list[dict[str, str]]) -> list[int]:
        with httpx.Client(base_url=edge_url, timeout=10) as client:
            return [
                client.get(
                    f"/{code}", headers={"User-Agent": agent, "Referer": _REFERRER, **asks}
                ).status_code
                for asks in chunk
            ]

    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        return [s for part in pool.map(send, [plan[i::4] for i in range(4)]) for s in part]


def _stored(database_url: str, link_id: str) -> list[tuple[bytes, str, str, str]]:
    with psycopg.connect(database_url) as conn:
        rows = conn.execute(
            "SELECT visitor_id, user_agent, referrer, referrer_host FROM clicks WHERE link_id = %s",
            (link_id,),
        ).fetchall()
    return [(bytes(v), ua, ref, host) for v, ua, ref, host in rows]


def test_a_workspace_honouring_dnt_counts_those_clicks_but_keeps_no_visitor(
    api: httpx.Client, edge_url: str, account: Account, worker: HopProcess, database_url: str
) -> None:
    body = _honor_dnt(api, account, True)
    assert body["privacy"] == {"honorDnt": True}
    fetched = api.get(f"/v1/workspaces/{account.workspace_id}", headers=account.headers())
    assert fetched.json()["privacy"] == {"honorDnt": True}
    (link,) = make_links(api, account, 1)
    rounds = 400  # 2,400 clicks, 1,200 of them asking not to be tracked
    assert _visit(edge_url, link["shortCode"], rounds) == [302] * (rounds * len(_ASKS))

    total = rounds * len(_ASKS)
    private = rounds * _PRIVATE_PER_ROUND
    assert wait_for_clicks(database_url, [link["id"]], total) == total
    rows = _stored(database_url, link["id"])
    anonymous = [row for row in rows if row[0] == b""]
    assert len(anonymous) == private
    assert all(row[1:] == ("", "", "") for row in anonymous)
    tracked = [row for row in rows if row[0] != b""]
    assert len(tracked) == total - private
    assert all(row[2:] == (_REFERRER, "news.example") and row[1] for row in tracked)

    report = link_clicks(api, account, link["id"])
    assert report["totals"]["total"] == total
    assert report["breakdown"]["referrer"] == {"news.example": total - private, "direct": private}
    assert report["totals"]["unique"] == 1  # one address and agent: the tracked ones
    resource = api.get(f"/v1/links/{link['id']}", headers=account.headers()).json()
    assert resource["clicks"] == total


def test_without_the_promise_dnt_clicks_keep_their_visitor(
    api: httpx.Client, edge_url: str, worker: HopProcess, database_url: str
) -> None:
    account = create_account(database_url)
    body = api.get(f"/v1/workspaces/{account.workspace_id}", headers=account.headers()).json()
    assert body["privacy"] == {"honorDnt": False}
    (link,) = make_links(api, account, 1)
    assert _visit(edge_url, link["shortCode"], 20) == [302] * 120
    assert wait_for_clicks(database_url, [link["id"]], 120) == 120
    rows = _stored(database_url, link["id"])
    assert all(row[0] != b"" and row[2] == _REFERRER for row in rows)
    assert link_clicks(api, account, link["id"])["breakdown"]["referrer"] == {"news.example": 120}


def test_only_admins_change_the_privacy_promise(
    api: httpx.Client, account: Account, database_url: str
) -> None:
    member = create_account(database_url)
    with psycopg.connect(database_url) as conn:
        conn.execute(
            "INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (%s, %s, 'member')",
            (account.workspace_id, member.user_id),
        )
    login = api.post(
        "/v1/auth/login",
        json={"email": member.email, "password": PASSWORD, "workspaceId": account.workspace_id},
    )
    assert login.status_code == 200, login.text
    as_member = {"Authorization": f"Bearer {login.json()['accessToken']}"}
    path = f"/v1/workspaces/{account.workspace_id}"
    refused = api.patch(path, json={"privacy": {"honorDnt": True}}, headers=as_member)
    assert refused.status_code == 403, refused.text
    unknown = api.patch(path, json={"privacy": {"honourDnt": True}}, headers=account.headers())
    assert unknown.status_code in (400, 422), unknown.text
    assert _honor_dnt(api, account, True)["privacy"] == {"honorDnt": True}
    assert _honor_dnt(api, account, False)["privacy"] == {"honorDnt": False}


def test_deleting_a_link_with_purge_clicks_removes_its_clicks_only(
    api: httpx.Client, edge_url: str, account: Account, worker: HopProcess, database_url: str
) -> None:
    purged, kept = make_links(api, account, 2)
    assert _visit(edge_url, purged["shortCode"], 20) == [302] * 120
    assert _visit(edge_url, kept["shortCode"], 10) == [302] * 60
    ids = [purged["id"], kept["id"]]
    assert wait_for_clicks(database_url, ids, 180) == 180

    response = api.delete(
        f"/v1/links/{purged['id']}", params={"purgeClicks": "true"}, headers=account.headers()
    )
    assert response.status_code == 204, response.text
    with psycopg.connect(database_url) as conn:
        counts: dict[str, dict[str, int]] = {
            table: dict(
                conn.execute(
                    f"SELECT link_id, count(*) FROM {table} WHERE link_id = ANY(%s)"  # noqa: S608
                    " GROUP BY link_id",
                    (ids,),
                ).fetchall()
            )
            for table in ("clicks", "click_rollups", "click_uniques")
        }
        (flagged,) = conn.execute(
            "SELECT clicks_purged FROM links WHERE id = %s", (purged["id"],)
        ).fetchone() or (None,)
    assert counts["clicks"] == {kept["id"]: 60}
    assert set(counts["click_rollups"]) == {kept["id"]}
    assert set(counts["click_uniques"]) == {kept["id"]}
    assert flagged is True
    assert link_clicks(api, account, kept["id"])["totals"]["total"] == 60


def test_deleting_a_link_keeps_its_clicks_unless_asked(
    api: httpx.Client, edge_url: str, account: Account, worker: HopProcess, database_url: str
) -> None:
    (link,) = make_links(api, account, 1)
    assert _visit(edge_url, link["shortCode"], 5) == [302] * 30
    assert wait_for_clicks(database_url, [link["id"]], 30) == 30
    response = api.delete(f"/v1/links/{link['id']}", headers=account.headers())
    assert response.status_code == 204, response.text
    assert wait_for_clicks(database_url, [link["id"]], 30) == 30
