"""What a new user tripped on (issue 31, point 8), in Chromium where it is visual or
needs JavaScript: each view scanned (axe) and photographed at desktop and phone widths."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.steps import new_account, sign_in
from tests.support.browser import check_page
from tests.support.stack import Stack

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
