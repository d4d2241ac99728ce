"""The custom domains pages over plain HTTP (JavaScript off, as a form-posting client sees
it), against an admin whose DNS resolver is the loopback DNS server the test fills: add a
domain, its TXT record shown, verify (what the lookup found said when it fails), the
settings, delete after the confirmation page (refused while links live on the domain); a
viewer sees the domains but changes nothing; a post without the CSRF token does nothing."""

from __future__ import annotations

import html
import re
import secrets
from collections.abc import Iterator

import httpx
import pytest

from tests.support.accounts import Account, create_account
from tests.support.dns import DnsServer
from tests.support.processes import HopProcess
from tests.support.web import Browser, csrf_of, signed_in
from tests.support.workspaces import add_member

_DOMAIN = re.compile(r"^/domains/(dom_[0-9A-Za-z]+)$")


@pytest.fixture
def browser(dns_admin: HopProcess) -> Iterator[Browser]:
    client = Browser(dns_admin.url)
    yield client
    client.close()


def _new_hostname() -> str:
    return f"go.brand-{secrets.token_hex(4)}.test"


def _added(browser: Browser, hostname: str) -> str:
    response = browser.submit("/domains", "/domains", {"hostname": hostname})
    assert response.status_code == 303, response.text
    match = _DOMAIN.match(response.headers["location"])
    assert match, response.headers["location"]
    return match[1]


def _record(dns_api: httpx.Client, account: Account, domain_id: str) -> dict[str, str]:
    domain = dns_api.get(f"/v1/domains/{domain_id}", headers=account.headers()).json()
    record: dict[str, str] = domain["verification"]
    return record


def test_a_domain_is_added_verified_and_set_through_the_pages(
    browser: Browser, account: Account, dns_api: httpx.Client, dns_server: DnsServer
) -> None:
    signed_in(browser, account)
    listing = browser.get("/domains")
    assert listing.status_code == 200
    assert '<a href="/domains" aria-current="page">Domains</a>' in listing.text
    assert "No custom domains yet" in listing.text

    refused = browser.submit("/domains", "/domains", {"hostname": "bad_host.example"})
    assert refused.status_code == 422
    assert 'id="hostname-error"' in refused.text
    assert 'aria-invalid="true"' in refused.text
    assert 'value="bad_host.example"' in refused.text  # kept for correcting

    hostname = _new_hostname()
    domain_id = _added(browser, f"Go.{hostname[3:].upper()}.")
    page = browser.get(f"/domains/{domain_id}")
    assert page.status_code == 200
    assert f"{hostname} added" in page.text  # the flash
    again = browser.submit("/domains", "/domains", {"hostname": hostname})
    assert again.status_code == 409
    assert "already added" in again.text

    record = _record(dns_api, account, domain_id)
    assert record["name"] == f"_hop-challenge.{hostname}"
    assert "Pending: not verified yet" in page.text
    # The record ready to copy: selectable text, and the script's copy buttons.
    assert f'data-copy="{record["name"]}"' in page.text
    assert f'data-copy="{record["value"]}" hidden>' in page.text  # shown by app.js
    assert f">{record['value']}</p>" in page.text

    early = browser.submit(f"/domains/{domain_id}", f"/domains/{domain_id}/verify", {})
    assert early.status_code == 422
    assert 'id="verification-error"' in early.text
    assert "the lookup found no TXT record there" in html.unescape(early.text)
    assert f"_hop-challenge.{hostname}" in dns_server.questions

    dns_server.txt[record["name"]] = ["v=spf1 -all"]
    wrong = browser.submit(f"/domains/{domain_id}", f"/domains/{domain_id}/verify", {})
    assert wrong.status_code == 422
    assert "the lookup found 'v=spf1 -all'" in html.unescape(wrong.text)

    dns_server.txt[record["name"]].append(record["value"])
    verified = browser.submit(f"/domains/{domain_id}", f"/domains/{domain_id}/verify", {})
    assert verified.status_code == 303, verified.text
    assert verified.headers["location"] == f"/domains/{domain_id}"
    shown = browser.get(f"/domains/{domain_id}")
    assert f"Verified: {hostname} answers your short links." in shown.text
    assert "<strong>Verified</strong>" in shown.text
    assert "Check the record now" in shown.text
    assert dns_api.get(f"/v1/domains/{domain_id}", headers=account.headers()).json()["status"] == (
        "verified"
    )

    # Checked again with the record gone: said plainly, the domain still verified.
    dns_server.txt[record["name"]] = ["hop-someone-elses-token"]
    missing = browser.submit(f"/domains/{domain_id}", f"/domains/{domain_id}/verify", {})
    assert missing.status_code == 422
    assert "the lookup found 'hop-someone-elses-token'" in html.unescape(missing.text)
    assert "The domain is still served" in missing.text
    assert "<strong>Verified</strong>" in missing.text
    dns_server.txt[record["name"]] = [record["value"]]

    listed = browser.get("/domains")
    assert f'<a href="/domains/{domain_id}">{hostname}</a>' in listed.text
    assert "<strong>Verified</strong>" in listed.text
    assert "Never" not in listed.text  # the last check is shown

    bad = browser.submit(
        f"/domains/{domain_id}", f"/domains/{domain_id}", {"notFoundUrl": "not a url"}
    )
    assert bad.status_code == 422
    assert 'id="notFoundUrl-error"' in bad.text
    assert 'value="not a url"' in bad.text
    saved = browser.submit(
        f"/domains/{domain_id}",
        f"/domains/{domain_id}",
        {"notFoundUrl": "https://brand.example/not-found"},
    )
    assert saved.status_code == 303, saved.text
    api_view = dns_api.get(f"/v1/domains/{domain_id}", headers=account.headers()).json()
    assert api_view["notFoundUrl"] == "https://brand.example/not-found"
    assert 'value="https://brand.example/not-found"' in browser.get(f"/domains/{domain_id}").text
    cleared = browser.submit(f"/domains/{domain_id}", f"/domains/{domain_id}", {"notFoundUrl": ""})
    assert cleared.status_code == 303, cleared.text
    api_view = dns_api.get(f"/v1/domains/{domain_id}", headers=account.headers()).json()
    assert api_view["notFoundUrl"] is None


