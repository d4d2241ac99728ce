"""The workspace's analytics page over plain HTTP: its numbers are GET /v1/analytics's for
real clicks through the edge, a viewer reads it, and its live stream (``/analytics/live``,
the session's copy of GET /v1/analytics/live) carries a click at the edge."""

from __future__ import annotations

import html
import re
import secrets
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import httpx
import psycopg
import pytest

from tests.support.accounts import Account, create_account
from tests.support.api import make_link
from tests.support.clicks import USER_AGENTS, wait_for_clicks
from tests.support.processes import HopProcess
from tests.support.sse import EventStream
from tests.support.stack import Stack
from tests.support.web import Browser, signed_in
from tests.support.workspaces import add_member


def _api(api: httpx.Client, account: Account, **params: Any) -> dict[str, Any]:
    response = api.get("/v1/analytics", params=params, headers=account.headers())
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def _shown(page: str, marker: str) -> str:
    match = re.search(rf"<dd {marker}>([^<]*)</dd>", page)
    assert match, f"no {marker} on the page"
    return html.unescape(match[1])


def _table(page: str, heading_id: str) -> dict[str, str]:
    """The (key → clicks) rows of the breakdown section with that heading."""
    start = page.index(f'id="{heading_id}"')
    body = page[start : page.index("</table>", start)]
    return {
        html.unescape(key): value
        for key, value in re.findall(
            r'<tr><td class="wrap">([^<]*)</td><td class="num">([^<]*)</td>', body
        )
    }


def test_the_page_shows_the_apis_numbers_for_real_clicks(
    browser: Browser, api: httpx.Client, edge: httpx.Client, account: Account,
    worker: HopProcess, database_url: str,
) -> None:  # fmt: skip
    tagged = make_link(
        api, account, longUrl="https://example.com/campaign",
        utm={"source": "newsletter", "medium": "email", "campaign": "autumn"},
    )  # fmt: skip
    plain = make_link(api, account, longUrl="https://example.com/plain")
    archived = make_link(api, account, longUrl="https://example.com/archived")
    visits = [
        (tagged, "iphone_safari"),
        (tagged, "android_chrome"),
        (tagged, "windows_edge"),
        (plain, "macos_firefox"),
        (plain, "googlebot"),
        (archived, "windows_edge"),
    ]
    for link, agent in visits:
        answer = edge.get(f"/{link['shortCode']}", headers={"User-Agent": USER_AGENTS[agent]})
        assert answer.status_code in (301, 302, 307, 308)
    ids = [tagged["id"], plain["id"], archived["id"]]
    assert wait_for_clicks(database_url, ids, 6) == 6
    answer = api.patch(
        f"/v1/links/{archived['id']}", json={"archived": True}, headers=account.headers()
    )
    assert answer.status_code == 200, answer.text
    signed_in(browser, account)

    for params, query in (
        ({}, ""),
        ({"includeBots": "true"}, "&bots=on"),
        ({"includeArchived": "true"}, "&archived=on"),
    ):
        expected = _api(api, account, **params)
        page = browser.get(f"/analytics?days=30{query}")
        assert page.status_code == 200, page.text
        text = page.text
        assert _shown(text, 'data-total="total"') == f"{expected['totals']['total']:,}"
        assert _shown(text, 'data-total="bots"') == f"{expected['totals']['bots']:,}"
        chart = sum(point["clicks"] for point in expected["series"])
        assert _shown(text, 'data-total="chart"') == f"{chart:,}"
        for name in ("device", "os", "browser", "referrer"):
            shown = _table(text, f"breakdown-{name}-heading")
            assert shown == {k: f"{v:,}" for k, v in expected["breakdown"][name].items()}, name
        for name, field in (("utm_source", "utmSource"), ("utm_campaign", "utmCampaign")):
            shown = _table(text, f"campaign-{name}-heading")
            assert shown == {k: f"{v:,}" for k, v in expected["breakdown"][field].items()}, name
        for top in expected["topLinks"]:
            assert f'href="/links/{top["id"]}/analytics">{top["shortUrl"]}</a>' in text

    # The figures themselves, so the comparison above cannot pass on two empty pages.
    plain_page = browser.get("/analytics").text
    assert _shown(plain_page, 'data-total="total"') == "5"  # the archived link left out
    assert _shown(plain_page, 'data-total="bots"') == "1"
    assert _shown(plain_page, 'data-total="chart"') == "4"
    assert _table(plain_page, "campaign-utm_source-heading") == {"newsletter": "3"}
    assert _shown(browser.get("/analytics?archived=on").text, 'data-total="total"') == "6"
    assert "no verified custom domain" in plain_page  # orphans: nothing to read
    assert '<a href="/analytics" aria-current="page">Analytics</a>' in plain_page


def test_odd_filters_fall_back_rather_than_fail(browser: Browser, account: Account) -> None:
    signed_in(browser, account)
    for query in ("days=12", "domain=not-mine.example", "domain=..", "bots=maybe"):
        page = browser.get(f"/analytics?{query}")
        assert page.status_code == 200, (query, page.text)
    for query in ("days=0", "domain=%00", "domain=" + "a" * 300):
        assert browser.get(f"/analytics?{query}").status_code == 400, query


