"""The workspace's analytics page in Chromium: reached from the navigation, accessible and
photographed (desktop, 390 px phone, dark), and its live panel showing a click at the edge
without a reload; with JavaScript off the panel says it needs it."""

from __future__ import annotations

from typing import Any

import pytest

from common.keys import live_slots_key
from common.redis_store import connect_sync
from tests.browser.steps import create_link, new_account, sign_in, visit
from tests.support.browser import check_page
from tests.support.stack import Stack
from tests.support.waiting import wait_until

pytestmark = pytest.mark.browser

IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1"


def test_a_click_appears_on_the_live_panel_without_a_reload(page: Any, web: Stack) -> None:
    account = new_account(web)
    sign_in(page, account.email)
    short_url = create_link(page, "https://example.com/watched/live")
    visit(short_url)  # a click before the page opens: in the figures, not on the panel
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Analytics").click()
    page.get_by_role("heading", name="Analytics", level=1).wait_for()

    def counted() -> bool:
        page.reload()
        return bool(page.locator("[data-total=total]").inner_text() == "1")

    wait_until(counted, timeout=30, every=0.5, message="the click never reached the page")
    status = page.locator("[data-live-status]")
    wait_until(
        lambda: status.inner_text().startswith("Live:"),
        timeout=15,
        every=0.2,
        message="the live stream never opened",
    )
    assert page.locator("tbody[data-live-rows] tr[data-link-id]").count() == 0
    page.evaluate("() => (window.__stayed = true)")

    visit(short_url, IPHONE)
    code = short_url.rsplit("/", 1)[1]
    row = page.locator("tbody[data-live-rows] tr[data-link-id]").first
    row.wait_for(timeout=30_000)
    assert page.evaluate("() => window.__stayed === true")  # no reload
    cells = row.locator("td").all_inner_texts()
    assert cells[1] == code
    assert cells[3] == "mobile · iOS"
    assert cells[5] == "direct"
    assert cells[6] == "no"
    assert page.get_by_text("No clicks since this page opened.").count() == 0

    found = check_page(page, "account-analytics-live")
    assert not found, found

    # Leaving the page closes the stream: its slot is free again (not held until the
    # lease lapses), so five pages left behind never lock the workspace out.
    slots = connect_sync(web.redis_url)
    try:
        key = live_slots_key(account.workspace_id)
        assert slots.zcard(key) == 1
        page.get_by_role("navigation", name="Main").get_by_role("link", name="Links").click()
        wait_until(
            lambda: slots.zcard(key) == 0,
            timeout=10,
            every=0.2,
            message="the live stream's slot was never freed",
        )
    finally:
        slots.close()


def test_without_javascript_the_page_shows_its_figures_and_says_the_panel_needs_it(
    no_js_page: Any, web: Stack
) -> None:
    account = new_account(web)
    sign_in(no_js_page, account.email)
    no_js_page.goto("/analytics?days=7")
    assert "when JavaScript is on" in no_js_page.locator("[data-live-status]").inner_text()
    no_js_page.get_by_label("Period").select_option("90")
    no_js_page.get_by_role("button", name="Show", exact=True).click()
    no_js_page.wait_for_url("**/analytics?days=90**")
    assert no_js_page.get_by_role("img", name="Clicks per day over the last 90 days").count()
