"""Account pre-hijack (issue 24, point 2), end to end.

Anyone can sign up with someone else's address. Such an account cannot sign in to the
API or mint tokens, and its dashboard session sees only the page that asks for the
confirmation. When the address's owner takes the account back with a password reset
(which confirms the address), everything made on it before goes: keys, tokens,
sessions, webhooks. And an access token issued before a password change, a reset or
a confirmation is refused on every admin process at once, not when it expires.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import jwt
import pytest

from admin.auth.scopes import ALL_SCOPES
from common.keys import AUTH_CHANGES_CHANNEL
from tests.support.accounts import PASSWORD, Account, create_key, personal_workspace
from tests.support.api import assert_problem
from tests.support.cli import run_hop as hop
from tests.support.env import JWT_SECRET
from tests.support.processes import HopProcess
from tests.support.stack import Stack
from tests.support.waiting import wait_for
from tests.support.web import (
    Browser,
    csrf_of,
    mail_link,
    new_email,
    outbox,
    path_of,
    sign_in,
    sign_up,
)

ATTACKER_PASSWORD = "the attacker's own passphrase"
OWNER_PASSWORD = "the owner's new passphrase"
STALE = "issued before the account's password or address changed"


@pytest.fixture(scope="module")
def second_admin(session_stack: Stack) -> Iterator[HopProcess]:
    """Another admin process on the same stores and the same public address (tokens of
    one verify on the other): changes must reach it at once too."""
    admin = session_stack.start_admin("admin-takeover", HOP_BASE_URL=session_stack.admin_url)
    yield admin
    admin.stop()


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _login(api: httpx.Client, email: str, password: str = PASSWORD) -> dict[str, Any]:
    response = api.post("/v1/auth/login", json={"email": email, "password": password})
    assert response.status_code == 200, response.text
    tokens: dict[str, Any] = response.json()
    return tokens


def _token_from_before(stack: Stack, user_id: str) -> str:
    """An access token as the API issued them before sign-in required a confirmed
    address (and before tokens carried a credentials version): signed as the admin signs
    them, for an account that could then sign in unconfirmed."""
    now = int(time.time())
    claims = {
        "iss": stack.admin_url,
        "aud": "hop-api",
        "sub": user_id,
        "iat": now,
        "exp": now + 900,
        "jti": "at_from_before",
        "env": "live",
        "scope": " ".join(ALL_SCOPES),
        "typ": "access",
    }
    return jwt.encode(claims, JWT_SECRET, algorithm="HS256")


def _user_id(stack: Stack, email: str) -> str:
    ((user_id,),) = stack.sql("SELECT id FROM users WHERE email = %s", email)
    return str(user_id)


def _plan_pro(stack: Stack, email: str) -> None:
    """Out of the free plan's 8 requests a minute (in tests), as an operator would."""
    env = {"HOP_DATABASE_URL": stack.database_url, "HOP_REDIS_URL": stack.redis_url}
    result = hop("user", "plan", "--email", email, "--plan", "pro", env=env)
    assert result.returncode == 0, result.stderr


def _reset(browser: Browser, stack: Stack, email: str, password: str) -> None:
    """Ask for a reset link on /forgot and follow the newest one."""
    before = len([s for s, _ in outbox(stack, email) if "reset your password" in s])
    asked = browser.submit("/forgot", "/forgot", {"email": email})
    assert asked.headers["location"] == "/forgot/sent"
    link = path_of(mail_link(stack, email, "reset your password", count=before + 1))
    token = link.split("token=", 1)[1]
    done = browser.submit(
        link, "/reset", {"token": token, "password": password, "confirmPassword": password}
    )
    assert done.headers["location"] == "/login?notice=reset", done.text


