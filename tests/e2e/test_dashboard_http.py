"""The dashboard over plain HTTP (JavaScript off, as a form-posting client sees it):
sign-up and verification, sessions and their cookies, CSRF, password change and reset,
links and keys through the pages, and the front door's rules for pages."""

from __future__ import annotations

import hashlib

import httpx

from common.keys import web_session_key
from tests.support.accounts import PASSWORD, Account
from tests.support.env import DASHBOARD_PER_MINUTE
from tests.support.stack import Stack
from tests.support.web import (
    Browser,
    csrf_of,
    mail_link,
    new_email,
    outbox,
    path_of,
    sign_in,
    sign_up,
    signed_in,
    verify,
)


def test_a_page_without_a_session_redirects_to_the_login_page(browser: Browser) -> None:
    response = browser.get("/keys")
    assert response.status_code == 303
    assert response.headers["location"] == "/login?next=/keys"
    page = browser.get("/login?next=/keys")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert 'name="next" value="/keys"' in page.text


def test_sign_in_sets_a_hardened_session_cookie_and_rotates_it(
    browser: Browser, account: Account
) -> None:
    response = sign_in(browser, account.email)
    assert response.status_code == 303
    assert response.headers["location"] == "/"
    cookie = next(
        value
        for name, value in response.headers.multi_items()
        if name == "set-cookie" and value.startswith("hop_session=")
    )
    attributes = {part.strip().split("=")[0].lower() for part in cookie.split(";")}
    assert {"httponly", "path", "samesite"} <= attributes
    assert "samesite=lax" in cookie.lower()
    assert "secure" not in attributes  # HOP_BASE_URL is http here (https: test_cookies)
    first = browser.http.cookies["hop_session"]
    assert browser.get("/").status_code == 200
    again = browser.submit("/", "/login", {"email": account.email, "password": PASSWORD})
    assert again.status_code == 303
    assert browser.http.cookies["hop_session"] != first  # a new id at every sign-in
    old = httpx.get(f"{browser.origin}/", headers={"Cookie": f"hop_session={first}"})
    assert old.status_code == 303  # the old one ended


def test_a_wrong_password_is_refused_without_saying_which_part(
    browser: Browser, account: Account
) -> None:
    response = sign_in(browser, account.email, "not the password")
    assert response.status_code == 400
    assert "The e-mail or password is incorrect." in response.text
    unknown = sign_in(browser, new_email(), "not the password")
    assert unknown.status_code == 400
    assert "hop_session" not in browser.http.cookies


def test_a_form_post_without_the_csrf_token_changes_nothing(
    browser: Browser, account: Account, api: object
) -> None:
    signed_in(browser, account)
    response = browser.http.post(
        "/links", data={"longUrl": "https://example.com/csrf"}, headers={"Origin": browser.origin}
    )
    assert response.status_code == 403
    assert "sent from another site" in response.text
    assert response.headers["content-type"].startswith("text/html")
    forged = browser.http.post(
        "/links",
        data={"longUrl": "https://example.com/csrf", "csrf_token": "forged"},
        headers={"Origin": browser.origin},
    )
    assert forged.status_code == 403
    page = browser.get("/")
    other_site = browser.http.post(
        "/links",
        data={"longUrl": "https://example.com/csrf", "csrf_token": csrf_of(page)},
        headers={"Origin": "https://evil.example"},
    )
    assert other_site.status_code == 403
    assert "example.com/csrf" not in browser.get("/").text


def test_the_login_form_is_csrf_protected_too(browser: Browser, account: Account) -> None:
    response = browser.submit(
        "/login", "/login", {"email": account.email, "password": PASSWORD}, csrf=False
    )
    assert response.status_code == 403
    assert "hop_session" not in browser.http.cookies


