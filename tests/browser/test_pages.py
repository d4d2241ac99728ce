"""Every page of the dashboard: no serious or critical accessibility finding
(axe-core, WCAG 2.x A/AA and best practices) at desktop and phone widths and in the
dark colour scheme, and a screenshot of each view in tests/screenshots/ to look at."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from tests.browser.steps import connect_shop, create_link, new_account, sign_in, sign_up, visit
from tests.support.browser import DESKTOP, axe_findings, check_page
from tests.support.dns import DnsServer
from tests.support.fakes.stores import FakeShopify
from tests.support.receiver import Receiver
from tests.support.stack import Stack
from tests.support.waiting import wait_until
from tests.support.web import new_email

pytestmark = pytest.mark.browser


def _check(page: Any, name: str, found: dict[str, Any]) -> None:
    found.update(check_page(page, name))


def _submit(page: Any, button: str) -> bool:
    page.get_by_role("button", name=button, exact=True).click()
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
    _check(page, "confirm-unverified", found)  # all its session sees
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


def test_the_other_pages_are_accessible_and_photographed(
    context: Any, web: Stack, shopify: FakeShopify
) -> None:
    """Analytics, QR designer, Bio editor, webhooks and stores (part B), filled and empty,
    with their error states: the same scan and screenshots."""
    found: dict[str, Any] = {}
    page = context.new_page()
    account = new_account(web)
    sign_in(page, account.email)

    short_url = create_link(page, "https://example.com/counted")
    for agent in ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1", None):
        visit(short_url, *([agent] if agent else []))
    page.locator("tr", has_text="example.com/counted").get_by_role("link", name="Analytics").click()
    wait_until(
        lambda: (page.reload(), page.locator(".totals dd").first.inner_text() == "2")[1],
        timeout=30,
        every=0.5,
        message="the clicks never reached the analytics page",
    )
    _check(page, "analytics", found)
    page.get_by_label("Count bots in the charts").check()
    _submit(page, "Show")
    _check(page, "analytics-bots", found)
    page.goto("/analytics")
    _check(page, "account-analytics", found)

    page.goto("/qr")
    _check(page, "qr-empty", found)
    page.goto("/qr/new")
    _check(page, "qr-new", found)
    page.get_by_label("URL", exact=True).fill("https://example.com/printed")
    page.get_by_role("img", name="Preview of the QR code").wait_for()
    _check(page, "qr-new-preview", found)
    page.goto("/qr/new?type=geo")
    page.get_by_label("Latitude").fill("north")
    _submit(page, "Create the code")
    _check(page, "qr-new-error", found)
    page.goto("/qr/new?type=wifi")
    page.get_by_label("Network name (SSID)").fill("Cafe guests")
    page.get_by_label("Password (optional)").fill("espresso-please")
    page.get_by_label("Title (optional)").fill("Wi-Fi card")
    _submit(page, "Create the code")
    page.get_by_role("heading", name="QR code Wi-Fi card").wait_for()
    _check(page, "qr-code", found)
    page.goto("/qr")
    _check(page, "qr-list", found)

    page.goto("/bio")
    _check(page, "bio-empty", found)
    page.get_by_label("Username").fill("No Capitals!")
    page.get_by_label("Display name").fill("Ada")
    page.get_by_label("Button 1 title").fill("Blog")
    page.get_by_label("Button 1 URL").fill("not a url")
    _submit(page, "Publish")
    _check(page, "bio-error", found)
    page.get_by_label("Username").fill("ada" + account.user_id[-8:].lower())
    page.get_by_label("Description (optional)").fill("Engines and notes")
    page.get_by_label("Button 1 URL").fill("https://example.com/blog")
    page.get_by_label("Profile 1 network").select_option("github")
    page.get_by_label("Profile 1 handle").fill("ada")
    _submit(page, "Publish")
    page.frame_locator("iframe[name=bio-preview]").get_by_role("heading", name="Ada").wait_for()
    _check(page, "bio", found)

    page.goto("/webhooks")
    _check(page, "webhooks-empty", found)
    page.get_by_label("Endpoint URL").fill("ftp://example.com/hooks")
    _submit(page, "Register")
    _check(page, "webhooks-error", found)
    receiver = Receiver()
    try:
        page.get_by_label("Endpoint URL").fill(f"{receiver.url}/hooks")
        _submit(page, "Register")
        _check(page, "webhook-created", found)
        _submit(page, "Send a test event")
        wait_until(
            lambda: (page.reload(), page.get_by_text("Delivered (200)").count() > 0)[1],
            timeout=30,
            every=0.5,
            message="the test delivery never showed in the log",
        )
        _check(page, "webhook-log", found)
        page.goto("/webhooks")
        _check(page, "webhooks", found)
    finally:
        receiver.close()

    page.goto("/integrations")
    _check(page, "integrations-empty", found)
    page.get_by_label("Shop", exact=True).fill("not a shop")
    page.get_by_role("button", name="Connect through Shopify").click()
    page.wait_for_load_state("load")
    _check(page, "integrations-error", found)
    page.get_by_label("Shop", exact=True).fill("example.myshopify.com")
    _submit(page, "Connect through Shopify")
    _check(page, "integrations-install", found)
    store = connect_shop(page, shopify, account)
    _check(page, "integration-products", found)
    page.locator("article.product details summary").first.click()
    _check(page, "integration-generate-open", found)
    page.locator("form.generate").first.get_by_role("button").click()
    page.wait_for_load_state("load")
    _check(page, "integration-copy", found)
    page.goto("/integrations")
    _check(page, "integrations", found)
    assert store.startswith("/integrations/int_")

    assert not found, found


def test_the_workspace_pages_are_accessible_and_photographed(context: Any, web: Stack) -> None:
    """The switcher, a new workspace, its members page (an invitation pending), audit log
    and settings, with their error states; the invitation's page signed out."""
    found: dict[str, Any] = {}
    page = context.new_page()
    account = new_account(web)
    sign_in(page, account.email)

    page.goto("/workspaces/new")
    _check(page, "workspace-new", found)
    _submit(page, "Create the workspace")
    _check(page, "workspace-new-error", found)
    page.get_by_label("Name", exact=True).fill("Acme marketing")
    _submit(page, "Create the workspace")
    # A new workspace is on the free plan: the tests' pro plan keeps the tour in its limits.
    web.sql(
        "UPDATE workspaces SET plan = 'pro' WHERE name = 'Acme marketing' AND id IN"
        " (SELECT workspace_id FROM workspace_members WHERE user_id = %s) RETURNING id",
        account.user_id,
    )
    _check(page, "workspace-members-empty", found)
    page.get_by_label("E-mail").fill("not-an-address")
    _submit(page, "Send the invitation")
    _check(page, "workspace-members-error", found)
    page.get_by_label("E-mail").fill(new_email())
    page.get_by_label("Role", exact=True).select_option("viewer")
    _submit(page, "Send the invitation")
    _check(page, "workspace-members", found)

    page.goto("/workspace/audit")
    _check(page, "workspace-audit", found)
    page.goto("/workspace/settings")
    _check(page, "workspace-settings", found)
    page.get_by_label("Slug to confirm").fill("not it")
    _submit(page, "Delete the workspace")
    _check(page, "workspace-settings-error", found)

    page.goto("/")
    page.get_by_label("Workspace", exact=True).select_option(label="Personal (owner)")
    _submit(page, "Switch workspace")
    _check(page, "links-personal-workspace", found)
    page.goto("/workspace/settings")
    _check(page, "workspace-settings-personal", found)

    page.locator("header").get_by_role("button", name="Sign out").click()
    page.wait_for_load_state("load")
    page.goto("/invitations/accept?token=example")
    _check(page, "invitation-signed-out", found)

    assert not found, found


