"""What a new user tripped on (issue 31, point 8), in Chromium where it is visual or
needs JavaScript: each view scanned (axe) and photographed at desktop and phone widths."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.browser.steps import create_link, new_account, sign_in
from tests.e2e.test_safety import WARN_URL
from tests.support.browser import check_page
from tests.support.stack import Stack
from tests.support.waiting import wait_until

pytestmark = pytest.mark.browser


def test_the_store_form_shows_only_the_chosen_platforms_fields(page: Any, web: Stack) -> None:
    account = new_account(web)
    sign_in(page, account.email)
    page.goto("/integrations")
    # The browser tests' stack has the Shopify app configured: its button is offered.
    assert page.get_by_role("button", name="Connect through Shopify").is_visible()
    page.locator("details.more summary").click()
    assert page.get_by_label("Shop (Shopify)").is_visible()
    assert not page.get_by_label("Store address (WooCommerce)").is_visible()
    found = check_page(page, "trips-stores-shopify")
    page.get_by_label("WooCommerce (store address").check()
    assert page.get_by_label("Store address (WooCommerce)").is_visible()
    assert not page.get_by_label("Shop (Shopify)").is_visible()
    found.update(check_page(page, "trips-stores-woocommerce"))
    assert not found, found


BROWSER = "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0"  # a person: charted (bots are not)
LONG_HOST = "weekend-baking.stories.news-of-the-neighbourhood.example.org"
LONG_REFERRER = f"https://{LONG_HOST}/2026/11/sourdough"  # referrers are counted by host


def test_analytics_charts_read_on_a_phone(page: Any, web: Stack) -> None:
    """Whole y ticks (not 0/2/5), a long referrer whole somewhere, ~12 px axis text at
    390 px (it was ~6 px)."""
    account = new_account(web)
    sign_in(page, account.email)
    short_url = create_link(page, "https://example.com/charted")
    with httpx.Client(timeout=10) as client:
        for _ in range(5):
            answer = client.get(
                short_url, headers={"Referer": LONG_REFERRER, "User-Agent": BROWSER}
            )
            assert answer.status_code in (301, 302, 307, 308)
    page.locator("tr", has_text="example.com/charted").get_by_role("link", name="Analytics").click()
    wait_until(
        lambda: (page.reload(), page.locator(".totals dd").first.inner_text() == "5")[1],
        timeout=30,
        every=0.5,
        message="the clicks never reached the analytics page",
    )
    ticks = page.locator("svg.chart:not(.bars) text.axis").all_text_contents()
    assert ticks[:4] == ["0", "2", "4", "6"]
    tables = " ".join(page.locator("table.chart-table").all_text_contents())
    assert LONG_HOST in tables  # whole in the table, and in the bar label's <title>
    assert page.locator("svg.chart.bars title", has_text=LONG_HOST).count() == 1
    found = check_page(page, "trips-analytics")
    page.set_viewport_size({"width": 390, "height": 844})
    for selector in ("svg.chart:not(.bars) text.axis", "svg.chart.bars text.axis"):
        height = page.locator(selector).first.evaluate("t => t.getBoundingClientRect().height")
        assert height >= 11.5, (selector, height)  # drawn text, as the phone shows it
    assert not found, found


def test_a_flagged_links_page_says_why_accessibly(page: Any, web: Stack) -> None:
    account = new_account(web)
    with httpx.Client(base_url=web.admin_url, timeout=10) as api:
        made = api.post("/v1/links", json={"longUrl": WARN_URL}, headers=account.headers())
    assert made.status_code == 201, made.text
    link_id = made.json()["id"]
    sign_in(page, account.email)
    page.get_by_role("link", name="why, and ask for a review").click()
    page.get_by_role("heading", name="This link is flagged").wait_for()
    found = check_page(page, "trips-flagged-link")
    page.get_by_label("If you think this is a mistake").fill("It is my own NAS.")
    page.get_by_role("button", name="Ask for a review").click()
    page.get_by_text("You asked for a review").wait_for()
    assert page.url.endswith(f"/links/{link_id}")
    found.update(check_page(page, "trips-flagged-link-reviewed"))
    assert not found, found
