"""The imports pages in headless Chromium, JavaScript on: the form shows the chosen
source's fields only, a refusal is shown at its field, and a Bitly import (the loopback
stand-in, tests/support/fakes/bitly.py) started from the form is followed on its page
by the live progress bar until it is done, without a reload. Each view is scanned
(axe) and photographed in tests/screenshots/."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.steps import new_account, sign_in
from tests.support.browser import check_page, shoot
from tests.support.fakes.bitly import FakeBitly, GeneratedLinks
from tests.support.stack import Stack

pytestmark = pytest.mark.browser

TOKEN = "bitly-token-browser-5c7e"
LINKS = 1500


@pytest.fixture
def bitly() -> Iterator[FakeBitly]:
    fake = FakeBitly(TOKEN, {"Bg1": GeneratedLinks(LINKS, prefix=f"w{secrets.token_hex(3)}")})
    yield fake
    fake.close()


def _visible_fieldsets(page: Any) -> list[str]:
    found: list[str] = page.evaluate(
        "() => Array.from(document.querySelectorAll('fieldset[data-source]'))"
        ".filter(f => !f.hidden).map(f => f.dataset.source)"
    )
    return found


def test_a_bitly_import_started_on_the_form_is_followed_live_until_done(
    page: Any, web: Stack, bitly: FakeBitly
) -> None:
    found: dict[str, Any] = {}
    account = new_account(web)
    sign_in(page, account.email)
    page.get_by_role("link", name="Import", exact=True).click()
    page.wait_for_url("**/imports")
    assert _visible_fieldsets(page) == ["bitly"]  # the script shows the chosen one only
    found.update(check_page(page, "imports"))

    page.get_by_label("Import from").select_option("shlink")
    assert _visible_fieldsets(page) == ["shlink"]
    page.get_by_label("Shlink API key").fill("a-shlink-key")
    page.get_by_label("Shlink server address").fill("http://10.1.2.3/")
    page.get_by_role("button", name="Start the import").click()
    page.wait_for_load_state("load")
    error = page.locator("#shlink-baseUrl-error")
    assert error.is_visible()
    assert page.get_by_label("Shlink server address").get_attribute("aria-invalid") == "true"
    assert _visible_fieldsets(page) == ["shlink"]  # the refused source stays chosen
    found.update(check_page(page, "imports-error"))

    page.get_by_label("Import from").select_option("bitly")
    page.get_by_label("Bitly access token").fill(TOKEN)
    page.get_by_label("Bitly API address (optional)").fill(bitly.url)
    page.get_by_role("button", name="Start the import").click()
    page.wait_for_url("**/imports/imp_*")
    # Marks this document: a reload would make a new one without the mark.
    page.evaluate("() => { window.hopSameDocument = true; }")
    assert page.get_by_role("status").filter(has_text="has started").is_visible()
    found.update(check_page(page, "import-running"))

    bar = page.locator("#import-progress")
    page.wait_for_function(
        "() => document.querySelector('[data-field=statusLabel]').textContent === 'Done'",
        timeout=120_000,
    )
    assert page.evaluate("() => window.hopSameDocument") is True  # no reload
    # After the last count the job's section is swapped for the ended one: no controls.
    page.wait_for_function("() => !document.querySelector('#import-job[data-live]')")
    assert page.evaluate("() => window.hopSameDocument") is True
    assert (bar.get_attribute("max"), bar.get_attribute("value")) == (str(LINKS), str(LINKS))
    assert page.locator("[data-field=imported]").inner_text() == f"{LINKS:,}"
    assert page.locator("[data-field=summary]").inner_text() == f"{LINKS:,} of {LINKS:,} links"
    assert page.get_by_role("button", name="Cancel the import").count() == 0
    assert page.get_by_role("link", name="Download the full report").is_visible()
    found.update(check_page(page, "import-done"))

    page.get_by_role("link", name="All imports").click()
    page.wait_for_url("**/imports")
    assert page.locator("table.cards tbody tr").count() == 1
    assert page.locator("table.cards tbody tr").first.get_by_text("Done").is_visible()
    found.update(check_page(page, "imports-list"))

    assert not found, found


def test_without_javascript_every_source_s_fields_show(no_js_page: Any, web: Stack) -> None:
    """The form JavaScript-off: each source's fields in a fieldset of its own, all shown;
    the select says which one the import reads."""
    page = no_js_page
    account = new_account(web)
    sign_in(page, account.email)
    page.goto("/imports")
    assert _visible_fieldsets(page) == [
        "bitly",
        "rebrandly",
        "shortio",
        "shlink",
        "yourls",
        "kutt",
        "csv",
    ]
    shoot(page, "imports-no-javascript")  # axe needs JavaScript: the other test scans
