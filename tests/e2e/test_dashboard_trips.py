"""What a new user tripped on in the dashboard (issue 31, point 8), over plain HTTP as a
form-posting client sees it: each test is one of the slips, fixed."""

from __future__ import annotations

import httpx

from common.safety import REASONS
from tests.e2e.test_safety import WARN_URL
from tests.support.accounts import Account, create_account
from tests.support.env import DASHBOARD_PER_MINUTE, FREE_PER_MINUTE
from tests.support.stack import Stack
from tests.support.waiting import wait_until
from tests.support.web import Browser, mail_link, new_email, sign_in, sign_up, signed_in


def _link(api: httpx.Client, account: Account, url: str) -> dict[str, str]:
    made = api.post("/v1/links", json={"longUrl": url}, headers=account.headers())
    assert made.status_code == 201, made.text
    link: dict[str, str] = made.json()
    return link


def test_a_link_qr_code_takes_the_short_link_or_its_code(
    browser: Browser, account: Account, api: httpx.Client
) -> None:
    """The "one of your short links" field wanted a raw lnk_ id the dashboard never shows."""
    signed_in(browser, account)
    for name in ("shortUrl", "shortCode", "id"):  # a link has one QR code: one link each
        link = _link(api, account, f"https://example.com/qr-by-{name}")
        given = link[name]
        made = browser.submit("/qr/new?type=link", "/qr", {"type": "link", "linkId": given})
        assert made.status_code == 303, made.text
        qr_id = made.headers["location"].split("?", 1)[0].rsplit("/", 1)[1]
        code = api.get(f"/v1/qr/{qr_id}", headers=account.headers()).json()
        assert code["linkId"] == link["id"]
    page = browser.get("/qr/new?type=link").text
    assert "Short link" in page
    assert "Link id" not in page
    refused = browser.submit(
        "/qr/new?type=link", "/qr", {"type": "link", "linkId": "https://elsewhere.example/abc"}
    )
    assert refused.status_code == 422
    assert "is not one of your short links" in refused.text
    assert 'aria-invalid="true"' in refused.text


def test_a_bio_button_to_one_of_your_short_links_is_kept_as_that_link(
    browser: Browser, account: Account, api: httpx.Client
) -> None:
    """It was refused as a redirect loop to our own host."""
    link = _link(api, account, "https://example.com/bio-own-link")
    signed_in(browser, account)
    name = "trip" + account.user_id[-8:].lower()
    form = {
        "username": name,
        "displayName": "Trips",
        "theme": "light",
        "language": "en",
        "links-0-title": "Mine",
        "links-0-url": link["shortUrl"],
        "links-0-linkId": "",
    }
    saved = browser.submit("/bio", "/bio", form)
    assert saved.status_code == 303, saved.text
    page = api.get("/v1/bio", headers=account.headers()).json()
    assert [(b["title"], b["linkId"], b["destination"]) for b in page["links"]] == [
        ("Mine", link["id"], None)
    ]
    assert page["links"][0]["url"] == link["shortUrl"]  # the link itself, no new one
    again = browser.get("/bio").text
    assert f'value="{link["shortUrl"]}"' in again  # shown as the short link it is
    # A short link on our host that is not one of yours is still a loop.
    form["links-0-url"] = link["shortUrl"] + "-not-mine"
    refused = browser.submit("/bio", "/bio", form)
    assert refused.status_code == 422
    assert 'aria-invalid="true"' in refused.text


def test_a_flagged_link_shows_why_and_asks_for_a_review(
    browser: Browser, account: Account, api: httpx.Client
) -> None:
    """It showed only "(flagged)": no reason, and no way to the API's review request."""
    flagged = _link(api, account, WARN_URL)
    assert flagged["status"] == "flagged"
    fine = _link(api, account, "https://example.com/fine")
    signed_in(browser, account)
    listing = browser.get("/").text
    assert f'href="/links/{flagged["id"]}#safety"' in listing
    assert f'href="/links/{fine["id"]}#safety"' not in listing
    edit = browser.get(f"/links/{flagged['id']}").text
    assert REASONS["encoded_ip"] in edit
    asked = browser.submit(
        f"/links/{flagged['id']}", f"/links/{flagged['id']}/review", {"message": "It's my NAS."}
    )
    assert asked.status_code == 303, asked.text
    safety = api.get(f"/v1/links/{flagged['id']}", headers=account.headers()).json()["safety"]
    assert safety["reviewRequestedAt"] is not None
    after = browser.get(f"/links/{flagged['id']}").text
    assert "You asked for a review" in after
    assert f'action="/links/{flagged["id"]}/review"' not in after
    # A link that is not flagged has nothing to review: the API's 409, said on the page.
    nothing = browser.submit(f"/links/{fine['id']}", f"/links/{fine['id']}/review", {})
    assert nothing.status_code == 409
    assert "nothing to review" in nothing.text