def test_links_are_created_edited_and_deleted_through_the_pages(
    browser: Browser, account: Account
) -> None:
    signed_in(browser, account)
    created = browser.submit(
        "/",
        "/links",
        {
            "longUrl": "https://example.com/web",
            "tags": "a, b",
            "redirectType": "302",
            "forwardQuery": "on",
        },
    )
    assert created.status_code == 303
    page = browser.get("/")
    assert "example.com/web" in page.text
    assert "Created http" in page.text  # the flash, shown once
    assert "Created http" not in browser.get("/").text
    link_id = page.text.split('id="row-', 1)[1].split('"', 1)[0]
    bad = browser.submit(
        "/", f"/links/{link_id}", {"longUrl": "ftp://nope", "alias": "", "redirectType": "302"}
    )
    assert bad.status_code == 422
    assert 'aria-invalid="true"' in bad.text
    assert 'href="#longUrl"' in bad.text
    edited = browser.submit(
        f"/links/{link_id}",
        f"/links/{link_id}",
        {"longUrl": "https://example.com/edited", "alias": "", "tags": "b", "redirectType": "301"},
    )
    assert edited.status_code == 303
    assert "example.com/edited" in browser.get("/?tag=b").text
    assert "example.com/edited" not in browser.get("/?tag=a").text
    deleted = browser.submit(f"/links/{link_id}/delete", f"/links/{link_id}/delete", {})
    assert deleted.status_code == 303
    assert "example.com/edited" not in browser.get("/").text


def test_the_qr_preview_is_an_svg_of_the_short_url(browser: Browser, account: Account) -> None:
    signed_in(browser, account)
    browser.submit("/", "/links", {"longUrl": "https://example.com/qr", "redirectType": "302"})
    page = browser.get("/")
    link_id = page.text.split('id="row-', 1)[1].split('"', 1)[0]
    image = browser.get(f"/links/{link_id}/qr.svg")
    assert image.status_code == 200
    assert image.headers["content-type"] == "image/svg+xml"
    assert image.content.startswith(b"<svg")


def test_a_qr_code_page_shows_the_colours_it_was_made_with(
    browser: Browser, account: Account
) -> None:
    """Issue 31: revisiting a code showed it black and Medium whatever it was made with."""
    signed_in(browser, account)
    form = {"type": "text", "text": "navy", "dark": "#000080", "light": "#fdf6e3", "ecl": "Q"}
    made = browser.submit("/qr/new?type=text", "/qr", form)
    assert made.status_code == 303
    qr_id = made.headers["location"].split("?", 1)[0].rsplit("/", 1)[1]
    page = browser.get(f"/qr/{qr_id}").text  # no colours in the address: the saved ones
    assert 'name="dark" value="#000080"' in page
    assert 'name="light" value="#fdf6e3"' in page
    assert '<option value="Q" selected>' in page


def test_sign_up_verify_and_the_unverified_limits(
    browser: Browser, session_stack: Stack, admin_url: str
) -> None:
    email = new_email()
    response = sign_up(browser, email)
    assert response.status_code == 303
    assert response.headers["location"] == "/signup/sent"
    signed_in = sign_in(browser, email)
    assert (signed_in.status_code, signed_in.headers["location"]) == (303, "/confirm")
    # The session sees the page that asks for the confirmation, and nothing else (a free
    # account: 8 requests a minute in tests, so the forms reuse the one page's token).
    home = browser.get("/")
    assert (home.status_code, home.headers["location"]) == (303, "/confirm")
    confirm = browser.get("/confirm")
    assert confirm.status_code == 200
    assert "Confirm your e-mail address" in confirm.text
    assert 'action="/verify/resend"' in confirm.text
    assert 'action="/links"' not in confirm.text
    assert 'href="/keys"' not in confirm.text
    form = {"csrf_token": csrf_of(confirm), "longUrl": "https://example.com/unverified"}
    refused = browser.http.post("/links", data=form, headers={"Origin": admin_url})
    assert (refused.status_code, refused.headers["location"]) == (303, "/confirm")
    assert (
        session_stack.sql(
            "SELECT 1 FROM links l JOIN workspaces w ON w.id = l.workspace_id"
            " JOIN users u ON u.id = w.personal_of WHERE u.email = %s",
            email,
        )
        == []
    )
    resent = browser.http.post("/verify/resend", data=form, headers={"Origin": admin_url})
    assert (resent.status_code, resent.headers["location"]) == (303, "/confirm")
    assert verify(browser, session_stack, email).status_code == 303
    page = browser.get("/")
    assert "Your e-mail address is verified." in page.text
    assert 'action="/links"' in page.text
    # (A free account: 8 requests a minute in tests; a second, anonymous client goes on.)
    stranger = Browser(admin_url)
    try:
        link = path_of(mail_link(session_stack, email, "confirm"))
        again = stranger.submit(link, "/verify", {"token": link.split("token=", 1)[1]})
        assert again.status_code == 400  # single use
        assert "invalid, used or expired" in again.text
    finally:
        stranger.close()


