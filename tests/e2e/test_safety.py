"""The safety layer end to end: verdicts at create and update, the link resource, the
edge's interstitial and block pages (a real edge process), the review request, and
security.flagged in the outbox (docs/safety.md)."""

from __future__ import annotations

import re
import time
from typing import Any

import httpx
import psycopg

from common.keys import SAFETY_CONTINUE_KEY
from edge.safety import CONTINUE_SECONDS, mint
from tests.support.accounts import Account, create_account
from tests.support.api import assert_problem, make_link
from tests.support.clicks import wait_for_clicks
from tests.support.processes import HopProcess
from tests.support.stack import Stack

WARN_URL = "http://3232235777/download?file=invoice.pdf"  # an encoded IP: warn
BLOCK_URL = "https://p\u0430ypal.com/signin"  # Cyrillic a: a PayPal homograph, block


def _events(database_url: str, account: Account, event_type: str) -> list[dict[str, Any]]:
    with psycopg.connect(database_url) as conn:
        rows = conn.execute(
            "SELECT data FROM events WHERE workspace_id = %s AND type = %s ORDER BY seq",
            (account.workspace_id, event_type),
        ).fetchall()
    return [row[0] for row in rows]


def test_an_ok_link_is_active_and_says_so(api: httpx.Client, account: Account) -> None:
    link = make_link(api, account, longUrl="https://example.com/spring-sale")
    assert link["status"] == "active"
    assert link["safety"]["verdict"] == "ok"
    assert link["safety"]["reasons"] == []
    assert link["safety"]["source"] == "heuristic"
    assert link["safety"]["checkedAt"] == link["createdAt"]


def test_a_suspicious_link_is_flagged_with_reasons(
    api: httpx.Client, account: Account, database_url: str
) -> None:
    link = make_link(api, account, longUrl=WARN_URL)
    assert link["status"] == "flagged"
    assert link["safety"]["verdict"] == "warn"
    assert link["safety"]["reasons"] == ["encoded_ip"]
    assert api.get(f"/v1/links/{link['id']}", headers=account.headers()).json() == link
    [event] = _events(database_url, account, "security.flagged")
    assert event == {
        "linkId": link["id"],
        "shortCode": link["shortCode"],
        "longUrl": WARN_URL,
        "verdict": "warn",
        "reasons": ["encoded_ip"],
        "source": "heuristic",
        "flaggedAt": link["createdAt"],
    }


def test_a_brand_homograph_is_blocked(api: httpx.Client, account: Account) -> None:
    link = make_link(api, account, longUrl=BLOCK_URL)
    assert link["status"] == "blocked"
    assert link["safety"]["verdict"] == "block"
    assert {"confusable_label", "brand_lookalike", "credential_path"} <= set(
        link["safety"]["reasons"]
    )


def test_the_edge_shows_the_interstitial_and_counts_the_continue_click(
    api: httpx.Client, edge: httpx.Client, account: Account, worker: HopProcess, database_url: str
) -> None:
    hostile = WARN_URL + '&q="><script>alert(1)</script>'
    link = make_link(api, account, longUrl=hostile)
    page = edge.get(f"/{link['shortCode']}?utm_source=mail")
    assert page.status_code == 200
    assert "location" not in page.headers
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    assert page.headers["cache-control"] == "no-store"
    assert "script-src" not in page.headers["content-security-policy"]
    assert "default-src 'none'" in page.headers["content-security-policy"]
    assert page.headers["x-robots-tag"] == "noindex"
    assert "<script>" not in page.text  # the destination is escaped
    assert "&lt;script&gt;" in page.text
    assert "http://3232235777/download" in page.text  # shown in full
    assert "disguised" in page.text  # the reason, in words
    assert "http-equiv" not in page.text  # no automatic redirect of any kind
    found = re.search(r'href="(/[^"]+hop_continue=[^"]+)"', page.text)
    assert found is not None
    href = found[1].replace("&amp;", "&")
    assert "utm_source=mail" in href
    onward = edge.get(href)
    assert onward.status_code == 302
    assert onward.headers["location"].startswith("http://3232235777/download?file=invoice.pdf")
    assert onward.headers["location"].endswith("&utm_source=mail")
    assert onward.headers["cache-control"] == "no-store"
    # One interstitial view and one continue: one click.
    assert wait_for_clicks(database_url, [link["id"]], 1) == 1