def test_the_stores_page_offers_shopify_installs_only_when_configured(
    browser: Browser, account: Account
) -> None:
    """It offered "Connect through Shopify" on a server without the Shopify app (the
    session stack has no HOP_SHOPIFY_API_KEY), which could only fail."""
    signed_in(browser, account)
    page = browser.get("/integrations").text
    assert "Connect through Shopify" not in page
    assert "Connect through WooCommerce" in page
    assert "not set up on this server" in page
    assert '<details class="panel more" open>' in page  # the token form is the way in
    # Without JavaScript both platforms' fields show, each under its own legend.
    assert "<legend>For a Shopify store</legend>" in page
    assert "<legend>For a WooCommerce store</legend>" in page


def test_the_confirmation_page_puts_confirm_above_send_again(
    browser: Browser, session_stack: Stack
) -> None:
    """It offered only "send again": the link pasted from the e-mail now confirms first."""
    email = new_email()
    assert sign_up(browser, email).status_code == 303
    assert sign_in(browser, email).headers["location"] == "/confirm"
    page = browser.get("/confirm").text
    assert page.index("Confirm my address") < page.index("Send the link again")
    link = mail_link(session_stack, email, "confirm your e-mail")
    confirmed = browser.submit("/confirm", "/verify", {"token": f"  {link} "})
    assert (confirmed.status_code, confirmed.headers["location"]) == (303, "/")
    assert "Your e-mail address is verified." in browser.get("/").text


def test_counts_read_in_the_right_number(
    browser: Browser, account: Account, api: httpx.Client, edge: httpx.Client, worker: object
) -> None:
    """ "1 clicks" and "must be at least 1 characters" read wrong."""
    link = _link(api, account, "https://example.com/counted-once")
    assert edge.get(f"/{link['shortCode']}").status_code == 302

    def clicked() -> bool:
        found = api.get(f"/v1/links/{link['id']}", headers=account.headers()).json()
        return bool(found["clicks"] == 1)

    wait_until(clicked, timeout=30, every=0.3, message="the click was never counted")
    signed_in(browser, account)
    assert "· 1 click</p>" in browser.get(f"/links/{link['id']}").text
    empty = browser.submit("/qr/new?type=text", "/qr", {"type": "text", "text": ""})
    assert empty.status_code == 422
    assert "is required" in empty.text
    assert "at least 1 characters" not in empty.text


def test_a_script_spending_the_api_quota_does_not_lock_the_owner_out_of_the_dashboard(
    browser: Browser, database_url: str, api: httpx.Client
) -> None:
    """Pages spent the API's per-minute quota (8 a minute for a free account in tests):
    they now count in a bucket of their own, HOP_LIMIT_DASHBOARD_PER_MINUTE."""
    account = create_account(database_url, plan="free")
    signed_in(browser, account)
    pages = [browser.get("/") for _ in range(FREE_PER_MINUTE + 2)]  # more than the API's
    assert {page.status_code for page in pages} == {200}
    assert pages[-1].headers["x-ratelimit-limit"] == str(DASHBOARD_PER_MINUTE)
    first = api.get("/v1/links", headers=account.headers())
    assert first.status_code == 200  # the page views spent none of the API's quota
    assert first.headers["x-ratelimit-remaining"] == str(FREE_PER_MINUTE - 1)
    answers = [api.get("/v1/links", headers=account.headers()) for _ in range(FREE_PER_MINUTE)]
    assert answers[-1].status_code == 429  # the script has spent its quota...
    page = browser.get("/")
    assert page.status_code == 200  # ...and its owner still has the dashboard
