"""The second factor on every sign-in path (issue 27 glue): a person with two-factor codes
on who proves who they are through the install's OpenID Connect provider, or through a
workspace's single sign-on, gets no session until a right code on ``/login/two-factor``;
a wrong code gets none. After the code, a workspace SSO's session acts in that workspace.

A real admin process (its DNS resolver a loopback DNS server, for SSO domains), the real
OpenID Connect providers on loopback of tests/e2e/test_provider_sign_in.py and
tests/e2e/test_workspace_sso.py, and codes from pyotp as in tests/e2e/test_mfa.py.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator

import httpx
import pytest

from admin.auth.sessions import digest
from common.keys import web_session_key
from tests.e2e.test_mfa import _code, _enrol, _wrong_code
from tests.e2e.test_provider_sign_in import CLIENT_ID, CLIENT_SECRET, oidc_sign_in
from tests.e2e.test_workspace_sso import Team, connect, sso_sign_in
from tests.support.accounts import Account, create_account
from tests.support.dns import DnsServer
from tests.support.idp import Idp
from tests.support.processes import HopProcess
from tests.support.providers import OidcProvider
from tests.support.stack import Stack
from tests.support.web import Browser
from tests.support.workspaces import login

# Both providers (oidc-provider-mock, on threads of this process) call parts of Authlib
# that Authlib marks deprecated; Hop itself runs in its own processes.
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

SECOND_STEP = "/login/two-factor"


@pytest.fixture(scope="module")
def provider() -> Iterator[OidcProvider]:
    server = OidcProvider()
    yield server
    server.close()


@pytest.fixture(scope="module")
def idp() -> Iterator[Idp]:
    server = Idp()
    yield server
    server.close()


@pytest.fixture(scope="module")
def dns_admin(
    session_stack: Stack, dns_server: DnsServer, provider: OidcProvider
) -> Iterator[HopProcess]:
    """One admin for both paths: the install's OIDC provider, and a DNS resolver on loopback
    for the SSO domains (``dns_api`` of tests/e2e/conftest.py talks to it)."""
    process = session_stack.start_admin(
        "admin-sign-in-factors",
        HOP_DNS_RESOLVER=dns_server.address,
        HOP_OIDC_ISSUER=provider.url,
        HOP_OIDC_CLIENT_ID=CLIENT_ID,
        HOP_OIDC_CLIENT_SECRET=CLIENT_SECRET,
        HOP_OIDC_NAME="Acme ID",
    )
    yield process
    process.stop()


@pytest.fixture
def browser(dns_admin: HopProcess) -> Iterator[Browser]:
    client = Browser(dns_admin.url)
    yield client
    client.close()


def _two_factor_on(api: httpx.Client, account: Account) -> tuple[str, int]:
    """Codes on for ``account`` (through the API, with its password): the secret, the step
    its confirmation used (a sign-in's code must be of a later step)."""
    secret, _, step = _enrol(api, login(api, account, None))
    return secret, step


def _session_of(stack: Stack, browser: Browser) -> dict[str, object] | None:
    """The browser's dashboard session as Redis keeps it (None: the browser has none)."""
    cookie = browser.http.cookies.get("hop_session")
    if not cookie:
        return None
    with stack.redis as redis:
        raw = redis.get(web_session_key(digest(cookie)))
    return None if raw is None else dict(json.loads(raw))


def _held_at_the_second_step(answer: httpx.Response, browser: Browser, stack: Stack) -> None:
    """The provider's callback proved the first factor: the browser is sent to the second
    step with a challenge cookie, and has no session yet."""
    assert answer.status_code == 303, answer.text[:500]
    assert answer.headers["location"] == SECOND_STEP
    cookies = answer.headers.get_list("set-cookie")
    assert any(c.startswith("hop_mfa=") and "HttpOnly" in c for c in cookies), cookies
    assert not any(c.startswith("hop_session=") for c in cookies), cookies
    assert _session_of(stack, browser) is None
    not_yet = browser.get("/")
    assert not_yet.status_code == 303
    assert not_yet.headers["location"].startswith("/login")
    assert browser.get("/account").status_code == 303
    assert browser.get(SECOND_STEP).status_code == 200


def _wrong_then_right(browser: Browser, stack: Stack, secret: str, step: int) -> None:
    wrong = browser.submit(SECOND_STEP, SECOND_STEP, {"code": _wrong_code(secret)})
    assert wrong.status_code == 401, wrong.text[:500]
    assert "hop_session=" not in wrong.headers.get("set-cookie", "")
    assert _session_of(stack, browser) is None
    assert browser.get("/account").status_code == 303
    right = browser.submit(SECOND_STEP, SECOND_STEP, {"code": _code(secret, step + 1)})
    assert right.status_code == 303, right.text[:500]
    assert right.headers["location"] == "/"
    assert browser.get("/account").status_code == 200


def test_oidc_sign_in_asks_the_second_factor(
    browser: Browser,
    dns_api: httpx.Client,
    provider: OidcProvider,
    session_stack: Stack,
    database_url: str,
) -> None:
    account = create_account(database_url)
    secret, step = _two_factor_on(dns_api, account)
    sub = "sub-" + secrets.token_hex(6)
    provider.set_user(sub, email=account.email, email_verified=True)

    answer = oidc_sign_in(browser, provider, sub)
    _held_at_the_second_step(answer, browser, session_stack)
    _wrong_then_right(browser, session_stack, secret, step)

    session = _session_of(session_stack, browser)
    assert session is not None
    assert session["user_id"] == account.user_id
    assert session.get("workspace_id") is None  # the personal workspace
    # The challenge was spent with the session: the second step sends back to sign-in.
    assert "hop_mfa" not in browser.http.cookies
    again = browser.get(SECOND_STEP)
    assert again.status_code == 303
    assert again.headers["location"] == "/login"


def test_workspace_sso_asks_the_second_factor_and_keeps_the_workspace(
    browser: Browser,
    dns_api: httpx.Client,
    dns_server: DnsServer,
    idp: Idp,
    session_stack: Stack,
    database_url: str,
) -> None:
    team = Team(dns_api, database_url)
    connect(dns_api, dns_server, team, idp)
    account = create_account(database_url, email=f"ada-{secrets.token_hex(3)}@{team.domain}")
    secret, step = _two_factor_on(dns_api, account)
    sub = "sub-ada-" + team.id
    idp.set_user(sub, email=account.email, email_verified=True)

    answer = sso_sign_in(browser, idp, account.email, sub)
    _held_at_the_second_step(answer, browser, session_stack)
    # The first factor was proven: the SSO linked and joined the person already.
    assert session_stack.sql(
        "SELECT 1 FROM workspace_members WHERE workspace_id = %s AND user_id = %s",
        team.id,
        account.user_id,
    )
    _wrong_then_right(browser, session_stack, secret, step)

    session = _session_of(session_stack, browser)
    assert session is not None
    assert session["user_id"] == account.user_id
    assert session["workspace_id"] == team.id  # the SSO's workspace, kept through the code
    home = browser.get("/")
    assert home.status_code == 200
    assert "Acme" in home.text
