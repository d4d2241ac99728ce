"""Sign-up closed by HOP_SIGNUP, and the bounds on sign-up abuse: sign-ups per network
per hour, account e-mails per address per hour; what a worker without a mail server
writes to its log."""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import pytest

from tests.support.accounts import create_account
from tests.support.processes import HopProcess
from tests.support.stack import Stack
from tests.support.waiting import wait_for
from tests.support.web import Browser, new_email, outbox, sign_up


@pytest.fixture(scope="module")
def closed_admin(session_stack: Stack) -> Iterator[HopProcess]:
    admin = session_stack.start_admin("admin-closed", HOP_SIGNUP="closed")
    yield admin
    admin.stop()


@pytest.fixture(scope="module")
def strict_admin(session_stack: Stack) -> Iterator[HopProcess]:
    # Behind a "proxy" (the test) that says which network each client is on.
    admin = session_stack.start_admin(
        "admin-strict",
        HOP_TRUSTED_PROXIES="127.0.0.1/32",
        HOP_SIGNUPS_PER_NETWORK_PER_HOUR="2",
        HOP_ACCOUNT_MAILS_PER_HOUR="1",
    )
    yield admin
    admin.stop()


def _network() -> dict[str, str]:
    """A network of its own (an IPv6 /64 in the documentation range), so no other test
    shares its counters. Drawn from 2**32 networks: 250 IPv4 addresses were few enough
    that two tests of this module met in one and the second got 429 (a CI failure)."""
    return {"X-Forwarded-For": f"2001:db8:{secrets.token_hex(2)}:{secrets.token_hex(2)}::1"}


def test_closed_sign_up_creates_nothing(closed_admin: HopProcess, session_stack: Stack) -> None:
    browser = Browser(closed_admin.url)
    try:
        page = browser.get("/signup")
        assert page.status_code == 403
        assert "Sign-up is closed" in page.text
        assert 'href="/signup"' not in browser.get("/login").text
        email = new_email()
        refused = browser.submit(
            "/login",
            "/signup",
            {"email": email, "password": "a long password", "confirmPassword": "a long password"},
        )  # a form made up from the login page's token
        assert refused.status_code == 403
        assert "Sign-up is closed" in refused.text
        assert session_stack.sql("SELECT 1 FROM users WHERE email = %s", email) == []
    finally:
        browser.close()


def test_sign_ups_per_network_are_bounded(strict_admin: HopProcess, session_stack: Stack) -> None:
    browser = Browser(strict_admin.url, headers=_network())
    try:
        emails = [new_email() for _ in range(3)]
        assert [sign_up(browser, email).status_code for email in emails] == [303, 303, 429]
        assert "Too many sign-ups from your network" in sign_up(browser, new_email()).text
        assert session_stack.sql("SELECT 1 FROM users WHERE email = %s", emails[2]) == []
        other = Browser(strict_admin.url, headers=_network())
        try:
            assert sign_up(other, new_email()).status_code == 303  # another network
        finally:
            other.close()
    finally:
        browser.close()


def test_account_mails_per_address_are_bounded(
    strict_admin: HopProcess, session_stack: Stack
) -> None:
    email = new_email()
    browser = Browser(strict_admin.url, headers=_network())
    try:
        assert sign_up(browser, email).status_code == 303
        for _ in range(2):  # answered as usual, but the hour's one e-mail is spent
            asked = browser.submit("/forgot", "/forgot", {"email": email})
            assert asked.headers["location"] == "/forgot/sent"
    finally:
        browser.close()
    assert [subject for subject, _ in outbox(session_stack, email)] == [
        "Hop: confirm your e-mail address"
    ]


def test_resets_asked_for_an_address_without_an_account_spend_none_of_its_mails(
    strict_admin: HopProcess, session_stack: Stack
) -> None:
    """The hour's e-mails of an address are counted when one is sent: asking resets for
    an address that has no account (yet) sends nothing and so spends nothing."""
    email = new_email()
    browser = Browser(strict_admin.url, headers=_network())
    try:
        for _ in range(3):
            asked = browser.submit("/forgot", "/forgot", {"email": email})
            assert asked.headers["location"] == "/forgot/sent"
        assert outbox(session_stack, email) == []
        # Its owner signs up within the hour: the hour's one e-mail is still there.
        assert sign_up(browser, email).status_code == 303
    finally:
        browser.close()
    assert [subject for subject, _ in outbox(session_stack, email)] == [
        "Hop: confirm your e-mail address"
    ]


def test_without_a_mail_server_the_log_never_holds_a_reset_link(hooks: Stack) -> None:
    """Outside `hop dev` (no HOP_DEV_MAIL_LOG) a worker with no HOP_SMTP_URL logs who an
    e-mail was for and what about, never its body: a reset link there would sign in."""
    worker = hooks.start_worker("no-smtp", HOP_SIGNUP="closed", HOP_DEV_MAIL_LOG=None)
    account = create_account(hooks.database_url)
    browser = Browser(hooks.admin_url)
    try:
        asked = browser.submit("/forgot", "/forgot", {"email": account.email})
        assert asked.headers["location"] == "/forgot/sent"
    finally:
        browser.close()
    ((body,),) = wait_for(
        lambda: hooks.sql(
            "SELECT body FROM mail_outbox WHERE recipient = %s AND sent_at IS NOT NULL",
            account.email,
        ),
        bool,
        timeout=30,
        message="the reset e-mail was never handled",
    )
    token = str(body).split("token=", 1)[1].split()[0]
    log = worker.log_path.read_text()
    assert "mail.logged" in log
    assert "Hop: reset your password" in log
    assert token not in log
