"""The browser extension (clients/extension/) in Debian's Chromium against a running stack.

The unpacked extension, assembled by clients/extension/build, is loaded into a persistent
profile (extensions need one) with --load-extension; Chromium's headless mode runs
extensions. Its options take the stack's admin and a key; the popup shortens a page served
on loopback and the short URL redirects at the edge; the context-menu path shortens a
link; errors from the API are said plainly. Screenshots go to tests/screenshots/.
"""

from __future__ import annotations

import http.server
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.accounts import Account, create_account
from tests.support.browser import CHROMIUM, CHROMIUM_ARGS, SCREENSHOTS
from tests.support.processes import ROOT
from tests.support.stack import Stack

pytestmark = pytest.mark.browser

BUILD = ROOT / "clients" / "extension" / "build"
POPUP_SIZE = {"width": 420, "height": 760}
ARTICLE = "/articles/hop-extension"
LINKED = "https://example.com/linked-from-the-article"


class _Pages(http.server.BaseHTTPRequestHandler):
    """A page with a link on it: what a person shortens."""

    def do_GET(self) -> None:
        body = (
            "<!doctype html><html lang=en><head><title>An article</title></head><body>"
            f"<h1>An article</h1><p><a id=linked href='{LINKED}'>A link</a></p></body></html>"
        ).encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    """A loopback web site, named `localhost` (not the edge's 127.0.0.1: Hop refuses
    destinations on its own short host)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Pages)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://localhost:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def unpacked(tmp_path_factory: pytest.TempPathFactory, web: Stack, site: str) -> Path:
    """The extension built with the admin's and the site's hosts granted at install: a
    test cannot answer the permission prompt the options page raises, nor press the
    toolbar button that grants `activeTab` (which lets the popup read the tab's address)."""
    out = tmp_path_factory.mktemp("extension") / "unpacked"
    command: list[str | Path] = [BUILD, "--host", web.admin_url, "--host", site, out]
    subprocess.run(command, check=True, capture_output=True, timeout=60)
    return out


@pytest.fixture
def person(web: Stack) -> Account:
    """A pro account; made before the browser starts (Playwright's loop would be running)."""
    return create_account(web.database_url)


@pytest.fixture
def browser(unpacked: Path, tmp_path: Path, person: Account) -> Iterator[tuple[Any, str]]:
    """A Chromium with the extension loaded, and the extension's id."""
    from playwright.sync_api import sync_playwright  # noqa: PLC0415 - may be missing

    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / "profile"),
            executable_path=str(CHROMIUM),
            headless=True,
            args=[
                *CHROMIUM_ARGS,
                f"--disable-extensions-except={unpacked}",
                f"--load-extension={unpacked}",
            ],
        )
        context.set_default_timeout(15_000)
        try:
            workers = context.service_workers
            worker = workers[0] if workers else context.wait_for_event("serviceworker")
            yield context, worker.url.split("/")[2]
        finally:
            context.close()


def _shoot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"extension-{name}.png"), full_page=True)


def _configure(context: Any, extension_id: str, admin_url: str, key: str) -> Any:
    options = context.new_page()
    options.goto(f"chrome-extension://{extension_id}/options.html")
    options.wait_for_selector("body[data-ready='true']")  # the saved settings are filled in
    options.fill("#admin-url", admin_url)
    options.fill("#api-key", key)
    options.click("#save")
    return options


def _saved(options: Any) -> None:
    """Wait for the options to be saved, failing with what the page says otherwise."""
    options.wait_for_selector("#status:has-text('accepted the key'), #problem:not([hidden])")
    assert options.locator("#problem").is_hidden(), options.inner_text("#problem")