def _held_before_these_rules(
    stack: Stack, api: httpx.Client, email: str, user_id: str
) -> tuple[str, str, dict[str, Any]]:
    """What an unconfirmed account may hold though it can no longer make any of it: a
    key an operator made for it (`hop key create`), an access token the API issued
    before sign-in required a confirmed address (signed here as the admin signs them)
    and a webhook made with the key. The webhook needs a confirmed address, so the
    address is marked confirmed in PostgreSQL while it is made, then unmarked."""
    key = create_key(stack.database_url, email, ALL_SCOPES)
    token = _token_from_before(stack, user_id)
    stack.sql("UPDATE users SET email_verified_at = now() WHERE id = %s RETURNING 1", user_id)
    webhook = api.post(
        "/v1/webhooks",
        json={"endpoint": "https://127.0.0.1:9/hooks", "events": ["link.created"]},
        headers=_bearer(key),
    )
    assert webhook.status_code == 201, webhook.text
    stack.sql("UPDATE users SET email_verified_at = NULL WHERE id = %s RETURNING 1", user_id)
    stack.redis.publish(AUTH_CHANGES_CHANNEL, f"test:{user_id}")  # as `hop` announces
    wait_for(
        lambda: api.get("/v1/users/me", headers=_bearer(key)).json()["verified"],
        lambda verified: verified is False,
        timeout=10,
    )
    return key, token, webhook.json()


def test_an_address_taken_before_its_owner_is_won_back_by_a_reset(
    api: httpx.Client, session_stack: Stack, admin_url: str
) -> None:
    victim = new_email()
    attacker, owner = Browser(admin_url), Browser(admin_url)
    try:
        # The attacker signs up with the victim's address and knows its password.
        assert sign_up(attacker, victim, ATTACKER_PASSWORD).status_code == 303
        user_id = _user_id(session_stack, victim)
        _plan_pro(session_stack, victim)

        # No sign-in to the API, so no token to keep fresh through /v1/auth/refresh.
        refused = api.post("/v1/auth/login", json={"email": victim, "password": ATTACKER_PASSWORD})
        assert assert_problem(refused, 403, "Forbidden")["type"] == (
            "urn:hop:problem:address-unconfirmed"
        )

        # The dashboard shows the attacker the confirmation page and nothing else.
        signed_in = sign_in(attacker, victim, ATTACKER_PASSWORD)
        assert signed_in.headers["location"] == "/confirm"
        assert attacker.get("/keys").headers["location"] == "/confirm"
        form = {"csrf_token": csrf_of(attacker.get("/confirm")), "scopes": ["links:write"]}
        made = attacker.http.post("/keys", data=form, headers={"Origin": admin_url})
        assert made.headers["location"] == "/confirm"
        hook = {**form, "endpoint": "https://127.0.0.1:9/hooks", "events": ["link.created"]}
        made = attacker.http.post("/webhooks", data=hook, headers={"Origin": admin_url})
        assert made.headers["location"] == "/confirm"
        sql = "SELECT count(*) FROM {} WHERE workspace_id = %s"
        workspace_id = personal_workspace(user_id)
        assert session_stack.sql(sql.format("api_keys"), workspace_id) == [(0,)]
        assert session_stack.sql(sql.format("webhooks"), workspace_id) == [(0,)]

        key, token, webhook = _held_before_these_rules(session_stack, api, victim, user_id)
        assert attacker.get("/confirm").status_code == 200  # still signed in

        # The owner takes the account back: "forgot password", then the link.
        _reset(owner, session_stack, victim, OWNER_PASSWORD)

        assert_problem(api.get("/v1/links", headers=_bearer(key)), 401, "Unauthorized")
        assert STALE in str(
            assert_problem(api.get("/v1/links", headers=_bearer(token)), 401, "Unauthorized")[
                "detail"
            ]
        )
        assert attacker.get("/confirm").headers["location"].startswith("/login")
        assert sign_in(attacker, victim, ATTACKER_PASSWORD).status_code == 400
        ((deleted,),) = session_stack.sql(
            "SELECT deleted_at IS NOT NULL FROM webhooks WHERE id = %s", webhook["id"]
        )
        assert deleted
        ((_, body),) = [
            mail for mail in outbox(session_stack, victim) if "password was changed" in mail[0]
        ]
        assert "every API\nkey and webhook made on the account until now was removed" in body

        # The account is the owner's now, confirmed, with nothing of the attacker's.
        mine = _bearer(_login(api, victim, OWNER_PASSWORD)["accessToken"])
        assert api.get("/v1/users/me", headers=mine).json()["verified"] is True
        assert api.get("/v1/webhooks", headers=mine).json()["data"] == []
        keys = api.get("/v1/api-keys", headers=mine).json()["data"]
        assert keys
        assert all(k["revokedAt"] for k in keys)
        assert sign_in(owner, victim, OWNER_PASSWORD).headers["location"] == "/"
        assert owner.get("/keys").status_code == 200
    finally:
        attacker.close()
        owner.close()


