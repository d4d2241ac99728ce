"""The dashboard's end-to-end flows in headless Chromium, JavaScript on."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.steps import (
    create_link,
    htmx_settled,
    mail_link,
    new_account,
    secret_shown,
    sign_in,
    sign_up,
    verify,
    visit,
)
from tests.support.hooks import delivered
from tests.support.qr import decode_png
from tests.support.receiver import Receiver
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


def test_a_visit_at_the_edge_shows_on_the_analytics_page_and_in_its_csv(
    page: Any, web: Stack
) -> None:
    account = new_account(web)
    sign_in(page, account.email)
    short_url = create_link(page, "https://example.com/analysed")
    visit(short_url)
    page.locator("tr", has_text="example.com/analysed").get_by_role(
        "link", name="Analytics"
    ).click()
    page.get_by_role("heading", name="Clicks over time").wait_for()

    def counted() -> bool:
        page.reload()
        return bool(page.locator(".totals dd").first.inner_text() == "1")

    wait_until(counted, timeout=30, every=0.5, message="the click never reached the page")
    chart = page.get_by_role("img", name="Clicks per day over the last 30 days")
    assert "1 in all" in str(chart.get_attribute("aria-label"))
    devices = page.locator("section", has=page.get_by_role("heading", name="Devices"))
    assert "desktop" in devices.locator("table").inner_text()
    marker = page.evaluate("() => (window.__stayed = true)")
    assert marker
    page.get_by_label("Period").select_option("7")  # htmx swaps the numbers in place
    page.get_by_role("img", name="Clicks per day over the last 7 days").wait_for()
    assert page.evaluate("() => window.__stayed === true")
    assert "days=7" in page.url

    with page.expect_download() as download:
        page.get_by_role("link", name="Download CSV").click()
    rows = Path(download.value.path()).read_text().splitlines()
    assert rows[0] == "section,key,clicks"
    assert "total,clicks,1" in rows
    today = datetime.now(UTC).date().isoformat()
    assert f"day,{today},1" in rows


def test_a_webhook_registered_on_its_page_logs_its_deliveries(page: Any, web: Stack) -> None:
    account = new_account(web)
    sign_in(page, account.email)
    receiver = Receiver()
    try:
        page.goto("/webhooks")
        page.get_by_label("Endpoint URL").fill(f"{receiver.url}/hooks")
        page.get_by_role("button", name="Register").click()
        secret = secret_shown(page)
        assert secret.startswith("whsec_")
        receiver.secrets.append(secret)
        page.reload()
        assert page.locator("#new-secret").count() == 0  # shown once

        create_link(page, "https://example.com/announced")  # a link.created event
        page.goto("/webhooks")
        page.get_by_role("link", name=f"{receiver.url}/hooks").click()

        def logged() -> bool:
            page.reload()
            return bool(page.locator("tr", has_text="link.created").count() > 0)

        wait_until(logged, timeout=30, every=0.5, message="the delivery never showed in the log")
        row = page.locator("tr", has_text="link.created")
        assert "Delivered (200)" in row.inner_text()
        assert delivered(receiver, "link.created", 1)[0]["longUrl"] == (
            "https://example.com/announced"
        )

        row.get_by_role("button", name="Redeliver").click()
        page.get_by_role("status").filter(has_text="sent again").wait_for()
        wait_until(lambda: len(receiver.wait_for(0, 0)) >= 2, timeout=30, message="no redelivery")
        page.get_by_role("button", name="Send a test event").click()
        delivered(receiver, "webhook.test", 1)
    finally:
        receiver.close()


def test_the_qr_designer_previews_as_you_type_and_downloads(page: Any, web: Stack) -> None:
    account = new_account(web)
    sign_in(page, account.email)
    page.goto("/qr/new")
    marker = page.evaluate("() => (window.__stayed = true)")
    assert marker
    page.get_by_label("Type").select_option("text")  # htmx: the form for the type
    page.get_by_label("Text", exact=True).wait_for()
    htmx_settled(page)
    page.get_by_label("Text", exact=True).fill("Hello from the designer")
    preview = page.get_by_role("img", name="Preview of the QR code")
    preview.wait_for()
    first = preview.get_attribute("src")
    page.get_by_label("Error correction").select_option("H")
    wait_until(lambda: preview.get_attribute("src") != first, timeout=10)
    assert page.evaluate("() => window.__stayed === true")  # previews swapped in place

    page.get_by_label("Title (optional)").fill("Greeting")
    page.get_by_role("button", name="Create the code").click()
    page.get_by_role("heading", name="QR code Greeting").wait_for()
    with page.expect_download() as download:
        page.get_by_role("link", name="Download PNG").click()
    png = Path(download.value.path()).read_bytes()
    assert decode_png(png) == ["Hello from the designer"]
    with page.expect_download() as pdf:
        page.get_by_role("link", name="Download PDF").click()
    assert Path(pdf.value.path()).read_bytes().startswith(b"%PDF")


def test_the_bio_editor_previews_saves_and_the_edge_serves_it(page: Any, web: Stack) -> None:
    account = new_account(web)
    sign_in(page, account.email)
    name = "ada" + account.user_id[-8:].lower()
    page.goto("/bio")
    page.get_by_label("Username").fill(name)
    page.get_by_label("Display name").fill("Ada Lovelace")
    page.get_by_label("Button 1 title").fill("Notes")
    page.get_by_label("Button 1 URL").fill("https://example.com/notes")
    frame = page.frame_locator("iframe[name=bio-preview]")
    frame.get_by_role("heading", name="Ada Lovelace").wait_for()  # live, before saving
    assert frame.get_by_role("link", name="Notes").get_attribute("href") == (
        "https://example.com/notes"
    )
    page.get_by_role("button", name="Publish").click()
    page.get_by_role("status").filter(has_text="published").wait_for()

    with httpx.Client(timeout=10) as client:
        served = client.get(f"{web.edge_url}/@{name}")
    assert served.status_code == 200
    assert "Ada Lovelace" in served.text
    assert ">Notes</a>" in served.text