def test_sign_up_answers_the_same_for_a_taken_address(
    browser: Browser, account: Account, session_stack: Stack
) -> None:
    response = sign_up(browser, account.email, "another password")
    assert response.status_code == 303
    assert response.headers["location"] == "/signup/sent"
    subjects = [subject for subject, _ in outbox(session_stack, account.email)]
    assert subjects == ["Hop: someone tried to sign up with your address"]
    assert sign_in(browser, account.email, "another password").status_code == 400


def test_a_password_reset_works_once_and_ends_every_session(
    admin_url: str, account: Account, session_stack: Stack
) -> None:
    first, second = Browser(admin_url), Browser(admin_url)
    try:
        signed_in(first, account)
        asked = second.submit("/forgot", "/forgot", {"email": account.email})
        assert asked.headers["location"] == "/forgot/sent"
        unknown = second.submit("/forgot", "/forgot", {"email": new_email()})
        assert unknown.headers["location"] == "/forgot/sent"  # nothing tells them apart
        link = path_of(mail_link(session_stack, account.email, "reset your password"))
        token = link.split("token=", 1)[1]
        new_password = "a brand new passphrase"
        mismatch = second.submit(
            link,
            "/reset",
            {"token": token, "password": new_password, "confirmPassword": "something else"},
        )
        assert mismatch.status_code == 422
        done = second.submit(
            link,
            "/reset",
            {"token": token, "password": new_password, "confirmPassword": new_password},
        )
        assert done.headers["location"] == "/login?notice=reset"
        assert first.get("/").status_code == 303  # signed out
        reused = second.submit(
            link,
            "/reset",
            {"token": token, "password": "yet another one", "confirmPassword": "yet another one"},
        )
        assert reused.status_code == 400
        assert sign_in(second, account.email).status_code == 400
        assert sign_in(second, account.email, new_password).status_code == 303
    finally:
        first.close()
        second.close()


def test_a_password_change_needs_the_current_one_and_ends_other_sessions(
    admin_url: str, account: Account
) -> None:
    first, second = Browser(admin_url), Browser(admin_url)
    try:
        signed_in(first, account)
        signed_in(second, account)
        wrong = first.submit(
            "/account",
            "/account/password",
            {
                "currentPassword": "wrong one",
                "newPassword": "a new passphrase",
                "confirmPassword": "a new passphrase",
            },
        )
        assert wrong.status_code == 422
        assert "is not your password" in wrong.text
        changed = first.submit(
            "/account",
            "/account/password",
            {
                "currentPassword": PASSWORD,
                "newPassword": "a new passphrase",
                "confirmPassword": "a new passphrase",
            },
        )
        assert changed.status_code == 303
        assert "1 other session signed out" in first.get("/account").text
        assert second.get("/account").status_code == 303
    finally:
        first.close()
        second.close()


def test_a_key_made_on_the_keys_page_works_against_the_api(
    browser: Browser, account: Account, admin_url: str
) -> None:
    signed_in(browser, account)
    made = browser.submit(
        "/keys",
        "/keys",
        {"name": "from the page", "environment": "live", "scopes": ["links:read", "links:write"]},
    )
    assert made.status_code == 303
    page = browser.get("/keys").text
    key = page.split('id="new-secret" class="mono">', 1)[1].split("<", 1)[0]
    assert key.startswith("svc_live_")
    assert key not in browser.get("/keys").text  # shown once
    with httpx.Client(base_url=admin_url) as client:
        headers = {"Authorization": f"Bearer {key}"}
        assert (
            client.post(
                "/v1/links", json={"longUrl": "https://example.com/k"}, headers=headers
            ).status_code
            == 201
        )
        assert client.get("/v1/api-keys", headers=headers).status_code == 403  # no account:read


