"""The core flows with JavaScript off: plain forms that post and redirect."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.browser.steps import create_link, new_account, secret_shown, sign_in
from tests.support.stack import Stack

pytestmark = pytest.mark.browser


def test_links_keys_and_sign_out_work_without_javascript(no_js_page: Any, web: Stack) -> None:
    page = no_js_page
    account = new_account(web)
    sign_in(page, account.email)
    short_url = create_link(page, "https://example.com/no-js", alias="nojs-" + account.user_id[-6:])
    assert short_url.endswith("/nojs-" + account.user_id[-6:])
    create_link(page, "https://example.com/other")
    # The copy buttons need a script: without one they stay hidden, the URL is there to select.
    assert page.get_by_role("button", name=f"Copy {short_url}").count() == 0

    page.get_by_label("Search").fill("no-js")
    page.get_by_role("button", name="Search").click()
    page.wait_for_url("**/?q=no-js*")
    results = page.locator("#link-results").inner_text()
    assert "example.com/no-js" in results
    assert "example.com/other" not in results

    row = page.locator("tr", has_text="example.com/no-js")
    row.get_by_role("link", name="Edit").click()
    page.get_by_label("Destination URL").fill("https://example.com/no-js-edited")
    page.get_by_role("button", name="Save").click()
    page.wait_for_url(lambda url: url.endswith("/"))
    assert page.get_by_text("example.com/no-js-edited").is_visible()

    page.locator("tr", has_text="no-js-edited").get_by_role("link", name="Delete").click()
    page.get_by_role("button", name="Delete the link").click()  # the confirmation page
    assert page.locator("tr", has_text="no-js-edited").count() == 0

    page.goto("/keys")
    page.get_by_role("button", name="Create key").click()
    key = secret_shown(page)
    with httpx.Client(base_url=web.admin_url, timeout=10) as api:
        response = api.get("/v1/links", headers={"Authorization": f"Bearer {key}"})
    assert response.status_code == 200

    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url("**/login?notice=signed-out")


def test_a_bad_form_shows_its_errors_without_javascript(no_js_page: Any, web: Stack) -> None:
    page = no_js_page
    account = new_account(web)
    sign_in(page, account.email)
    page.get_by_label("Destination URL").fill("not a url")
    page.get_by_role("button", name="Create link").click()
    summary = page.get_by_role("alert")
    assert "There is a problem" in summary.inner_text()
    field = page.get_by_label("Destination URL")
    assert field.get_attribute("aria-invalid") == "true"
    described = (field.get_attribute("aria-describedby") or "").split()
    assert "longUrl-error" in described
    assert page.locator("#longUrl-error").inner_text().strip()


def test_the_qr_designer_bio_editor_and_webhooks_work_without_javascript(
    no_js_page: Any, web: Stack
) -> None:
    page = no_js_page
    account = new_account(web)
    sign_in(page, account.email)

    page.goto("/qr/new")
    page.get_by_label("Type").select_option("phone")
    page.get_by_role("button", name="Choose the type").click()  # a GET form, no htmx
    page.get_by_label("Number").fill("+4930123456")
    page.get_by_role("button", name="Preview").click()  # the page again, with the preview
    assert page.get_by_role("img", name="Preview of the QR code").is_visible()
    page.get_by_role("button", name="Create the code").click()
    page.get_by_role("link", name="Download SVG").wait_for()
    assert "tel:+4930123456" in page.locator("dl").inner_text()

    name = "nojs" + account.user_id[-8:].lower()
    page.goto("/bio")
    page.get_by_label("Username").fill(name)
    page.get_by_label("Display name").fill("No Script")
    page.get_by_role("button", name="Preview").click()  # posts into the preview frame
    frame = page.frame_locator("iframe[name=bio-preview]")
    frame.get_by_role("heading", name="No Script").wait_for()
    page.get_by_role("button", name="Publish").click()
    page.get_by_role("status").filter(has_text="published").wait_for()
    with httpx.Client(timeout=10) as client:
        assert client.get(f"{web.edge_url}/@{name}").status_code == 200

    page.goto("/webhooks")
    page.get_by_label("Endpoint URL").fill("https://127.0.0.1:9/hooks")
    page.get_by_role("button", name="Register").click()
    assert secret_shown(page).startswith("whsec_")
    page.get_by_role("button", name="Send a test event").click()
    page.get_by_role("status").filter(has_text="webhook.test event is queued").wait_for()
