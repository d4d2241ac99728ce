"""Many links at once in headless Chromium: the selection toolbar with JavaScript on
(all on the page ticks every row, the count said), tags added and links deleted after
the confirmation page; a CSV import with bad rows and its result table; the same
selection with JavaScript off. Each view is scanned (axe) and photographed in
tests/screenshots/, the toolbar and the result table also on their own at 390 px."""

from __future__ import annotations

import secrets
from typing import Any

import httpx
import pytest

from tests.browser.steps import new_account, sign_in
from tests.support.accounts import Account
from tests.support.browser import PHONE, SCREENSHOTS, check_page
from tests.support.stack import Stack

pytestmark = pytest.mark.browser


def _make_links(web: Stack, account: Account, count: int) -> list[dict[str, Any]]:
    run = secrets.token_hex(3)
    made = []
    with httpx.Client(base_url=web.admin_url, timeout=10) as api:
        for n in range(count):
            answer = api.post(
                "/v1/links",
                json={"longUrl": f"https://bulk.example/{run}/{n}", "tags": ["launch"]},
                headers=account.headers(),
            )
            assert answer.status_code == 201, answer.text
            made.append(answer.json())
    return made


def _shoot_at_phone_width(page: Any, selector: str, name: str) -> None:
    """The element alone, at 390 px wide (the full pages are in check_page's shots)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size(PHONE)
    page.locator(selector).screenshot(path=str(SCREENSHOTS / f"{name}-phone-element.png"))
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{name}: the page scrolls sideways ({width} px)"
    page.set_viewport_size({"width": 1280, "height": 800})


def test_the_selection_toolbar_tags_and_deletes_links(page: Any, web: Stack) -> None:
    found: dict[str, Any] = {}
    account = new_account(web)
    links = _make_links(web, account, 3)
    sign_in(page, account.email)
    page.goto("/")
    rows = page.locator("input[data-select-row]")
    assert rows.count() == 3
    page.get_by_label("All 3 links on this page").check()
    assert all(rows.nth(n).is_checked() for n in range(3))
    assert page.locator("#selected-count").inner_text() == "3 links selected."
    rows.first.uncheck()  # one unticked: no longer all of them
    assert not page.get_by_label("All 3 links on this page").is_checked()
    assert page.locator("#selected-count").inner_text() == "2 links selected."
    page.get_by_label("Tags to add or remove").fill("spring")
    found.update(check_page(page, "links-selection"))
    _shoot_at_phone_width(page, "#selection", "links-selection-toolbar")

    page.get_by_role("button", name="Add tags").click()
    page.wait_for_load_state("load")
    assert page.get_by_role("heading", name="Tagged 2 of 2 links").is_visible()
    found.update(check_page(page, "links-bulk-result"))

    page.get_by_role("link", name="Back to the links").click()
    page.get_by_label("All 3 links on this page").check()
    page.get_by_role("button", name="Delete…").click()
    page.wait_for_load_state("load")
    assert page.get_by_role("heading", name="Delete 3 links?").is_visible()
    found.update(check_page(page, "links-bulk-delete"))
    page.get_by_role("button", name="Delete 3 links").click()
    page.wait_for_load_state("load")
    assert page.get_by_role("heading", name="Deleted 3 of 3 links").is_visible()
    page.goto("/")
    assert all(link["id"] not in page.content() for link in links)

    _make_links(web, account, 1)
    page.reload()
    page.get_by_role("button", name="Archive").click()  # nothing ticked
    page.wait_for_load_state("load")
    assert page.locator("#bulk-error").is_visible()
    found.update(check_page(page, "links-selection-error"))
    assert not found, found


def test_a_csv_import_shows_its_result_table(page: Any, web: Stack, tmp_path: Any) -> None:
    found: dict[str, Any] = {}
    account = new_account(web)
    sign_in(page, account.email)
    page.goto("/")
    page.get_by_role("link", name="Import links from a CSV file").click()
    page.wait_for_url("**/links/import")
    found.update(check_page(page, "links-import"))
    run = secrets.token_hex(3)
    file = tmp_path / "links.csv"
    file.write_text(
        "longUrl,alias,tags\r\n"
        f"https://bulk.example/{run}/a,imp{run},one|two\r\n"
        "not a url,,\r\n"
        f"https://bulk.example/{run}/a-rather-long-destination/with/many/parts?and=a&query=string,,\r\n"
        f"https://bulk.example/{run}/c,imp{run},\r\n"
    )
    page.get_by_label("CSV file").set_input_files(str(file))
    page.get_by_role("button", name="Import", exact=True).click()
    page.wait_for_load_state("load")
    assert page.get_by_role("status").filter(has_text="2 of 4 rows became links.").is_visible()
    assert page.locator("#import-row-2").get_by_text("longUrl").is_visible()
    found.update(check_page(page, "links-import-result"))
    _shoot_at_phone_width(page, ".import-result", "links-import-result-table")

    page.goto("/links/import")
    bad = tmp_path / "bad.csv"
    bad.write_text("url\r\nhttps://bulk.example/x\r\n")
    page.get_by_label("CSV file").set_input_files(str(bad))
    page.get_by_role("button", name="Import", exact=True).click()
    page.wait_for_load_state("load")
    assert page.locator("#file-error").is_visible()
    found.update(check_page(page, "links-import-error"))
    assert not found, found


def test_the_selection_works_without_javascript(no_js_page: Any, web: Stack) -> None:
    page = no_js_page
    account = new_account(web)
    links = _make_links(web, account, 2)
    sign_in(page, account.email)
    page.goto("/")
    page.get_by_label("All 2 links on this page").check()
    page.get_by_role("button", name="Archive").click()
    page.wait_for_load_state("load")
    assert page.get_by_role("heading", name="Archived 2 of 2 links").is_visible()
    page.goto("/?archived=1")
    assert all(link["id"] in page.content() for link in links)
