"""Signing in through the install's OpenID Connect provider and GitHub (issue 27, points
1, 2 and 6), end to end: a real admin process, a real OIDC provider on loopback
(oidc-provider-mock) and a GitHub stand-in speaking GitHub's formats.

Happy paths: a new account, linking a confirmed account by a verified address, a
returning identity, a rotated signing key. Refusals, each an error page with nothing
stored: a forged state, a replayed state, another browser (no cookie, or another
flow's), a wrong nonce, an ID token signed by a key the provider does not publish, an
expired one, one for another client, an unverified address, sign-up closed. And the
account page: identities listed, unlinked (not the last way in), audited and e-mailed.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Iterator
from urllib.parse import parse_qs, urlencode, urlsplit

import httpx
import pytest

from tests.support.accounts import create_account, personal_workspace
from tests.support.processes import HopProcess
from tests.support.providers import GitHubStandIn, OidcProvider
from tests.support.stack import Stack
from tests.support.web import Browser, csrf_of, new_email, outbox

# The provider (oidc-provider-mock, in this process) uses Authlib APIs Authlib deprecates.
pytestmark = [
    pytest.mark.filterwarnings("ignore:get_jwt_config:DeprecationWarning"),
    pytest.mark.filterwarnings("ignore:authlib.jose module is deprecated"),
]

CLIENT_ID = "hop-" + secrets.token_hex(6)
CLIENT_SECRET = secrets.token_urlsafe(24)
GITHUB_ID = "Iv1." + secrets.token_hex(8)
GITHUB_SECRET = secrets.token_hex(20)


@pytest.fixture(scope="module")
def provider() -> Iterator[OidcProvider]:
    server = OidcProvider()
    yield server
    server.close()


@pytest.fixture(autouse=True)
def honest(provider: OidcProvider) -> Iterator[None]:
    provider.reset()
    yield
    provider.reset()


@pytest.fixture(scope="module")
def github() -> Iterator[GitHubStandIn]:
    server = GitHubStandIn(GITHUB_ID, GITHUB_SECRET)
    yield server
    server.close()


def _settings(provider: OidcProvider, github: GitHubStandIn) -> dict[str, str]:
    return {
        "HOP_OIDC_ISSUER": provider.url,
        "HOP_OIDC_CLIENT_ID": CLIENT_ID,
        "HOP_OIDC_CLIENT_SECRET": CLIENT_SECRET,
        "HOP_OIDC_NAME": "Acme ID",
        "HOP_GITHUB_CLIENT_ID": GITHUB_ID,
        "HOP_GITHUB_CLIENT_SECRET": GITHUB_SECRET,
        "HOP_GITHUB_WEB_URL": github.url,
        "HOP_GITHUB_API_URL": github.api_url,
    }


@pytest.fixture(scope="module")
def admin(
    session_stack: Stack, provider: OidcProvider, github: GitHubStandIn
) -> Iterator[HopProcess]:
    process = session_stack.start_admin("admin-sign-in", **_settings(provider, github))
    yield process
    process.stop()


@pytest.fixture(scope="module")
def closed_admin(
    session_stack: Stack, provider: OidcProvider, github: GitHubStandIn
) -> Iterator[HopProcess]:
    process = session_stack.start_admin(
        "admin-sign-in-closed", HOP_SIGNUP="closed", **_settings(provider, github)
    )
    yield process
    process.stop()


@pytest.fixture
def browser(admin: HopProcess) -> Iterator[Browser]:
    client = Browser(admin.url)
    yield client
    client.close()


def _path(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.path}?{parts.query}"


def _approve(
    provider: OidcProvider, authorize_url: str, sub: str, tamper: Callable[[str], str] | None
) -> str:
    """The person ``sub`` approves at the provider; the callback URL it sends them to."""
    url = tamper(authorize_url) if tamper else authorize_url
    answer = httpx.post(url, data={"sub": sub})
    assert answer.status_code == 302, answer.text
    return answer.headers["location"]


def oidc_sign_in(
    browser: Browser,
    provider: OidcProvider,
    sub: str,
    tamper: Callable[[str], str] | None = None,
) -> httpx.Response:
    start = browser.get("/login/oidc")
    assert start.status_code == 303, start.text
    assert start.headers["location"].startswith(provider.url)
    return browser.get(_path(_approve(provider, start.headers["location"], sub, tamper)))


def github_sign_in(browser: Browser) -> httpx.Response:
    start = browser.get("/login/github")
    assert start.status_code == 303, start.text
    back = httpx.get(start.headers["location"])
    assert back.status_code == 302
    return browser.get(_path(back.headers["location"]))


def _users(stack: Stack, email: str) -> list[tuple[str, bool]]:
    rows = stack.sql(
        "SELECT id, password_hash IS NULL FROM users WHERE lower(email) = lower(%s)", email
    )
    return [(str(r[0]), bool(r[1])) for r in rows]


def _identities(stack: Stack, provider: str, subject: str) -> list[str]:
    rows = stack.sql(
        "SELECT user_id FROM user_identities WHERE provider = %s AND subject = %s",
        provider,
        subject,
    )
    return [str(r[0]) for r in rows]


def _signed_in(browser: Browser) -> bool:
    return browser.get("/account").status_code == 200


# --- the sign-in page


def test_the_sign_in_page_offers_the_providers(browser: Browser) -> None:
    page = browser.get("/login")
    assert "Sign in with Acme ID" in page.text
    assert 'href="/login/oidc"' in page.text
    assert 'href="/login/github"' in page.text


def test_the_start_uses_pkce_state_and_nonce(browser: Browser, provider: OidcProvider) -> None:
    start = browser.get("/login/oidc")
    query = {k: v[0] for k, v in parse_qs(urlsplit(start.headers["location"]).query).items()}
    assert query["code_challenge_method"] == "S256"
    assert query["client_id"] == CLIENT_ID
    assert len(query["state"]) >= 32
    assert len(query["nonce"]) >= 32
    assert query["redirect_uri"].endswith("/login/oidc/callback")
    cookie = start.headers["set-cookie"]
    assert "hop_signin=" in cookie
    assert "HttpOnly" in cookie
    assert "SameSite=lax" in cookie


# --- happy paths


def test_a_new_person_gets_an_account_without_a_password(
    browser: Browser, provider: OidcProvider, session_stack: Stack
) -> None:
    email, sub = new_email(), "sub-" + secrets.token_hex(6)
    provider.set_user(sub, email=email, email_verified=True)
    done = oidc_sign_in(browser, provider, sub)
    assert done.status_code == 303
    assert done.headers["location"] == "/"
    ((user_id, no_password),) = _users(session_stack, email)
    assert no_password
    assert _identities(session_stack, "oidc", sub) == [user_id]
    assert session_stack.sql(
        "SELECT email_verified_at IS NOT NULL FROM users WHERE id = %s", user_id
    ) == [(True,)]
    account = browser.get("/account")
    assert account.status_code == 200
    assert "Acme ID" in account.text
    assert "has no password" in account.text
    # The password form refuses an account without one as a wrong password.
    stranger = Browser(browser.origin)
    try:
        refused = stranger.submit(
            "/login", "/login", {"email": email, "password": "anything at all"}
        )
        assert refused.status_code == 400
    finally:
        stranger.close()
    audit = session_stack.sql(
        "SELECT action FROM audit_log WHERE workspace_id = %s", personal_workspace(user_id)
    )
    assert ("identity.linked",) in audit
    assert any("can now sign in" in subject for subject, _ in outbox(session_stack, email))


def test_a_returning_identity_signs_in_its_account(
    admin: HopProcess, provider: OidcProvider, session_stack: Stack
) -> None:
    email, sub = new_email(), "sub-" + secrets.token_hex(6)
    provider.set_user(sub, email=email, email_verified=True)
    first, second = Browser(admin.url), Browser(admin.url)
    try:
        assert oidc_sign_in(first, provider, sub).status_code == 303
        # The provider now gives another address: the identity still names the account.
        provider.set_user(sub, email=new_email(), email_verified=True)
        assert oidc_sign_in(second, provider, sub).status_code == 303
        assert _signed_in(second)
        assert len(_users(session_stack, email)) == 1
        assert session_stack.sql(
            "SELECT last_used_at IS NOT NULL FROM user_identities WHERE subject = %s", sub
        ) == [(True,)]
    finally:
        first.close()
        second.close()


def test_a_confirmed_account_is_linked_by_a_verified_address(
    browser: Browser, provider: OidcProvider, session_stack: Stack
) -> None:
    account = create_account(session_stack.database_url)
    sub = "sub-" + secrets.token_hex(6)
    provider.set_user(sub, email=account.email.upper(), email_verified=True)
    done = oidc_sign_in(browser, provider, sub)
    assert done.status_code == 303
    assert _identities(session_stack, "oidc", sub) == [account.user_id]
    assert len(_users(session_stack, account.email)) == 1
    assert _signed_in(browser)


def test_a_rotated_signing_key_is_fetched_again(
    browser: Browser, admin: HopProcess, provider: OidcProvider, session_stack: Stack
) -> None:
    email, sub = new_email(), "sub-" + secrets.token_hex(6)
    provider.set_user(sub, email=email, email_verified=True)
    assert oidc_sign_in(browser, provider, sub).status_code == 303  # the keys are cached
    provider.rotate()  # signs with a key the cached set lacks
    other = Browser(admin.url)
    try:
        assert oidc_sign_in(other, provider, sub).status_code == 303
        assert _signed_in(other)
    finally:
        other.close()


def test_github_signs_in_with_the_verified_primary_address(
    browser: Browser, github: GitHubStandIn, session_stack: Stack
) -> None:
    primary, other = new_email(), new_email()
    github_id = secrets.randbelow(10**8) + 1
    github.set_user(github_id, "octo", [(other, False, True), (primary, True, True)])
    done = github_sign_in(browser)
    assert done.status_code == 303, done.text
    ((user_id, _),) = _users(session_stack, primary)
    assert _identities(session_stack, "github", str(github_id)) == [user_id]
    assert _users(session_stack, other) == []
    assert _signed_in(browser)


def test_github_with_an_unverified_primary_address_is_refused(
    browser: Browser, github: GitHubStandIn, session_stack: Stack
) -> None:
    primary, verified = new_email(), new_email()
    github_id = secrets.randbelow(10**8) + 1
    github.set_user(github_id, "octo", [(primary, True, False), (verified, False, True)])
    refused = github_sign_in(browser)
    assert refused.status_code == 403
    assert "verified" in refused.text
    assert _users(session_stack, primary) == []
    assert _users(session_stack, verified) == []
    assert _identities(session_stack, "github", str(github_id)) == []


# --- refusals


def _nothing_stored(stack: Stack, email: str, sub: str) -> None:
    assert _users(stack, email) == []
    assert _identities(stack, "oidc", sub) == []


def test_a_forged_state_is_refused(browser: Browser, session_stack: Stack) -> None:
    browser.get("/login/oidc")  # a cookie, but not for this state
    page = browser.get("/login/oidc/callback?" + urlencode({"state": "forged", "code": "x"}))
    assert page.status_code == 400
    assert "start again" in page.text
    assert not _signed_in(browser)


def test_a_replayed_state_is_refused(
    browser: Browser, provider: OidcProvider, session_stack: Stack
) -> None:
    email, sub = new_email(), "sub-" + secrets.token_hex(6)
    provider.set_user(sub, email=email, email_verified=True)
    start = browser.get("/login/oidc")
    callback = _path(_approve(provider, start.headers["location"], sub, None))
    assert browser.get(callback).status_code == 303
    replay = Browser(browser.origin)
    try:
        replay.http.cookies.update(browser.http.cookies)
        replay.http.cookies.delete("hop_session")
        again = replay.get(callback)
        assert again.status_code == 400
        assert "used already" in again.text
        assert not _signed_in(replay)
    finally:
        replay.close()


def test_another_browser_cannot_end_the_flow(
    browser: Browser, admin: HopProcess, provider: OidcProvider, session_stack: Stack
) -> None:
    email, sub = new_email(), "sub-" + secrets.token_hex(6)
    provider.set_user(sub, email=email, email_verified=True)
    start = browser.get("/login/oidc")
    callback = _path(_approve(provider, start.headers["location"], sub, None))
    victim = Browser(admin.url)
    try:
        victim.get("/login/oidc")  # a sign-in cookie of its own flow
        page = victim.get(callback)
        assert page.status_code == 400
        assert "not started in this browser" in page.text
        bare = Browser(admin.url)  # no cookie at all
        try:
            assert bare.get(callback).status_code == 400  # spent by the first try anyway
        finally:
            bare.close()
    finally:
        victim.close()
    _nothing_stored(session_stack, email, sub)


def _nonce_replaced(url: str) -> str:
    parts = urlsplit(url)
    query = {k: v[0] for k, v in parse_qs(parts.query).items()}
    query["nonce"] = secrets.token_urlsafe(32)
    return parts._replace(query=urlencode(query)).geturl()


def test_a_wrong_nonce_is_refused(
    browser: Browser, provider: OidcProvider, session_stack: Stack
) -> None:
    email, sub = new_email(), "sub-" + secrets.token_hex(6)
    provider.set_user(sub, email=email, email_verified=True)
    page = oidc_sign_in(browser, provider, sub, tamper=_nonce_replaced)
    assert page.status_code == 400
    assert "nonce" in page.text
    _nothing_stored(session_stack, email, sub)


@pytest.mark.parametrize(
    ("change", "sign_with", "said"),
    [
        ({}, "forger", "key the provider does not publish"),
        ({"exp": 1_000_000_000, "iat": 999_990_000}, "extra", "expired"),
        ({"aud": "someone-else"}, "extra", "another client"),
        ({"iss": "https://evil.example"}, "extra", "another provider"),
    ],
)
def test_a_bad_id_token_is_refused(
    browser: Browser,
    provider: OidcProvider,
    session_stack: Stack,
    change: dict[str, object],
    sign_with: str,
    said: str,
) -> None:
    email, sub = new_email(), "sub-" + secrets.token_hex(6)
    provider.set_user(sub, email=email, email_verified=True)
    provider.change, provider.sign_with = change, sign_with
    page = oidc_sign_in(browser, provider, sub)
    assert page.status_code == 400, page.text
    assert said in page.text
    _nothing_stored(session_stack, email, sub)
    assert not _signed_in(browser)


def test_an_unverified_address_makes_and_links_nothing(
    browser: Browser, provider: OidcProvider, session_stack: Stack
) -> None:
    account = create_account(session_stack.database_url)
    sub = "sub-" + secrets.token_hex(6)
    provider.set_user(sub, email=account.email, email_verified=False)
    page = oidc_sign_in(browser, provider, sub)
    assert page.status_code == 403
    assert "verified" in page.text
    assert _identities(session_stack, "oidc", sub) == []
    email = new_email()
    provider.set_user(sub, email=email)  # no email_verified at all
    assert oidc_sign_in(browser, provider, sub).status_code == 403
    _nothing_stored(session_stack, email, sub)


def test_closed_sign_up_makes_no_account(
    closed_admin: HopProcess, provider: OidcProvider, session_stack: Stack
) -> None:
    email, sub = new_email(), "sub-" + secrets.token_hex(6)
    provider.set_user(sub, email=email, email_verified=True)
    browser = Browser(closed_admin.url)
    try:
        page = oidc_sign_in(browser, provider, sub)
        assert page.status_code == 403
        assert "sign-up is closed" in page.text
        _nothing_stored(session_stack, email, sub)
        # An existing account still links there.
        account = create_account(session_stack.database_url)
        provider.set_user(sub, email=account.email, email_verified=True)
        assert oidc_sign_in(browser, provider, sub).status_code == 303
    finally:
        browser.close()


# --- the account page


def _unlink_form(page: httpx.Response) -> list[str]:
    return re.findall(r'action="(/account/identities/[^"]+/unlink)"', page.text)


def test_identities_are_listed_and_unlinked_but_not_the_last_way_in(
    browser: Browser, provider: OidcProvider, github: GitHubStandIn, session_stack: Stack
) -> None:
    email, sub = new_email(), "sub-" + secrets.token_hex(6)
    provider.set_user(sub, email=email, email_verified=True)
    assert oidc_sign_in(browser, provider, sub).status_code == 303
    github_id = secrets.randbelow(10**8) + 1
    github.set_user(github_id, "octo", [(email, True, True)])
    assert github_sign_in(browser).status_code == 303
    ((user_id, _),) = _users(session_stack, email)
    account = browser.get("/account")
    forms = _unlink_form(account)
    assert len(forms) == 2
    assert "GitHub" in account.text
    assert "Acme ID" in account.text
    token = csrf_of(account)
    headers = {"Origin": browser.origin}
    first = browser.http.post(forms[0], data={"csrf_token": token}, headers=headers)
    assert first.status_code == 303
    assert len(_unlink_form(browser.get("/account"))) == 1
    # The last one is the only way in (no password, no passkey): refused.
    second = browser.http.post(forms[1], data={"csrf_token": token}, headers=headers)
    assert second.status_code == 303
    page = browser.get("/account")
    assert "only way to sign in" in page.text
    assert len(_unlink_form(page)) == 1
    actions = session_stack.sql(
        "SELECT action FROM audit_log WHERE workspace_id = %s ORDER BY at, id",
        personal_workspace(user_id),
    )
    assert [a for (a,) in actions if a.startswith("identity.")] == [
        "identity.linked",
        "identity.linked",
        "identity.unlinked",
    ]
    subjects = [subject for subject, _ in outbox(session_stack, email)]
    assert sum("no longer signs in" in s for s in subjects) == 1
    # Someone else's identity id: nothing to unlink.
    stranger = browser.http.post(
        "/account/identities/uid_nothing/unlink", data={"csrf_token": token}, headers=headers
    )
    assert stranger.status_code == 303
