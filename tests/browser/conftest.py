"""The browser tests' stack and browser.

One private-database stack (tests/support/stack.py) with an admin, an edge and a
worker, its e-mails going to a loopback SMTP sink (tests/support/smtp.py), and one
headless Chromium (tests/support/browser.py); each test gets a
fresh browser context (its own cookies) at desktop size; each module a browser.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    DESKTOP,
    SCREENSHOTS,
    why_no_browser,
)
from tests.support.fakes.stores import FakeShopify
from tests.support.hooks import HOOK_SETTINGS
from tests.support.smtp import SmtpSink
from tests.support.stack import Stack

_MISSING = why_no_browser()

if _MISSING is not None:
    _REASON: str = _MISSING

    # Collected, then skipped with the reason (every test here is marked `browser`).
    def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
        for item in items:
            if item.get_closest_marker("browser"):
                item.add_marker(pytest.mark.skip(reason=_REASON))


# Dashboard pages count against the account's limit: the test environment's free-plan
# limit (8 a minute, for the rate-limit tests) is too tight for a person clicking around.
WEB_SETTINGS = {"HOP_LIMIT_FREE_PER_MINUTE": "100000", "HOP_LOGIN_FREE_FAILURES": "50"}


@pytest.fixture(scope="session")
def smtp_sink() -> Iterator[SmtpSink]:
    sink = SmtpSink()
    yield sink
    sink.close()


@pytest.fixture(scope="session")
def shopify() -> Iterator[FakeShopify]:
    """A fake Shopify on loopback (tests/support/fakes/stores.py) for the store pages."""
    fake = FakeShopify()
    yield fake
    fake.close()


@pytest.fixture(scope="session")
def web(
    work_dir: Path, postgres_url: str, smtp_sink: SmtpSink, shopify: FakeShopify
) -> Iterator[Stack]:
    """Admin, edge and worker on a database of their own; mail to the SMTP sink; stores
    at the fake Shopify; webhook deliveries retried quickly."""
    if _MISSING is not None:
        pytest.skip(_MISSING)
    root = work_dir / "browser"
    root.mkdir()
    stack = Stack.private_database(
        root,
        postgres_url,
        HOP_SMTP_URL=smtp_sink.url,
        HOP_SHOPIFY_API_URL=f"{shopify.url}/{{shop}}",
        HOP_SHOPIFY_API_KEY="client-id-browser",
        HOP_SHOPIFY_API_SECRET="shpss_Bw7rT9zK2mX4vB8nL3pJ6hF1",
        **WEB_SETTINGS,
        **HOOK_SETTINGS,
    )
    try:
        stack.start_admin()
        stack.start_worker()
        stack.start_edge()
        yield stack
    finally:
        stack.close()


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """One browser per module: Playwright's synchronous API runs an event loop in this
    thread while it is started, and tests after these ones (asyncio.run) need it gone."""
    if _MISSING is not None:
        pytest.skip(_MISSING)
    from playwright.sync_api import sync_playwright  # noqa: PLC0415 - may be missing

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        yield browser
        browser.close()


def _context(chromium: Any, web: Stack, **options: Any) -> Iterator[Any]:
    # bypass_csp: the accessibility scan injects axe-core, which the pages' policy
    # (scripts from the admin only) would rightly refuse.
    context = chromium.new_context(
        base_url=web.admin_url, viewport=DESKTOP, bypass_csp=True, **options
    )
    context.set_default_timeout(15_000)
    yield context
    context.close()


@pytest.fixture
def context(chromium: Any, web: Stack) -> Iterator[Any]:
    yield from _context(chromium, web)


_FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if report.when == "call" and report.failed:
        item.stash[_FAILED] = True
    return report


@pytest.fixture
def page(context: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A page; when the test fails, a screenshot of it goes to tests/screenshots/failed/."""
    tab = context.new_page()
    yield tab
    if request.node.stash.get(_FAILED, False):
        SCREENSHOTS.joinpath("failed").mkdir(parents=True, exist_ok=True)
        tab.screenshot(
            path=str(SCREENSHOTS / "failed" / f"{request.node.name}.png"), full_page=True
        )


@pytest.fixture
def no_js_page(chromium: Any, web: Stack) -> Iterator[Any]:
    """A page with JavaScript off: the core flows must work with plain forms."""
    for context in _context(chromium, web, java_script_enabled=False):
        yield context.new_page()
