"""Every page of the dashboard (part A): no serious or critical accessibility finding
(axe-core, WCAG 2.x A/AA and best practices) at desktop and phone widths and in the
dark colour scheme, and a screenshot of each view in tests/screenshots/ to look at."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.browser.steps import create_link, new_account, sign_in, sign_up
from tests.support.browser import axe_findings, check_page
from tests.support.stack import Stack
from tests.support.web import new_email

pytestmark = pytest.mark.browser


def _check(page: Any, name: str, found: dict[str, Any]) -> None:
    found.update(check_page(page, name))


def _submit(page: Any, button: str) -> bool:
    page.get_by_role("button", name=button).click()
    page.wait_for_load_state("load")
    return True


def test_every_page_is_accessible_and_photographed(context: Any, web: Stack) -> None:
    found: dict[str, Any] = {}
    page = context.new_page()
    anonymous: list[tuple[str, str, Callable[[], object] | None]] = [
        ("login", "/login", None),
        (
            "login-error",
            "/login",
            lambda: (
                page.get_by_label("E-mail").fill("nobody@example.com"),
                page.get_by_label("Password").fill("wrong password"),
                _submit(page, "Sign in"),
            ),
        ),
        ("signup", "/signup", None),
        (
            "signup-error",
            "/signup",
            lambda: (
                page.get_by_label("E-mail").fill("not-an-address"),
                _submit(page, "Create account"),
            ),
        ),
        ("signup-sent", "/signup/sent", None),
        ("forgot", "/forgot", None),
        ("forgot-sent", "/forgot/sent", None),
        ("verify", "/verify?token=example", None),
        ("verify-invalid", "/verify?token=example", lambda: _submit(page, "Confirm my address")),
        ("reset", "/reset?token=example", None),
        (
            "reset-error",
            "/reset?token=example",
            lambda: (
                page.get_by_label("New password", exact=True).fill("short"),
                _submit(page, "Set the password"),
            ),
        ),
        ("not-found", "/no-such-page", None),
    ]
    for name, path, action in anonymous:
        page.goto(path)
        if action:
            action()
        _check(page, name, found)

    unverified = new_email()
    sign_up(page, unverified)
    sign_in(page, unverified)
    _check(page, "links-unverified", found)
    page.get_by_role("button", name="Sign out").click()

    account = new_account(web)
    sign_in(page, account.email)
    create_link(page, "https://example.com/a/rather/long/destination/path?with=query&and=more")
    short_url = create_link(
        page, "https://example.com/tagged", alias="tagged-" + account.user_id[-6:]
    )
    page.goto("/")
    page.get_by_label("Destination URL").fill("https://example.com/x")
    if page.locator("details:has(#tags)").get_attribute("open") is None:
        page.locator("details:has(#tags) summary").click()
    page.get_by_label("Tags (optional)").fill("spring, launch")
    _submit(page, "Create link")
    page.locator("tr", has_text=short_url.split("://")[1]).locator("summary").click()
    _check(page, "links", found)

    page.get_by_label("Destination URL").fill("ftp://example.com")
    _submit(page, "Create link")
    _check(page, "links-error", found)

    page.goto("/")
    page.locator("tr", has_text="example.com/tagged").get_by_role("link", name="Edit").click()
    _check(page, "link-edit", found)
    page.get_by_label("Short code").fill("x")
    _submit(page, "Save")
    _check(page, "link-edit-error", found)
    page.goto("/")
    page.goto(
        page.locator("tr", has_text="example.com/tagged")
        .get_by_role("link", name="Delete")
        .get_attribute("href")
    )
    _check(page, "link-delete", found)

    page.goto("/account")
    _check(page, "account", found)
    page.get_by_label("Current password").fill("not it")
    page.get_by_label("New password", exact=True).fill("another passphrase")
    page.get_by_label("Repeat the new password").fill("another passphrase")
    _submit(page, "Change password")
    _check(page, "account-error", found)

    page.goto("/keys")
    _check(page, "keys-empty", found)
    page.get_by_label("Name (optional)").fill("deploys")
    _submit(page, "Create key")
    _check(page, "keys-created", found)
    page.get_by_label("Name (optional)").fill("x")
    for box in page.locator("input[name=scopes]").all():
        box.uncheck()
    _submit(page, "Create key")
    _check(page, "keys-error", found)

    page.goto("/")
    _submit(page, "Switch to sandbox")
    _check(page, "links-sandbox", found)
    _submit(page, "Leave the sandbox")

    page.goto("/logout")
    _check(page, "logout", found)

    page.goto("/")
    page.evaluate(
        "() => document.querySelectorAll('input[name=csrf_token]').forEach(i => i.remove())"
    )
    page.get_by_label("Destination URL").fill("https://example.com/forged")
    _submit(page, "Create link")
    _check(page, "csrf-refused", found)

    assert not found, found


def test_the_scan_finds_a_real_problem(page: Any, web: Stack) -> None:
    """The scan is not blind: a field without a label on our own page is reported."""
    page.goto("/login")
    assert axe_findings(page) == []
    page.evaluate(
        "() => { const i = document.createElement('input'); i.type = 'text';"
        " document.querySelector('form').appendChild(i);"
        " document.querySelector('label[for=email]').style.color = '#eee'; }"
    )
    rules = {finding["rule"] for finding in axe_findings(page)}
    assert {"label", "color-contrast"} <= rules