def test_a_forged_or_stale_continue_token_shows_the_page_again(
    api: httpx.Client, edge: httpx.Client, account: Account, session_stack: Stack
) -> None:
    link = make_link(api, account, longUrl=WARN_URL)
    code = link["shortCode"]
    for token in ("1", "6543210a.AAAAAAAAAAAAAAAAAAAAAA", "zz.zz", ""):  # forged
        answer = edge.get(f"/{code}?hop_continue={token}")
        assert answer.status_code == 200, token
        assert "location" not in answer.headers
    other = make_link(api, account, longUrl=WARN_URL)
    found = re.search(r"hop_continue=([^\"&]+)", edge.get(f"/{code}").text)
    assert found is not None
    assert edge.get(f"/{code}?hop_continue={found[1]}").status_code == 302
    key = session_stack.redis.get(SAFETY_CONTINUE_KEY)
    assert isinstance(key, bytes)
    now_ms = int(time.time() * 1000)
    stale = mint(key, f"/{code}", now_ms - (CONTINUE_SECONDS + 60) * 1000)
    assert edge.get(f"/{code}?hop_continue={stale}").status_code == 200
    assert edge.get(f"/{code}?hop_continue={mint(key, f'/{code}', now_ms)}").status_code == 302
    # A token is good for its own code only.
    assert edge.get(f"/{other['shortCode']}?hop_continue={found[1]}").status_code == 200


def test_the_edge_blocks_with_a_403_page_that_says_how_to_appeal(
    api: httpx.Client, edge: httpx.Client, account: Account
) -> None:
    link = make_link(api, account, longUrl=BLOCK_URL)
    page = edge.get(f"/{link['shortCode']}")
    assert page.status_code == 403
    assert "location" not in page.headers
    assert "default-src 'none'" in page.headers["content-security-policy"]
    assert f"POST /v1/links/{link['id']}/review" in page.text
    assert "paypal" not in page.text.lower()  # the destination is not linked or shown
    assert edge.head(f"/{link['shortCode']}").status_code == 403


def test_sandbox_links_are_checked_too(
    api: httpx.Client, edge: httpx.Client, account: Account
) -> None:
    link = make_link_in_sandbox(api, account, BLOCK_URL)
    assert link["status"] == "blocked"
    page = edge.get(f"/test/{link['shortCode']}")
    assert page.status_code == 403
    assert page.headers["x-robots-tag"] == "noindex"


def make_link_in_sandbox(api: httpx.Client, account: Account, url: str) -> dict[str, Any]:
    response = api.post("/v1/links", json={"longUrl": url}, headers=account.headers("test"))
    assert response.status_code == 201, response.text
    link: dict[str, Any] = response.json()
    return link


def test_changing_the_destination_checks_it_again(
    api: httpx.Client, edge: httpx.Client, account: Account, database_url: str
) -> None:
    link = make_link(api, account, longUrl="https://example.com/fine")
    headers = account.headers()
    flagged = api.patch(f"/v1/links/{link['id']}", json={"longUrl": WARN_URL}, headers=headers)
    assert flagged.json()["status"] == "flagged"
    assert edge.get(f"/{link['shortCode']}").status_code == 200
    cleared = api.patch(
        f"/v1/links/{link['id']}", json={"longUrl": "https://example.org/"}, headers=headers
    )
    assert cleared.json()["status"] == "active"
    assert cleared.json()["safety"]["reasons"] == []
    assert edge.get(f"/{link['shortCode']}").status_code == 302
    # Tags alone change no verdict and raise no security.flagged.
    api.patch(f"/v1/links/{link['id']}", json={"tags": ["x"]}, headers=headers)
    verdicts = [event["verdict"] for event in _events(database_url, account, "security.flagged")]
    assert verdicts == ["warn", "ok"]