def test_the_domain_pages_are_accessible_and_photographed(chromium: Any, web: Stack) -> None:
    """The custom domains list, a domain's page (its TXT record, a failed verification
    saying what the lookup found, verified, a settings error) and the delete confirmation,
    through an admin of the stack whose DNS resolver is a loopback DNS server."""
    found: dict[str, Any] = {}
    dns = DnsServer()
    with ThreadPoolExecutor(1) as pool:
        admin = pool.submit(
            web.start_admin, "admin-dns-pages", HOP_DNS_RESOLVER=dns.address
        ).result()
    context = chromium.new_context(base_url=admin.url, viewport=DESKTOP, bypass_csp=True)
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        account = new_account(web)
        sign_in(page, account.email)
        page.goto("/domains")
        _check(page, "domains-empty", found)
        page.get_by_label("Host name").fill("not a host")
        _submit(page, "Add the domain")
        _check(page, "domains-error", found)
        hostname = f"go.brand-{account.user_id[-8:].lower()}.test"
        page.get_by_label("Host name").fill(hostname)
        _submit(page, "Add the domain")
        page.get_by_role("heading", name=f"Domain {hostname}").wait_for()
        record = page.locator(".copy-text").nth(1).inner_text()
        token = page.locator(".copy-text").nth(2).inner_text()
        assert record == f"_hop-challenge.{hostname}"
        # With JavaScript the copy buttons show.
        assert page.get_by_role("button", name="Copy the record's value").is_visible()
        _check(page, "domain-pending", found)
        dns.txt[record] = ["v=spf1 -all"]
        _submit(page, "Verify now")
        _check(page, "domain-verify-error", found)
        dns.txt[record].append(token)
        _submit(page, "Verify now")
        page.get_by_text(f"Verified: {hostname} answers your short links.").wait_for()
        _check(page, "domain-verified", found)
        page.get_by_label("Not-found destination (optional)").fill("ftp://brand.example")
        _submit(page, "Save the settings")
        _check(page, "domain-settings-error", found)
        page.get_by_role("link", name="Delete this domain…").click()
        page.wait_for_load_state("load")
        _check(page, "domain-delete", found)
        page.goto("/domains")
        _check(page, "domains", found)
    finally:
        context.close()
        admin.stop()
        dns.close()

    assert not found, found