def test_a_domain_with_links_is_not_deleted_and_one_without_is_after_the_confirmation(
    browser: Browser, account: Account, dns_api: httpx.Client, dns_server: DnsServer
) -> None:
    signed_in(browser, account)
    hostname = _new_hostname()
    domain_id = _added(browser, hostname)
    record = _record(dns_api, account, domain_id)
    dns_server.txt[record["name"]] = [record["value"]]
    assert browser.submit("/domains", f"/domains/{domain_id}/verify", {}).status_code == 303
    link = dns_api.post(
        "/v1/links",
        json={"longUrl": "https://brand.example/sale", "domain": hostname},
        headers=account.headers(),
    )
    assert link.status_code == 201, link.text
    listed = browser.get("/domains").text
    assert '<td data-label="Links" class="num">1</td>' in listed

    confirm = browser.get(f"/domains/{domain_id}/delete")
    assert confirm.status_code == 200
    assert f"1 link lives on {hostname}." in confirm.text
    assert "Delete the domain</button>" not in confirm.text
    token = csrf_of(confirm)
    refused = browser.http.post(
        f"/domains/{domain_id}/delete",
        data={"csrf_token": token},
        headers={"Origin": browser.origin},
    )
    assert refused.status_code == 409
    assert "1 link lives" in refused.text
    assert dns_api.get(f"/v1/domains/{domain_id}", headers=account.headers()).status_code == 200

    gone = dns_api.delete(f"/v1/links/{link.json()['id']}", headers=account.headers())
    assert gone.status_code == 204, gone.text
    confirm = browser.get(f"/domains/{domain_id}/delete")
    assert f"No links live on {hostname}." in confirm.text
    assert "another account may prove the name and take it" in confirm.text
    assert "Delete the domain</button>" in confirm.text
    deleted = browser.submit(f"/domains/{domain_id}/delete", f"/domains/{domain_id}/delete", {})
    assert deleted.status_code == 303, deleted.text
    assert deleted.headers["location"] == "/domains"
    after = browser.get("/domains")
    assert "The domain is deleted." in after.text
    assert hostname not in after.text
    assert dns_api.get(f"/v1/domains/{domain_id}", headers=account.headers()).status_code == 404
    assert browser.get(f"/domains/{domain_id}").status_code == 404


