"""A deep link's page in a real browser (docs/api.md#deep-links): with no app to take the
scheme, an Android visitor ends on the store page after the moment, with and without
JavaScript, and the page's policy lets its one script run (the context keeps the CSP)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.browser.steps import new_account
from tests.support.browser import DESKTOP
from tests.support.clicks import USER_AGENTS
from tests.support.stack import Stack

pytestmark = pytest.mark.browser

STORE = "https://play.google.com/store/apps/details?id=com.example.deep"


def _android(chromium: Any, *, scripts: bool) -> Iterator[tuple[Any, list[str]]]:
    """A phone's browser context (the page's CSP kept), and the store URLs it asked for."""
    context = chromium.new_context(
        viewport=DESKTOP, user_agent=USER_AGENTS["android_chrome"], java_script_enabled=scripts
    )
    context.set_default_timeout(15_000)
    stores: list[str] = []

    def store(route: Any) -> None:  # the store, answered here: no request leaves the machine
        stores.append(route.request.url)
        route.fulfill(status=200, content_type="text/html", body="<title>Store</title>")

    context.route("https://play.google.com/**", store)
    yield context, stores
    context.close()


@pytest.fixture
def android(chromium: Any) -> Iterator[tuple[Any, list[str]]]:
    yield from _android(chromium, scripts=True)


@pytest.fixture
def android_without_scripts(chromium: Any) -> Iterator[tuple[Any, list[str]]]:
    yield from _android(chromium, scripts=False)


def _deep_link(web: Stack) -> str:
    account = new_account(web)
    with httpx.Client(base_url=web.admin_url, timeout=10) as api:
        response = api.post(
            "/v1/links",
            json={
                "longUrl": "https://example.com/web",
                "appUrl": "hopdeeptest://item/42",
                "androidUrl": STORE,
            },
            headers=account.headers(),
        )
    assert response.status_code == 201, response.text
    short_url: str = response.json()["shortUrl"]
    return short_url


@pytest.mark.parametrize("fixture", ["android", "android_without_scripts"])
def test_an_android_visitor_without_the_app_ends_on_the_store(
    fixture: str, web: Stack, request: pytest.FixtureRequest
) -> None:
    context, stores = request.getfixturevalue(fixture)
    short_url = _deep_link(web)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text))
    started = time.monotonic()
    # The page itself (200, not a redirect); with scripts, Chromium holds its load while
    # it tries the app, so goto may return only once the page has moved on.
    answer = page.goto(short_url)
    assert answer.status == 200
    assert answer.url == short_url
    page.wait_for_url(STORE)
    waited = time.monotonic() - started
    assert page.title() == "Store"
    assert stores == [STORE]
    # After the moment, not at once: 1.5 s with the script, 2 s by the meta refresh.
    assert waited >= 1.2
    assert not [error for error in errors if "Content Security Policy" in error]
