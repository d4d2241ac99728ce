"""Driving the dashboard over plain HTTP in tests: forms with their CSRF token, the
account e-mails (read from the mail outbox the admin writes them to), sign-up."""

from __future__ import annotations

import html
import re
import secrets
from typing import Any

import httpx

from tests.support.accounts import PASSWORD, Account
from tests.support.stack import Stack
from tests.support.waiting import wait_for

_CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
_LINK = re.compile(r"(https?://\S+/(?:verify|reset|invitations/accept)\?token=\S+)")


def csrf_of(page: httpx.Response) -> str:
    match = _CSRF.search(page.text)
    assert match, f"no CSRF token on {page.request.url}"
    return html.unescape(match[1])


class Browser:
    """An httpx client that keeps cookies and posts forms the way a browser does."""

    def __init__(self, base_url: str, headers: dict[str, str] | None = None) -> None:
        self.http = httpx.Client(
            base_url=base_url, timeout=30, follow_redirects=False, headers=headers
        )
        self.origin = base_url

    def get(self, path: str, **options: Any) -> httpx.Response:
        return self.http.get(path, **options)

    def submit(
        self, form_page: str, action: str, data: dict[str, Any], *, csrf: bool = True
    ) -> httpx.Response:
        """GET ``form_page`` for its token, then POST ``data`` (and the token) to ``action``."""
        token = csrf_of(self.get(form_page)) if csrf else None
        fields = {**data, **({"csrf_token": token} if token else {})}
        return self.http.post(action, data=fields, headers={"Origin": self.origin})

    def close(self) -> None:
        self.http.close()


def new_email() -> str:
    return f"web-{secrets.token_hex(6)}@example.com"


def outbox(stack: Stack, email: str) -> list[tuple[str, str]]:
    """(subject, body) of every e-mail queued for ``email``, oldest first."""
    rows = stack.sql(
        "SELECT subject, body FROM mail_outbox WHERE recipient = %s ORDER BY id", email
    )
    return [(str(subject), str(body)) for subject, body in rows]


def mail_link(stack: Stack, email: str, subject_part: str, count: int = 1) -> str:
    """The verify, reset or invitation link of the ``count``-th e-mail to ``email`` about
    ``subject_part``."""
    mails = wait_for(
        lambda: [body for subject, body in outbox(stack, email) if subject_part in subject],
        lambda found: len(found) >= count,
        timeout=10,
        message=f"no {subject_part!r} e-mail to {email}",
    )
    match = _LINK.search(mails[count - 1])
    assert match, mails[count - 1]
    return match[1]


def path_of(link: str) -> str:
    return "/" + link.split("://", 1)[1].split("/", 1)[1]


def sign_up(browser: Browser, email: str, password: str = PASSWORD) -> httpx.Response:
    return browser.submit(
        "/signup",
        "/signup",
        {"email": email, "password": password, "confirmPassword": password},
    )


def sign_in(browser: Browser, email: str, password: str = PASSWORD) -> httpx.Response:
    return browser.submit("/login", "/login", {"email": email, "password": password})


def signed_in(browser: Browser, account: Account) -> Browser:
    """``browser`` signed in as ``account`` (its password is the suite's)."""
    response = sign_in(browser, account.email)
    assert response.status_code == 303, response.text
    return browser


def verify(browser: Browser, stack: Stack, email: str) -> httpx.Response:
    link = path_of(mail_link(stack, email, "confirm your e-mail"))
    token = link.split("token=", 1)[1]
    return browser.submit(link, "/verify", {"token": token})