def test_owners_ask_for_a_review_of_flagged_links(
    api: httpx.Client, account: Account, database_url: str
) -> None:
    headers = account.headers()
    fine = make_link(api, account, longUrl="https://example.com/")
    assert_problem(api.post(f"/v1/links/{fine['id']}/review", headers=headers), 409, "Conflict")
    link = make_link(api, account, longUrl=WARN_URL)
    answer = api.post(
        f"/v1/links/{link['id']}/review",
        json={"message": "This is our router's admin page."},
        headers=headers,
    )
    assert answer.status_code == 202, answer.text
    assert answer.json()["safety"]["reviewRequestedAt"] is not None
    assert answer.json()["status"] == "flagged"  # nothing changes until an operator decides
    assert api.post(f"/v1/links/{link['id']}/review", headers=headers).status_code == 202
    assert_problem(
        api.post(f"/v1/links/{link['id']}/review", json={"message": "x" * 1001}, headers=headers),
        422,
        "Validation",
    )
    assert_problem(
        api.post(f"/v1/links/{link['id']}/review", json={"note": "x"}, headers=headers),
        422,
        "Validation",
    )
    assert_problem(api.post("/v1/links/lnk_nope/review", headers=headers), 404, "Not Found")
    with psycopg.connect(database_url) as conn:
        row = conn.execute(
            "SELECT review_message FROM links WHERE id = %s", (link["id"],)
        ).fetchone()
    assert row == (None,)  # the second request, without a message, replaced it


def test_another_account_cannot_ask_for_a_review(
    api: httpx.Client, account: Account, database_url: str
) -> None:
    link = make_link(api, account, longUrl=WARN_URL)
    stranger = create_account(database_url)
    assert_problem(
        api.post(f"/v1/links/{link['id']}/review", headers=stranger.headers()), 404, "Not Found"
    )
    assert_problem(
        api.post(f"/v1/links/{link['id']}/review", headers=account.headers("test")),
        404,
        "Not Found",
    )


def test_the_export_carries_each_links_safety(api: httpx.Client, account: Account) -> None:
    link = make_link(api, account, longUrl=WARN_URL)
    exported = api.post("/v1/users/me/export", headers=account.headers())
    assert exported.status_code == 200, exported.text
    [item] = [item for item in exported.json()["links"] if item["id"] == link["id"]]
    assert item["safety"] == {
        "verdict": "warn",
        "reasons": ["encoded_ip"],
        "source": "heuristic",
        "checkedAt": link["createdAt"],
        "reviewRequestedAt": None,
    }


def test_new_free_accounts_get_a_lower_creation_quota(
    session_stack: Stack, database_url: str
) -> None:
    admin = session_stack.start_admin("quota", HOP_SAFETY_NEW_ACCOUNT_LINKS_PER_HOUR="3")
    newcomer = create_account(database_url, plan="free")
    paying = create_account(database_url, plan="pro")
    with httpx.Client(base_url=admin.url, timeout=30) as api:
        for n in range(3):
            make_link(api, newcomer, longUrl=f"https://example.com/{n}")
        refused = api.post(
            "/v1/links", json={"longUrl": "https://example.com/3"}, headers=newcomer.headers()
        )
        problem = assert_problem(refused, 429, "Rate Limited")
        assert "New free accounts" in str(problem["detail"])
        assert 1 <= int(refused.headers["retry-after"]) <= 3600
        for n in range(5):  # a paying account is not held back
            make_link(api, paying, longUrl=f"https://example.com/{n}")
    old = session_stack.sql(
        "SELECT count(*) FROM links WHERE workspace_id = %s", newcomer.workspace_id
    )
    assert old == [(3,)]
