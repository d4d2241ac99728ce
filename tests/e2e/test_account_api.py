"""GET /v1/users/me, /v1/api-keys, and the operator's `hop user limits` / `hop user plan`
applied at once."""

from __future__ import annotations

from typing import Any

import httpx

from tests.support.accounts import PASSWORD, Account, create_account, create_key
from tests.support.api import assert_problem
from tests.support.cli import run_hop as hop
from tests.support.stack import Stack
from tests.support.waiting import wait_for
from tests.support.web import Browser, new_email, sign_up


def _bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def _make_key(api: httpx.Client, account: Account, **body: Any) -> dict[str, Any]:
    response = api.post("/v1/api-keys", json=body, headers=account.headers())
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def test_me_shows_plan_limits_and_verified_state(api: httpx.Client, account: Account) -> None:
    response = api.get("/v1/users/me", headers=account.headers())
    assert response.status_code == 200
    me = response.json()
    assert set(me) == {
        "id",
        "email",
        "plan",
        "limitPerMinute",
        "limitPerMonth",
        "customLimits",
        "verified",
        "createdAt",
    }
    assert me["id"] == account.user_id
    assert me["email"] == account.email
    assert (me["plan"], me["verified"], me["customLimits"]) == ("pro", True, False)
    assert me["limitPerMinute"] == 1_000_000  # the pro plan's in the test environment


def test_me_needs_account_read(api: httpx.Client, account: Account, database_url: str) -> None:
    narrow = create_key(database_url, account.email, ("links:read",))
    assert_problem(api.get("/v1/users/me", headers=_bearer(narrow)), 403, "Forbidden")


def test_a_key_is_created_shown_once_used_and_listed(api: httpx.Client, account: Account) -> None:
    response = api.post(
        "/v1/api-keys",
        json={"name": "ci", "scopes": ["links:write"], "environment": "live"},
        headers=account.headers(),
    )
    assert response.status_code == 201
    assert response.headers["cache-control"] == "no-store"
    created = response.json()
    assert response.headers["location"] == f"/v1/api-keys/{created['id']}"
    assert created["key"].startswith(created["prefix"])
    assert created["key"].startswith("svc_live_")
    assert (created["name"], created["scopes"], created["lastUsedAt"]) == (
        "ci",
        ["links:write"],
        None,
    )
    made = api.post(
        "/v1/links", json={"longUrl": "https://example.com/k"}, headers=_bearer(created["key"])
    )
    assert made.status_code == 201
    listed = wait_for(
        lambda: api.get("/v1/api-keys", headers=account.headers()).json()["data"],
        lambda keys: any(k["id"] == created["id"] and k["lastUsedAt"] for k in keys),
        message="lastUsedAt was not recorded",
    )
    mine = next(k for k in listed if k["id"] == created["id"])
    assert "key" not in mine
    assert set(mine) == {
        "id",
        "name",
        "prefix",
        "environment",
        "scopes",
        "createdAt",
        "lastUsedAt",
        "revokedAt",
        "createdBy",
    }
    assert mine["createdBy"] == account.user_id
    assert listed[0]["id"] == created["id"]  # newest first


def test_a_revoked_key_is_refused_at_once(api: httpx.Client, account: Account) -> None:
    created = _make_key(api, account, scopes=["links:read"])
    headers = _bearer(created["key"])
    assert api.get("/v1/links", headers=headers).status_code == 200  # now cached by the admin
    revoked = api.delete(f"/v1/api-keys/{created['id']}", headers=account.headers())
    assert revoked.status_code == 204
    assert_problem(api.get("/v1/links", headers=headers), 401, "Unauthorized")
    again = api.delete(f"/v1/api-keys/{created['id']}", headers=account.headers())
    assert again.status_code == 204  # idempotent
    listed = api.get("/v1/api-keys", headers=account.headers()).json()["data"]
    assert next(k for k in listed if k["id"] == created["id"])["revokedAt"]


def test_keys_of_another_account_are_not_found(
    api: httpx.Client, account: Account, database_url: str
) -> None:
    other = create_account(database_url)
    created = _make_key(api, other, scopes=["links:read"])
    missing = api.delete(f"/v1/api-keys/{created['id']}", headers=account.headers())
    assert_problem(missing, 404, "Not Found")
    ids = [k["id"] for k in api.get("/v1/api-keys", headers=account.headers()).json()["data"]]
    assert created["id"] not in ids


def test_a_key_cannot_grant_what_its_creator_lacks(
    api: httpx.Client, account: Account, database_url: str
) -> None:
    narrow = create_key(database_url, account.email, ("account:write", "links:read"))
    wider = api.post("/v1/api-keys", json={"scopes": ["links:write"]}, headers=_bearer(narrow))
    problem = assert_problem(wider, 403, "Forbidden")
    assert problem["errors"] == [
        {"field": "scopes", "message": "not held by the caller: links:write"}
    ]
    same = api.post(
        "/v1/api-keys", json={"scopes": ["links:read", "account:read"]}, headers=_bearer(narrow)
    )
    assert same.status_code == 201  # account:write implies account:read