def test_a_password_change_or_reset_refuses_older_access_tokens_everywhere(
    api: httpx.Client,
    account: Account,
    session_stack: Stack,
    admin_url: str,
    second_admin: HopProcess,
) -> None:
    elsewhere = httpx.Client(base_url=second_admin.url, timeout=30)
    browser = Browser(admin_url)
    try:
        first = _login(api, account.email)
        # Resolved (and its account cached) by both admin processes.
        for client in (api, elsewhere):
            assert client.get("/v1/links", headers=_bearer(first["accessToken"])).status_code == 200

        assert sign_in(browser, account.email).status_code == 303
        changed = browser.submit(
            "/account",
            "/account/password",
            {
                "currentPassword": PASSWORD,
                "newPassword": OWNER_PASSWORD,
                "confirmPassword": OWNER_PASSWORD,
            },
        )
        assert changed.status_code == 303
        for client in (api, elsewhere):
            stale = client.get("/v1/links", headers=_bearer(first["accessToken"]))
            assert STALE in str(assert_problem(stale, 401, "Unauthorized")["detail"])
        spent = api.post("/v1/auth/refresh", json={"refreshToken": first["refreshToken"]})
        assert_problem(spent, 401, "Unauthorized")
        assert browser.get("/account").status_code == 200  # the session that changed it

        # Signed in again at once (the same second, likely): the new token works.
        second = _login(api, account.email, OWNER_PASSWORD)
        for client in (api, elsewhere):
            assert (
                client.get("/v1/links", headers=_bearer(second["accessToken"])).status_code == 200
            )
        refreshed = api.post("/v1/auth/refresh", json={"refreshToken": second["refreshToken"]})
        assert refreshed.status_code == 200, refreshed.text

        other = Browser(admin_url)
        try:
            _reset(other, session_stack, account.email, "yet another passphrase")
        finally:
            other.close()
        for token in (second["accessToken"], refreshed.json()["accessToken"]):
            for client in (api, elsewhere):
                stale = client.get("/v1/links", headers=_bearer(token))
                assert_problem(stale, 401, "Unauthorized")
        assert browser.get("/account").headers["location"].startswith("/login")
        third = _login(api, account.email, "yet another passphrase")
        assert api.get("/v1/links", headers=_bearer(third["accessToken"])).status_code == 200
    finally:
        elsewhere.close()
        browser.close()


def test_confirming_the_address_keeps_only_the_session_that_confirmed_it(
    api: httpx.Client, session_stack: Stack, admin_url: str
) -> None:
    email = new_email()
    confirming, other = Browser(admin_url), Browser(admin_url)
    try:
        assert sign_up(confirming, email).status_code == 303
        user_id = _user_id(session_stack, email)
        _plan_pro(session_stack, email)
        for browser in (confirming, other):
            assert sign_in(browser, email).headers["location"] == "/confirm"
        token = _token_from_before(session_stack, user_id)
        link = path_of(mail_link(session_stack, email, "confirm your e-mail"))
        confirmed = confirming.submit(link, "/verify", {"token": link.split("token=", 1)[1]})
        assert confirmed.headers["location"] == "/"
        assert "Your e-mail address is verified." in confirming.get("/").text
        assert other.get("/confirm").headers["location"].startswith("/login")
        stale = api.get("/v1/links", headers=_bearer(token))
        assert STALE in str(assert_problem(stale, 401, "Unauthorized")["detail"])
        fresh = _bearer(_login(api, email)["accessToken"])
        assert api.get("/v1/links", headers=fresh).status_code == 200
    finally:
        confirming.close()
        other.close()
