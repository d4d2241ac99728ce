"""What a person does on the dashboard, step by step, for the browser tests."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx

from tests.support.accounts import PASSWORD, Account
from tests.support.smtp import SmtpSink
from tests.support.stack import Stack
from tests.support.waiting import wait_for

_LINK = re.compile(r"https?://\S+/(?:verify|reset)\?token=\S+")


def new_account(web: Stack) -> Account:
    """A verified account (made as `hop user create` does). In a thread: Playwright's
    synchronous API keeps an event loop running in this one."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(web.account).result()


def htmx_settled(page: Any) -> None:
    """Wait until htmx has wired up what it last swapped in. New content carries
    ``htmx-added`` until its settle task (20 ms after the swap) attaches its triggers:
    typing into it before then fires no request (a person is never that fast)."""
    page.wait_for_function("() => !document.querySelector('.htmx-added, .htmx-settling')")


def mail_link(smtp: SmtpSink, email: str, subject_part: str) -> str:
    """The link in the newest e-mail to ``email`` whose subject has ``subject_part``."""

    def found() -> list[str]:
        return [
            str(message.get_payload(decode=True).decode())  # type: ignore[union-attr]
            for message in list(smtp.messages)
            if message["To"] == email and subject_part in str(message["Subject"])
        ]

    bodies = wait_for(found, bool, timeout=30, message=f"no {subject_part!r} e-mail to {email}")
    match = _LINK.search(bodies[-1])
    assert match, bodies[-1]
    return match[0]


def sign_up(page: Any, email: str, password: str = PASSWORD) -> None:
    page.goto("/signup")
    page.get_by_label("E-mail").fill(email)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_label("Repeat the password").fill(password)
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url("**/signup/sent")


def verify(page: Any, smtp: SmtpSink, email: str) -> None:
    page.goto(mail_link(smtp, email, "confirm your e-mail"))
    page.get_by_role("button", name="Confirm my address").click()


def sign_in(page: Any, email: str, password: str = PASSWORD) -> None:
    page.goto("/login")
    page.get_by_label("E-mail").fill(email)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in", exact=True).click()
    page.wait_for_url(lambda url: "/login" not in url)


def create_link(page: Any, long_url: str, *, alias: str = "") -> str:
    """Create a link on the links page; its short URL (from the message shown)."""
    page.goto("/")
    page.get_by_label("Destination URL").fill(long_url)
    if alias:
        details = page.locator("details:has(#alias)")
        if details.get_attribute("open") is None:
            details.locator("summary").click()
        page.get_by_label("Custom short code (optional)").fill(alias)
    page.get_by_role("button", name="Create link").click()
    message: str = page.get_by_role("status").filter(has_text="Created ").first.inner_text()
    return message.split("Created ", 1)[1].strip()


def secret_shown(page: Any) -> str:
    text: str = page.locator("#new-secret").inner_text()
    return text.strip()


def visit(
    short_url: str, user_agent: str = "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0"
) -> None:
    """A visitor follows ``short_url`` at the real edge (one click)."""
    with httpx.Client(timeout=10) as client:
        answer = client.get(short_url, headers={"User-Agent": user_agent}, follow_redirects=False)
    assert answer.status_code in (301, 302, 307, 308), answer.status_code


def connect_shop(page: Any, shopify: Any, account: Account) -> str:
    """Connect a fake Shopify shop with a pasted token on /integrations; the store's path."""
    shop = f"s{account.user_id[-10:].lower()}.myshopify.com"
    token = f"shpat_{account.user_id[-12:]}a1b2c3"
    shopify.tokens[shop] = token
    page.goto("/integrations")
    page.locator("details.more summary").click()
    page.get_by_label("Shop (Shopify)").fill(shop)
    page.get_by_label("Access token (Shopify)").fill(token)
    page.get_by_role("button", name="Connect", exact=True).click()
    page.wait_for_url("**/integrations/int_*")
    return "/" + str(page.url).split("://", 1)[1].split("/", 1)[1]