def test_a_viewer_reads_the_workspaces_analytics(
    browser: Browser, admin_url: str, account: Account, database_url: str
) -> None:
    viewer = create_account(database_url)
    add_member(database_url, account.workspace_id, viewer.user_id, "viewer")
    signed_in(browser, viewer)
    switched = browser.submit(
        "/", "/workspace", {"workspaceId": account.workspace_id, "next": "/analytics"}
    )
    assert switched.status_code == 303, switched.text
    page = browser.get("/analytics")
    assert page.status_code == 200
    assert '<a href="/analytics" aria-current="page">Analytics</a>' in page.text
    signed_out = Browser(admin_url)
    try:
        refused = signed_out.get("/analytics")
        assert refused.status_code == 303
        assert refused.headers["location"] == "/login?next=/analytics"
        assert signed_out.get("/analytics/live").status_code == 303
    finally:
        signed_out.close()


def test_a_click_at_the_edge_shows_on_the_dashboard_stream(
    browser: Browser, admin_url: str, api: httpx.Client, edge: httpx.Client,
    account: Account, worker: HopProcess,
) -> None:  # fmt: skip
    link = make_link(api, account, longUrl="https://example.com/live-dashboard")
    signed_in(browser, account)
    session = browser.http.cookies["hop_session"]
    stream = EventStream(f"{admin_url}/analytics/live", {"Cookie": f"hop_session={session}"})
    try:
        assert stream.status == 200
        assert stream.headers["content-type"].startswith("text/event-stream")
        assert stream.next().kind == "comment"  # open and positioned
        answer = edge.get(
            f"/{link['shortCode']}",
            headers={"User-Agent": USER_AGENTS["iphone_safari"], "Referer": "https://news.example.org/x"},
        )  # fmt: skip
        assert answer.status_code in (301, 302, 307, 308)
        event = stream.next_event(timeout=30)
        assert event.kind == "click"
        body = event.json()
        assert (body["linkId"], body["shortCode"]) == (link["id"], link["shortCode"])
        assert (body["device"], body["referrerHost"], body["isBot"]) == (
            "mobile", "news.example.org", False,
        )  # fmt: skip
    finally:
        stream.close()
    # An API key is not a session: the dashboard's stream does not read Authorization.
    keyed = httpx.get(f"{admin_url}/analytics/live", headers=account.headers())
    assert keyed.status_code == 303


@pytest.fixture(scope="module")
def operator(database_url: str) -> Account:
    return create_account(database_url)


@pytest.fixture(scope="module")
def operator_admin(session_stack: Stack, operator: Account) -> Iterator[HopProcess]:
    """An admin whose operator's workspace (HOP_ORPHANS_WORKSPACE) is ``operator``'s."""
    admin = session_stack.start_admin(
        "admin-dashboard-orphans", HOP_ORPHANS_WORKSPACE=operator.workspace_id
    )
    yield admin
    admin.stop()


def _verified_domain_with_orphans(database_url: str, account: Account) -> str:
    """A verified custom domain of the account's workspace with a day of orphan rollups
    (the ingestion that fills them is tests/e2e/test_orphans.py's)."""
    hostname = f"go-{secrets.token_hex(4)}.dash.example"
    today = datetime.now(UTC).date()
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute(
            "INSERT INTO domains (id, workspace_id, environment, hostname, token, verified_at)"
            " VALUES (%s, %s, 'live', %s, 'token', now())",
            (f"dom_{secrets.token_hex(8)}", account.workspace_id, hostname),
        )
        for kind, is_bot, visits in (
            ("unknown", False, 3),
            ("base", False, 1),
            ("unknown", True, 2),
        ):
            conn.execute(
                "INSERT INTO orphan_rollups (domain, day, orphan_type, is_bot, visits)"
                " VALUES (%s, %s, %s, %s, %s)",
                (hostname, today, kind, is_bot, visits),
            )
        for dimension, value, visits in (("p", "/sprnig-sale", 3), ("r", "news.example.org", 2)):
            conn.execute(
                "INSERT INTO orphan_tops (domain, day, dimension, value, visits)"
                " VALUES (%s, %s, %s, %s, %s)",
                (hostname, today, dimension, value, visits),
            )
    return hostname


def test_orphan_visits_show_per_domain_as_the_api_counts_them(
    operator_admin: HopProcess, operator: Account, account: Account, database_url: str
) -> None:
    hostname = _verified_domain_with_orphans(database_url, operator)
    theirs = _verified_domain_with_orphans(database_url, account)
    browser = Browser(operator_admin.url)
    try:
        signed_in(browser, operator)
        page = browser.get("/analytics").text
        # The operator's workspace reads the default short host too, offered first.
        assert '<option value="" selected>' in page
        assert f'<option value="{hostname}">{hostname}</option>' in page
        assert theirs not in page  # another workspace's domain is never offered

        page = browser.get(f"/analytics?domain={hostname}").text
        expected = httpx.get(
            f"{operator_admin.url}/v1/analytics/orphans",
            params={"domain": hostname}, headers=operator.headers(),
        ).json()  # fmt: skip
        assert expected["totals"]["total"] == 6
        assert _shown(page, 'data-orphans="total"') == str(expected["totals"]["total"])
        assert _shown(page, 'data-orphans="bots"') == str(expected["totals"]["bots"])
        assert '<td class="wrap mono">/sprnig-sale</td><td class="num">3</td>' in page
        assert '<td class="wrap mono">news.example.org</td><td class="num">2</td>' in page

        # Someone else's domain in the address is not read: the first choice is shown.
        page = browser.get(f"/analytics?domain={theirs}").text
        assert '<option value="" selected>' in page
    finally:
        browser.close()