def test_a_secret_shown_once_never_waits_in_redis_as_it_is(
    browser: Browser, account: Account, session_stack: Stack
) -> None:
    """A new key's or webhook's secret waits in the session for the page the redirect
    lands on, sealed for that session: what Redis holds is not the secret."""
    signed_in(browser, account)
    cookie = browser.http.cookies["hop_session"]
    stored = web_session_key(hashlib.sha256(cookie.encode()).hexdigest())
    made = browser.submit("/keys", "/keys", {"environment": "live", "scopes": ["links:read"]})
    assert made.status_code == 303
    waiting = session_stack.redis.get(stored)
    page = browser.get("/keys").text
    key = page.split('id="new-secret" class="mono">', 1)[1].split("<", 1)[0]
    assert key.startswith("svc_live_")
    assert waiting is not None
    assert key.encode() not in waiting
    assert key.removeprefix("svc_live_").encode() not in waiting

    hook = {"endpoint": "https://127.0.0.1:9/hooks", "events": ["link.created"]}
    registered = browser.submit("/webhooks", "/webhooks", hook)
    assert registered.status_code == 303
    waiting = session_stack.redis.get(stored)
    page = browser.get(registered.headers["location"]).text
    secret = page.split('id="new-secret" class="mono">', 1)[1].split("<", 1)[0]
    assert secret.startswith("whsec_")
    assert waiting is not None
    assert secret.removeprefix("whsec_").encode() not in waiting


def test_pages_count_against_the_dashboards_own_rate_limit(
    browser: Browser, account: Account
) -> None:
    signed_in(browser, account)
    response = browser.get("/")
    # Not the plan's API limit: the dashboard's own (HOP_LIMIT_DASHBOARD_PER_MINUTE).
    assert int(response.headers["x-ratelimit-limit"]) == DASHBOARD_PER_MINUTE
    static = browser.get(response.text.split('rel="stylesheet" href="', 1)[1].split('"', 1)[0])
    assert static.status_code == 200
    assert "x-ratelimit-limit" not in static.headers
    assert "immutable" in static.headers["cache-control"]


def test_pages_send_security_headers(browser: Browser) -> None:
    response = browser.get("/login")
    csp = response.headers["content-security-policy"]
    assert "script-src 'self'" in csp
    assert "frame-ancestors 'none'" in csp
    assert response.headers["referrer-policy"] == "same-origin"
    assert response.headers["cache-control"] == "no-store"


def test_an_unknown_page_is_a_page_and_the_api_stays_problem_json(browser: Browser) -> None:
    page = browser.get("/no-such-page")
    assert page.status_code == 404
    assert page.headers["content-type"].startswith("text/html")
    api = browser.get("/v1/no-such-thing")
    assert api.status_code == 404
    assert api.headers["content-type"].startswith("application/problem+json")


def test_the_api_ignores_the_session_cookie(browser: Browser, account: Account) -> None:
    signed_in(browser, account)
    assert browser.get("/v1/users/me").status_code == 401


def test_the_sandbox_switch_shows_sandbox_data_only(browser: Browser, account: Account) -> None:
    signed_in(browser, account)
    browser.submit("/", "/links", {"longUrl": "https://example.com/live-one"})
    switched = browser.submit("/", "/sandbox", {"sandbox": "on", "next": "/keys"})
    assert switched.headers["location"] == "/keys"
    assert "<strong>Sandbox.</strong>" in browser.get("/keys").text
    browser.submit("/", "/links", {"longUrl": "https://example.com/sandbox-one"})
    page = browser.get("/").text
    assert "example.com/sandbox-one" in page
    assert "/test/" in page
    assert "example.com/live-one" not in page
    browser.submit("/", "/sandbox", {"next": "/"})
    page = browser.get("/").text
    assert "example.com/live-one" in page
    assert "example.com/sandbox-one" not in page