def test_a_viewer_sees_the_domains_but_cannot_change_them(
    browser: Browser, account: Account, database_url: str, dns_admin: HopProcess
) -> None:
    signed_in(browser, account)
    hostname = _new_hostname()
    domain_id = _added(browser, hostname)
    viewer = create_account(database_url)
    add_member(database_url, account.workspace_id, viewer.user_id, "viewer")
    other = Browser(dns_admin.url)
    try:
        signed_in(other, viewer)
        switched = other.submit(
            "/", "/workspace", {"workspaceId": account.workspace_id, "next": "/domains"}
        )
        assert switched.status_code == 303, switched.text
        listing = other.get("/domains")
        assert listing.status_code == 200
        assert f'<a href="/domains/{domain_id}">{hostname}</a>' in listing.text
        assert 'action="/domains"' not in listing.text  # no add form
        page = other.get(f"/domains/{domain_id}")
        assert page.status_code == 200
        assert "/verify" not in page.text
        assert f'action="/domains/{domain_id}"' not in page.text
        assert f"/domains/{domain_id}/delete" not in page.text
        assert other.get(f"/domains/{domain_id}/delete").status_code == 403
        token = csrf_of(listing)
        for action, data in (
            ("/domains", {"hostname": _new_hostname()}),
            (f"/domains/{domain_id}/verify", {}),
            (f"/domains/{domain_id}", {"notFoundUrl": "https://brand.example/x"}),
            (f"/domains/{domain_id}/delete", {}),
        ):
            posted = other.http.post(
                action, data={**data, "csrf_token": token}, headers={"Origin": other.origin}
            )
            assert posted.status_code == 403, action
        assert hostname in browser.get("/domains").text  # still there, unchanged
        assert "brand.example/x" not in browser.get(f"/domains/{domain_id}").text
    finally:
        other.close()


def test_a_domain_form_without_the_csrf_token_does_nothing(
    browser: Browser, account: Account
) -> None:
    signed_in(browser, account)
    hostname = _new_hostname()
    posted = browser.http.post(
        "/domains", data={"hostname": hostname}, headers={"Origin": browser.origin}
    )
    assert posted.status_code == 403
    domain_id = _added(browser, _new_hostname())
    deleted = browser.http.post(
        f"/domains/{domain_id}/delete",
        data={"csrf_token": "forged"},
        headers={"Origin": browser.origin},
    )
    assert deleted.status_code == 403
    listing = browser.get("/domains").text
    assert hostname not in listing
    assert f'href="/domains/{domain_id}"' in listing


def test_the_case_rule_is_set_on_the_domain_page(
    browser: Browser, account: Account, dns_api: httpx.Client, dns_server: DnsServer
) -> None:
    signed_in(browser, account)
    hostname = _new_hostname()
    domain_id = _added(browser, hostname)
    record = _record(dns_api, account, domain_id)
    dns_server.txt[record["name"]] = [record["value"]]
    assert browser.submit("/domains", f"/domains/{domain_id}/verify", {}).status_code == 303
    page = browser.get(f"/domains/{domain_id}")
    assert 'name="caseSensitive" value="true" checked' in page.text
    # A form without the rule (a script's post) leaves it, and its error page shows it.
    bad = browser.submit(
        f"/domains/{domain_id}", f"/domains/{domain_id}", {"notFoundUrl": "not a url"}
    )
    assert bad.status_code == 422
    assert 'name="caseSensitive" value="true" checked' in bad.text
    for code in ("Sale", "sale"):
        made = dns_api.post(
            "/v1/links",
            json={"longUrl": f"https://brand.example/{code}", "domain": hostname, "alias": code},
            headers=account.headers(),
        )
        assert made.status_code == 201, made.text
    clash = browser.submit(
        f"/domains/{domain_id}",
        f"/domains/{domain_id}",
        {"notFoundUrl": "", "caseSensitive": "false"},
    )
    assert clash.status_code == 409
    assert 'id="caseSensitive-error"' in clash.text
    assert "Sale / sale" in clash.text
    assert dns_api.get(f"/v1/domains/{domain_id}", headers=account.headers()).json()[
        "caseSensitive"
    ]
    listed = dns_api.get("/v1/links", params={"domain": hostname}, headers=account.headers())
    lower = next(link for link in listed.json()["data"] if link["shortCode"] == "sale")
    assert dns_api.delete(f"/v1/links/{lower['id']}", headers=account.headers()).status_code == 204
    folded = browser.submit(
        f"/domains/{domain_id}",
        f"/domains/{domain_id}",
        {"notFoundUrl": "", "caseSensitive": "false"},
    )
    assert folded.status_code == 303, folded.text
    assert not dns_api.get(f"/v1/domains/{domain_id}", headers=account.headers()).json()[
        "caseSensitive"
    ]
    assert 'name="caseSensitive" value="false" checked' in browser.get(f"/domains/{domain_id}").text