def test_options_popup_and_redirect(
    browser: tuple[Any, str], person: Account, web: Stack, site: str
) -> None:
    context, extension_id = browser
    account = person

    options = _configure(context, extension_id, web.admin_url, account.live_key)
    _saved(options)
    _shoot(options, "options")

    article = context.new_page()
    article.goto(site + ARTICLE)
    tab_id = _tab_id(context, extension_id, site + ARTICLE)

    popup = context.new_page()
    popup.set_viewport_size(POPUP_SIZE)
    popup.goto(f"chrome-extension://{extension_id}/popup.html?tab={tab_id}")
    popup.wait_for_selector("body[data-ready='true']")
    assert popup.locator("#problem").is_hidden(), popup.locator("#problem").inner_text()
    short_url = popup.input_value("#short-url")
    assert short_url.startswith(web.edge_url + "/")
    popup.wait_for_selector("#qr-figure:not([hidden])")
    assert popup.evaluate("document.getElementById('qr').naturalWidth") > 0
    _shoot(popup, "popup")

    # The link redirects at the edge.
    answer = httpx.get(short_url, follow_redirects=False, timeout=10)
    assert answer.status_code == 302
    assert answer.headers["location"] == site + ARTICLE

    # Alias and tags; the recent list shows the link under its new name.
    alias = f"ext-{account.user_id[-8:].lower()}"
    popup.fill("#alias", alias)
    popup.fill("#tags", "reading, later")
    popup.click("#save")
    popup.wait_for_selector("#status:has-text('Saved')")
    assert popup.input_value("#short-url") == f"{web.edge_url}/{alias}"
    recent = popup.locator("#recent li a").all_inner_texts()
    assert recent[0] == f"{web.edge_url}/{alias}"
    _shoot(popup, "popup-saved")
    with web.api() as api:
        links = api.get("/v1/links", headers=account.headers()).json()["data"]
    assert [(link["shortCode"], link["tags"]) for link in links] == [(alias, ["reading", "later"])]
    moved = httpx.get(f"{web.edge_url}/{alias}", follow_redirects=False, timeout=10)
    assert (moved.status_code, moved.headers["location"]) == (302, site + ARTICLE)

    # Opening it again on the same page shows the same link, not a new one.
    popup.reload()
    popup.wait_for_selector("body[data-ready='true']")
    assert popup.input_value("#short-url") == f"{web.edge_url}/{alias}"

    # An alias another link has: Hop's refusal, in words.
    taken = f"{alias}-taken"
    with web.api() as api:
        made = api.post(
            "/v1/links",
            json={"longUrl": "https://example.com/taken", "alias": taken},
            headers=account.headers(),
        )
        assert made.status_code == 201, made.text
    popup.fill("#alias", taken)
    popup.click("#save")
    popup.wait_for_selector("#problem:not([hidden])")
    refusal = popup.inner_text("#problem")
    assert refusal.startswith("Hop refused"), refusal
    assert "alias" in refusal, refusal
    assert not refusal.endswith(".."), refusal
    _shoot(popup, "popup-refused")


def _tab_id(context: Any, extension_id: str, url: str) -> int:
    """The id of the tab showing ``url``, asked of the extension's own page."""
    options = context.new_page()
    options.goto(f"chrome-extension://{extension_id}/options.html")
    tab_id = options.evaluate(
        "async (url) => (await chrome.tabs.query({})).find((tab) => tab.url === url)?.id", url
    )
    options.close()
    assert isinstance(tab_id, int), "no tab shows the page"
    return tab_id


def test_context_menu_shortens_a_link(
    browser: tuple[Any, str], person: Account, web: Stack, site: str
) -> None:
    context, extension_id = browser
    account = person
    _saved(_configure(context, extension_id, web.admin_url, account.live_key))
    article = context.new_page()
    article.goto(site + ARTICLE)
    tab_id = _tab_id(context, extension_id, site + ARTICLE)
    worker = context.service_workers[0]
    # What the menu item does with the link clicked on the page in that tab.
    outcome = worker.evaluate("([url, tab]) => shortenFromMenu(url, tab)", [LINKED, tab_id])
    assert "error" not in outcome, outcome
    assert outcome["copied"] is True
    answer = httpx.get(outcome["shortUrl"], follow_redirects=False, timeout=10)
    assert (answer.status_code, answer.headers["location"]) == (302, LINKED)
    # The toolbar button says so on that tab.
    badge = worker.evaluate(
        """async (tabId) => [await chrome.action.getBadgeText({tabId}),
                             await chrome.action.getTitle({tabId})]""",
        tab_id,
    )
    assert badge == ["✓", f"Hop: {outcome['shortUrl']} copied"]
    refused = worker.evaluate("(url) => shortenFromMenu(url)", "ftp://example.com/file")
    assert refused == {"error": "Only http and https links can be shortened."}


def test_errors_are_said_plainly(browser: tuple[Any, str], web: Stack, site: str) -> None:
    context, extension_id = browser
    options = _configure(context, extension_id, web.admin_url, "svc_live_" + "x" * 32)
    options.wait_for_selector("#problem:not([hidden])")
    assert options.inner_text("#problem") == "Hop did not accept this API key: nothing was saved."
    _shoot(options, "options-refused")

    popup = context.new_page()
    popup.set_viewport_size(POPUP_SIZE)
    popup.goto(f"chrome-extension://{extension_id}/popup.html")
    popup.wait_for_selector("body[data-ready='true']")
    assert popup.inner_text("#problem") == (
        "Set your Hop address and API key in the extension's options first."
    )
    assert popup.locator("#open-options").is_visible()
    assert popup.locator("#recent-section").is_hidden()
    _shoot(popup, "popup-not-configured")
