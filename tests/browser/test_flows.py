"""The dashboard's end-to-end flows in headless Chromium, JavaScript on."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.browser.steps import (
    create_link,
    mail_link,
    new_account,
    secret_shown,
    sign_in,
    sign_up,
    verify,
)
from tests.support.smtp import SmtpSink
from tests.support.stack import Stack
from tests.support.waiting import wait_until
from tests.support.web import new_email

pytestmark = pytest.mark.browser


def test_sign_up_verify_create_a_link_and_see_its_click(
    page: Any, web: Stack, smtp_sink: SmtpSink
) -> None:
    email = new_email()
    sign_up(page, email)
    assert page.get_by_role("heading", name="Check your e-mail").is_visible()
    verify(page, smtp_sink, email)
    page.wait_for_url("**/login?notice=verified")
    sign_in(page, email)
    assert page.get_by_role("heading", name="Links", exact=True).is_visible()
    short_url = create_link(page, "https://example.com/from-the-browser")
    row = page.locator("tr", has_text="example.com/from-the-browser")
    assert row.get_by_role("button", name=f"Copy {short_url}").is_visible()  # JS shows it

    with httpx.Client(timeout=10) as client:  # a visitor, at the real edge
        visit = client.get(short_url, follow_redirects=False)
    assert visit.status_code == 302
    assert visit.headers["location"] == "https://example.com/from-the-browser"

    def counted() -> bool:
        page.reload()
        cell = page.locator("tr", has_text="example.com/from-the-browser").locator("td.num")
        return bool(cell.inner_text().strip() == "1")

    wait_until(counted, timeout=30, every=0.5, message="the click never showed on the page")


def test_the_qr_preview_shows_an_image(page: Any, web: Stack) -> None:
    account = new_account(web)
    sign_in(page, account.email)
    create_link(page, "https://example.com/qr-preview")
    row = page.locator("tr", has_text="example.com/qr-preview")
    row.locator("summary", has_text="QR code").click()
    image = row.get_by_role("img", name="QR code of")
    image.wait_for()
    wait_until(lambda: image.evaluate("img => img.complete && img.naturalWidth > 0"), timeout=10)


def test_search_updates_the_list_in_place(page: Any, web: Stack) -> None:
    account = new_account(web)
    sign_in(page, account.email)
    create_link(page, "https://example.com/apples")
    create_link(page, "https://example.com/pears")
    page.goto("/")
    marker = page.evaluate("() => (window.__stayed = true)")
    assert marker
    page.get_by_label("Search").fill("pears")
    page.locator("#link-results").filter(has_not_text="apples").wait_for()
    assert "example.com/pears" in page.locator("#link-results").inner_text()
    assert page.evaluate("() => window.__stayed === true")  # no page load: htmx swapped it
    assert "q=pears" in page.url


def test_delete_asks_first_and_removes_the_row(page: Any, web: Stack) -> None:
    account = new_account(web)
    sign_in(page, account.email)
    create_link(page, "https://example.com/to-delete")
    page.on("dialog", lambda dialog: dialog.accept())
    row = page.locator("tr", has_text="example.com/to-delete")
    row.get_by_role("link", name="Delete").click()
    page.get_by_role("status").filter(has_text="Deleted").wait_for()
    page.reload()
    assert page.locator("tr", has_text="example.com/to-delete").count() == 0


def test_a_key_made_on_the_keys_page_works_against_the_api_until_revoked(
    page: Any, web: Stack
) -> None:
    account = new_account(web)
    sign_in(page, account.email)
    page.goto("/keys")
    page.get_by_label("Name (optional)").fill("browser key")
    page.get_by_role("button", name="Create key").click()
    key = secret_shown(page)
    assert key.startswith("svc_live_")
    headers = {"Authorization": f"Bearer {key}"}
    with httpx.Client(base_url=web.admin_url, timeout=10) as api:
        made = api.post(
            "/v1/links", json={"longUrl": "https://example.com/by-key"}, headers=headers
        )
        assert made.status_code == 201
        page.reload()
        assert page.locator("#new-secret").count() == 0  # shown once
        page.on("dialog", lambda dialog: dialog.accept())
        page.get_by_role("button", name="Revoke browser key").click()
        page.get_by_text("The key is revoked").wait_for()
        assert api.get("/v1/links", headers=headers).status_code == 401


def test_sign_out_ends_the_session(page: Any, web: Stack) -> None:
    account = new_account(web)
    sign_in(page, account.email)
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url("**/login?notice=signed-out")
    assert page.get_by_text("You are signed out.").is_visible()
    page.goto("/account")
    page.wait_for_url("**/login?next=/account")


def test_a_forgotten_password_is_reset_by_e_mail(
    page: Any, web: Stack, smtp_sink: SmtpSink
) -> None:
    account = new_account(web)
    page.goto("/forgot")
    page.get_by_label("E-mail").fill(account.email)
    page.get_by_role("button", name="Send the link").click()
    page.wait_for_url("**/forgot/sent")
    page.goto(mail_link(smtp_sink, account.email, "reset your password"))
    page.get_by_label("New password", exact=True).fill("a fresh passphrase")
    page.get_by_label("Repeat the new password").fill("a fresh passphrase")
    page.get_by_role("button", name="Set the password").click()
    page.wait_for_url("**/login?notice=reset")
    sign_in(page, account.email, "a fresh passphrase")
    assert page.url.endswith("/")


def test_a_form_without_its_csrf_token_is_refused(page: Any, web: Stack) -> None:
    account = new_account(web)
    sign_in(page, account.email)
    page.evaluate(
        "() => document.querySelectorAll('input[name=csrf_token]').forEach(i => i.remove())"
    )
    page.evaluate("() => document.body.removeAttribute('hx-headers')")
    page.get_by_label("Destination URL").fill("https://example.com/forged")
    page.get_by_role("button", name="Create link").click()
    assert page.get_by_role("heading", name="Forbidden").is_visible()
    page.goto("/")
    assert page.locator("tr", has_text="example.com/forged").count() == 0