def test_a_sandbox_credential_makes_and_sees_sandbox_keys_only(
    api: httpx.Client, account: Account
) -> None:
    live = _make_key(api, account, scopes=["links:read"])
    test_headers = account.headers("test")
    refused = api.post("/v1/api-keys", json={"scopes": ["links:read"]}, headers=test_headers)
    assert_problem(refused, 403, "Forbidden")
    made = api.post(
        "/v1/api-keys", json={"scopes": ["links:read"], "environment": "test"}, headers=test_headers
    )
    assert made.status_code == 201
    assert made.json()["key"].startswith("svc_test_")
    listed = api.get("/v1/api-keys", headers=test_headers).json()["data"]
    assert {k["environment"] for k in listed} == {"test"}
    assert_problem(api.delete(f"/v1/api-keys/{live['id']}", headers=test_headers), 404, "Not Found")


def test_bad_key_requests_are_problems(api: httpx.Client, account: Account) -> None:
    headers = account.headers()
    for body, status in (
        ({"scopes": ["links:delete"]}, 422),
        ({"scopes": []}, 422),
        ({"scopes": ["links:read"], "environment": "prod"}, 422),
        ({"scopes": ["links:read"], "name": ""}, 422),
        ({"scopes": ["links:read"], "extra": 1}, 422),
        ({"name": "no scopes"}, 400),
    ):
        response = api.post("/v1/api-keys", json=body, headers=headers)
        assert response.status_code == status, (body, response.text)
        assert response.headers["content-type"].startswith("application/problem+json")


def test_an_unverified_account_cannot_sign_in_and_its_keys_are_read_only(
    api: httpx.Client, session_stack: Stack, database_url: str
) -> None:
    email = new_email()
    browser = Browser(session_stack.admin_url)
    try:
        assert sign_up(browser, email).status_code == 303
    finally:
        browser.close()
    # Told only to whoever knows the password; a wrong one is the usual 401.
    refused = api.post("/v1/auth/login", json={"email": email, "password": PASSWORD})
    problem = assert_problem(refused, 403, "Forbidden")
    assert problem["type"] == "urn:hop:problem:address-unconfirmed"
    assert "Confirm your e-mail address first" in str(problem["detail"])
    wrong = api.post("/v1/auth/login", json={"email": email, "password": "not the password"})
    assert assert_problem(wrong, 401, "Unauthorized")["detail"] == (
        "The e-mail or password is incorrect."
    )
    # A key an operator made for it (`hop key create`) may look but not change anything.
    scopes = ("links:read", "links:write", "account:read", "account:write")
    headers = _bearer(create_key(database_url, email, scopes))
    me = api.get("/v1/users/me", headers=headers).json()
    assert (me["verified"], me["plan"]) == (False, "free")
    write = api.post("/v1/links", json={"longUrl": "https://example.com/u"}, headers=headers)
    problem = assert_problem(write, 403, "Forbidden")
    assert "Verify your e-mail address" in str(problem["detail"])
    assert_problem(
        api.post("/v1/api-keys", json={"scopes": ["links:read"]}, headers=headers), 403, "Forbidden"
    )


def test_operator_limits_and_plan_apply_at_once(
    api: httpx.Client, account: Account, database_url: str, redis_url: str
) -> None:
    env = {"HOP_DATABASE_URL": database_url, "HOP_REDIS_URL": redis_url}
    before = api.get("/v1/links", headers=account.headers())  # the principal is cached now
    assert before.headers["x-ratelimit-limit"] == "1000000"
    result = hop(
        "user",
        "limits",
        "--email",
        account.email,
        "--per-minute",
        "12345",
        "--per-month",
        "987654",
        env=env,
    )
    assert result.returncode == 0, result.stderr
    assert '"limitPerMinute":12345' in result.stdout
    after = api.get("/v1/links", headers=account.headers())
    assert after.headers["x-ratelimit-limit"] == "12345"
    me = api.get("/v1/users/me", headers=account.headers()).json()
    assert (me["limitPerMinute"], me["limitPerMonth"], me["customLimits"]) == (12345, 987654, True)
    plan = hop("user", "plan", "--email", account.email, "--plan", "business", env=env)
    assert plan.returncode == 0, plan.stderr
    assert api.get("/v1/users/me", headers=account.headers()).json()["plan"] == "business"
    reset = hop(
        "user",
        "limits",
        "--email",
        account.email,
        "--per-minute",
        "plan",
        "--per-month",
        "plan",
        env=env,
    )
    assert reset.returncode == 0, reset.stderr
    business = api.get("/v1/links", headers=account.headers())
    assert business.headers["x-ratelimit-limit"] == "6000"  # the business plan's default


def test_operator_commands_refuse_bad_input(database_url: str, account: Account) -> None:
    env = {"HOP_DATABASE_URL": database_url}
    zero = hop(
        "user", "limits", "--email", account.email, "--per-minute", "0", "--per-month", "5", env=env
    )
    assert zero.returncode == 2
    assert "must be greater than 0" in zero.stderr
    unknown = hop("user", "plan", "--email", "nobody@example.com", "--plan", "pro", env=env)
    assert unknown.returncode == 1
    assert "No user has the e-mail" in unknown.stderr
