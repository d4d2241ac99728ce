"""Two-factor codes (TOTP, RFC 6238) through the real admin: enrolment and confirmation,
the login's second step, codes accepted once, wrong codes throttled, recovery codes,
mfaTokens, workspaces that require a second factor, and the dashboard's pages (sign-in's
second page, enrolment with its QR code, the sessions list). Codes come from pyotp."""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Iterator

import httpx
import psycopg
import pyotp
import pytest

from tests.support.accounts import PASSWORD, Account, create_account
from tests.support.stack import Stack
from tests.support.web import Browser, csrf_of, outbox, sign_in
from tests.support.workspaces import add_member, bearer, login, make_key


def _now_step() -> int:
    return int(time.time()) // 30


def _code(secret: str, step: int) -> str:
    return pyotp.TOTP(secret).at(step * 30)


def _wrong_code(secret: str) -> str:
    """A code no step near now has."""
    near = {_code(secret, _now_step() + delta) for delta in range(-2, 4)}
    return next(c for c in (f"{n:06d}" for n in range(0, 1_000_000, 7919)) if c not in near)


def _problem(response: httpx.Response, status: int) -> dict[str, object]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    body: dict[str, object] = response.json()
    return body


def _enrol(api: httpx.Client, token: str) -> tuple[str, list[str], int]:
    """Turn TOTP on for the token's person: the secret, the recovery codes, the step used."""
    started = api.post("/v1/users/me/mfa/totp", headers=bearer(token))
    assert started.status_code == 200, started.text
    secret = started.json()["secret"]
    assert started.json()["otpauthUri"].startswith("otpauth://totp/Hop:")
    assert f"secret={secret}" in started.json()["otpauthUri"]
    step = _now_step()
    confirmed = api.post(
        "/v1/users/me/mfa/totp/confirm", json={"code": _code(secret, step)}, headers=bearer(token)
    )
    assert confirmed.status_code == 200, confirmed.text
    codes = confirmed.json()["recoveryCodes"]
    assert len(codes) == 10
    assert len(set(codes)) == 10
    return secret, codes, step


def _challenge(api: httpx.Client, account: Account, workspace_id: str | None = None) -> str:
    body: dict[str, str] = {"email": account.email, "password": PASSWORD}
    if workspace_id:
        body["workspaceId"] = workspace_id
    problem = _problem(api.post("/v1/auth/login", json=body), 401)
    assert problem["mfaRequired"] is True
    assert problem["type"] == "urn:hop:problem:mfa-challenge"
    token = problem["mfaToken"]
    assert isinstance(token, str)
    assert token.startswith("mfa_")
    return token


def test_enrol_confirm_and_sign_in_with_a_code_once(
    api: httpx.Client, account: Account, session_stack: Stack
) -> None:
    token = login(api, account, None)
    refresh = api.post("/v1/auth/login", json={"email": account.email, "password": PASSWORD})
    secret, codes, step = _enrol(api, token)
    # Stored hashed and sealed: neither the secret nor a recovery code is in the record.
    [(sealed,)] = session_stack.sql(
        "SELECT secret FROM user_totp WHERE user_id = %s", account.user_id
    )
    assert secret.encode() not in bytes(sealed)
    hashes = session_stack.sql(
        "SELECT code_hash FROM recovery_codes WHERE user_id = %s", account.user_id
    )
    assert len(hashes) == 10
    assert all(len(bytes(h)) == 32 for (h,) in hashes)
    # Enrolling again once on: 409.
    _problem(api.post("/v1/users/me/mfa/totp", headers=bearer(token)), 409)

    # A right password now gets a challenge, not tokens.
    challenge = _challenge(api, account)
    code = _code(secret, step + 1)
    done = api.post("/v1/auth/login/mfa", json={"mfaToken": challenge, "code": code})
    assert done.status_code == 200, done.text
    assert api.get("/v1/users/me", headers=bearer(done.json()["accessToken"])).status_code == 200
    # The token is spent.
    _problem(api.post("/v1/auth/login/mfa", json={"mfaToken": challenge, "code": code}), 401)
    # The same code again, with a new challenge: a replay in its window.
    replay = api.post(
        "/v1/auth/login/mfa", json={"mfaToken": _challenge(api, account), "code": code}
    )
    assert _problem(replay, 401)["type"] == "urn:hop:problem:wrong-code"
    # An earlier step than the last accepted: refused too.
    earlier = api.post(
        "/v1/auth/login/mfa",
        json={"mfaToken": _challenge(api, account), "code": _code(secret, step)},
    )
    _problem(earlier, 401)
    # A refresh token from before keeps working: MFA is at sign-in.
    rotated = api.post("/v1/auth/refresh", json={"refreshToken": refresh.json()["refreshToken"]})
    assert rotated.status_code == 200, rotated.text

    # Audit and e-mail.
    actions = session_stack.sql(
        "SELECT action FROM audit_log WHERE workspace_id = %s", account.workspace_id
    )
    assert ("mfa.enabled",) in actions
    subjects = [subject for subject, _ in outbox(session_stack, account.email)]
    assert "Hop: two-factor codes are on" in subjects
    assert codes  # used below in their own test


def test_recovery_code_is_single_use_and_audited(
    api: httpx.Client, account: Account, session_stack: Stack
) -> None:
    _, codes, _ = _enrol(api, login(api, account, None))
    first = api.post(
        "/v1/auth/login/mfa",
        json={"mfaToken": _challenge(api, account), "code": codes[0].upper()},
    )
    assert first.status_code == 200, first.text
    again = api.post(
        "/v1/auth/login/mfa", json={"mfaToken": _challenge(api, account), "code": codes[0]}
    )
    _problem(again, 401)
    other = api.post(
        "/v1/auth/login/mfa", json={"mfaToken": _challenge(api, account), "code": codes[1]}
    )
    assert other.status_code == 200, other.text
    used = session_stack.sql(
        "SELECT count(*) FROM audit_log WHERE workspace_id = %s AND action = 'recovery_code.used'",
        account.workspace_id,
    )
    assert used == [(2,)]


def test_wrong_codes_are_throttled_per_account(api: httpx.Client, database_url: str) -> None:
    account = create_account(database_url)
    secret, _, step = _enrol(api, login(api, account, None))
    challenge = _challenge(api, account)
    wrong = _wrong_code(secret)
    answers = []
    for _ in range(8):
        response = api.post("/v1/auth/login/mfa", json={"mfaToken": challenge, "code": wrong})
        answers.append(response.status_code)
        if response.status_code == 429:
            assert int(response.headers["Retry-After"]) >= 1
            break
    assert answers[:5] == [401] * 5, answers
    assert answers[-1] == 429, answers
    # Locked: even a right code waits.
    right = api.post(
        "/v1/auth/login/mfa", json={"mfaToken": challenge, "code": _code(secret, step + 1)}
    )
    _problem(right, 429)


def test_forged_expired_and_malformed_mfa_tokens(
    api: httpx.Client, account: Account, session_stack: Stack
) -> None:
    secret, _, step = _enrol(api, login(api, account, None))
    code = _code(secret, step + 1)
    forged = "mfa_" + "A" * 43
    _problem(api.post("/v1/auth/login/mfa", json={"mfaToken": forged, "code": code}), 401)
    _problem(api.post("/v1/auth/login/mfa", json={"mfaToken": "nope", "code": code}), 401)
    _problem(api.post("/v1/auth/login/mfa", json={"mfaToken": forged}), 400)
    # Expired: Redis forgot it (its 5 minutes are a TTL there); gone the same way.
    challenge = _challenge(api, account)
    key = "hop:mfa:challenge:" + hashlib.sha256(challenge.encode()).hexdigest()
    session_stack.redis.delete(key)
    _problem(api.post("/v1/auth/login/mfa", json={"mfaToken": challenge, "code": code}), 401)
    # Still unspent code: a live challenge takes it.
    ok = api.post("/v1/auth/login/mfa", json={"mfaToken": _challenge(api, account), "code": code})
    assert ok.status_code == 200, ok.text


def test_turning_off_needs_password_and_code(
    api: httpx.Client, account: Account, session_stack: Stack
) -> None:
    token = login(api, account, None)
    secret, codes, step = _enrol(api, token)
    off = "/v1/users/me/mfa/totp"
    wrong_password = api.request(
        "DELETE", off, json={"password": "not it at all", "code": codes[0]}, headers=bearer(token)
    )
    _problem(wrong_password, 401)
    wrong_code = api.request(
        "DELETE",
        off,
        json={"password": PASSWORD, "code": _wrong_code(secret)},
        headers=bearer(token),
    )
    _problem(wrong_code, 401)
    _problem(api.request("DELETE", off, json={"code": codes[0]}, headers=bearer(token)), 422)
    done = api.request(
        "DELETE", off, json={"password": PASSWORD, "code": codes[0]}, headers=bearer(token)
    )
    assert done.status_code == 204, done.text
    assert session_stack.sql("SELECT 1 FROM user_totp WHERE user_id = %s", account.user_id) == []
    assert login(api, account, None)  # the password alone again
    subjects = [subject for subject, _ in outbox(session_stack, account.email)]
    assert "Hop: two-factor codes are off" in subjects
    assert step


def test_a_person_without_a_password_turns_codes_off_with_a_code(
    api: httpx.Client, account: Account, database_url: str
) -> None:
    token = login(api, account, None)
    secret, _, step = _enrol(api, token)
    # As a person signed up through a provider is (users.password_hash NULL).
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute("UPDATE users SET password_hash = NULL WHERE id = %s", (account.user_id,))
    # Their password sign-in fails as a wrong password does.
    refused = api.post("/v1/auth/login", json={"email": account.email, "password": PASSWORD})
    _problem(refused, 401)
    done = api.request(
        "DELETE",
        "/v1/users/me/mfa/totp",
        json={"code": _code(secret, step + 1)},
        headers=bearer(token),
    )
    assert done.status_code == 204, done.text


def test_an_api_key_cannot_manage_two_factor(api: httpx.Client, account: Account) -> None:
    _problem(api.post("/v1/users/me/mfa/totp", headers=account.headers()), 403)


def test_confirming_with_a_wrong_code_is_422(api: httpx.Client, account: Account) -> None:
    token = login(api, account, None)
    started = api.post("/v1/users/me/mfa/totp", headers=bearer(token)).json()
    refused = api.post(
        "/v1/users/me/mfa/totp/confirm",
        json={"code": _wrong_code(started["secret"])},
        headers=bearer(token),
    )
    _problem(refused, 422)
    # Starting again while unconfirmed replaces the secret.
    again = api.post("/v1/users/me/mfa/totp", headers=bearer(token)).json()
    assert again["secret"] != started["secret"]


def _team(api: httpx.Client, owner: Account, member: Account, database_url: str) -> str:
    token = login(api, owner, None)
    created = api.post("/v1/workspaces", json={"name": "Strict team"}, headers=bearer(token))
    assert created.status_code == 201, created.text
    workspace_id = str(created.json()["id"])
    add_member(database_url, workspace_id, member.user_id, "admin")
    return workspace_id


def test_a_workspace_can_require_two_factor(
    api: httpx.Client, database_url: str, redis_url: str
) -> None:
    owner, member = create_account(database_url), create_account(database_url)
    workspace_id = _team(api, owner, member, database_url)
    owner_token = login(api, owner, workspace_id)
    member_token = login(api, member, workspace_id)
    path = f"/v1/workspaces/{workspace_id}"
    # Only an owner may require it.
    _problem(api.patch(path, json={"requireMfa": True}, headers=bearer(member_token)), 403)
    turned = api.patch(path, json={"requireMfa": True}, headers=bearer(owner_token))
    assert turned.status_code == 200, turned.text
    assert turned.json()["requireMfa"] is True

    refused = _problem(api.get("/v1/links", headers=bearer(member_token)), 403)
    assert refused["type"] == "urn:hop:problem:mfa-required"
    assert refused["workspaceId"] == workspace_id
    assert workspace_id in str(refused["detail"])
    # API keys are not held to it.
    key = make_key(database_url, workspace_id, member, ("links:read",))
    assert api.get("/v1/links", headers={"Authorization": f"Bearer {key}"}).status_code == 200
    # The personal workspace does not require it.
    assert api.get("/v1/links", headers=bearer(login(api, member, None))).status_code == 200
    # Enrolment stays open; once on, the workspace lets the member in.
    secret, _, step = _enrol(api, member_token)
    challenge = _challenge(api, member, workspace_id)
    pair = api.post(
        "/v1/auth/login/mfa", json={"mfaToken": challenge, "code": _code(secret, step + 1)}
    )
    assert pair.status_code == 200, pair.text
    assert api.get("/v1/links", headers=bearer(pair.json()["accessToken"])).status_code == 200
    # The owner, without a factor of their own, is held to it too.
    _problem(api.get("/v1/links", headers=bearer(owner_token)), 403)


@pytest.fixture
def browser(admin_url: str) -> Iterator[Browser]:
    client = Browser(admin_url, headers={"User-Agent": "TestBrowser/1.0"})
    yield client
    client.close()


@pytest.fixture
def other(admin_url: str) -> Iterator[Browser]:
    client = Browser(admin_url, headers={"User-Agent": "OtherBrowser/2.0"})
    yield client
    client.close()


_SECRET = re.compile(r'id="totp-secret">([A-Z2-7]+)<')
_FLASH_SECRET = re.compile(r'id="new-secret" class="mono">([^<]+)<')


def test_dashboard_enrolment_sign_in_and_sessions(
    browser: Browser, other: Browser, account: Account, session_stack: Stack
) -> None:
    assert sign_in(browser, account.email).status_code == 303
    page = browser.get("/account/two-factor")
    assert page.status_code == 200
    assert "Set up two-factor codes" in page.text
    started = browser.submit("/account/two-factor", "/account/two-factor/start", {})
    assert started.status_code == 200, started.text
    assert "<svg" in started.text  # the QR code, inline
    match = _SECRET.search(started.text)
    assert match, started.text
    secret = match[1]
    step = _now_step()
    confirmed = browser.http.post(
        "/account/two-factor/confirm",
        data={"code": _code(secret, step), "csrf_token": csrf_of(started)},
        headers={"Origin": browser.origin},
    )
    assert confirmed.status_code == 303, confirmed.text
    shown = browser.get("/account/two-factor")
    codes = _FLASH_SECRET.search(shown.text)
    assert codes
    assert len(codes[1].split()) == 10
    assert "recovery codes" in shown.text
    # Shown once.
    assert _FLASH_SECRET.search(browser.get("/account/two-factor").text) is None

    # Another browser: the password, then the second page.
    first = sign_in(other, account.email)
    assert first.status_code == 303
    assert first.headers["location"] == "/login/two-factor"
    assert "hop_session" not in first.headers.get("set-cookie", "")
    assert other.get("/account").status_code == 303  # no session yet
    wrong = other.submit("/login/two-factor", "/login/two-factor", {"code": _wrong_code(secret)})
    assert wrong.status_code == 401
    assert "code" in wrong.text.lower()
    right = other.submit(
        "/login/two-factor", "/login/two-factor", {"code": _code(secret, step + 1)}
    )
    assert right.status_code == 303, right.text
    account_page = other.get("/account")
    assert account_page.status_code == 200
    assert "OtherBrowser/2.0" in account_page.text
    assert "TestBrowser/1.0" in account_page.text
    assert "(this session)" in account_page.text

    # One session signed out by its handle, from the list.
    third = Browser(browser.origin, headers={"User-Agent": "ThirdBrowser/3.0"})
    try:
        assert sign_in(third, account.email).status_code == 303
        assert (
            third.submit("/login/two-factor", "/login/two-factor", {"code": codes[1].split()[0]})
        ).status_code == 303
        listing = other.get("/account").text
        assert len(set(re.findall(r"/account/sessions/([0-9a-f]{64})/end", listing))) == 3
        row = re.search(
            r"ThirdBrowser/3\.0</small>.*?/account/sessions/([0-9a-f]{64})/end", listing, re.S
        )
        assert row is not None
        ended_one = other.submit("/account", f"/account/sessions/{row[1]}/end", {})
        assert ended_one.status_code == 303
        assert third.get("/account").status_code == 303
        assert other.get("/account").status_code == 200
        assert browser.get("/account").status_code == 200
    finally:
        third.close()
    # Sign out elsewhere from the second browser: the first one is out.
    ended = other.submit("/account", "/account/sessions/others/end", {})
    assert ended.status_code == 303
    assert browser.get("/account").status_code == 303
    assert other.get("/account").status_code == 200


def test_dashboard_member_is_sent_to_enrol(
    api: httpx.Client, browser: Browser, other: Browser, database_url: str
) -> None:
    owner, member = create_account(database_url), create_account(database_url)
    workspace_id = _team(api, owner, member, database_url)
    # The owner requires it from the workspace's settings page.
    assert sign_in(other, owner.email).status_code == 303
    assert other.submit("/", "/workspace", {"workspaceId": workspace_id}).status_code == 303
    settings = other.get("/workspace/settings")
    assert "Require two-factor sign-in" in settings.text
    saved = other.submit("/workspace/settings", "/workspace/require-mfa", {"requireMfa": "on"})
    assert saved.status_code == 303, saved.text
    got = api.get(f"/v1/workspaces/{workspace_id}", headers=bearer(login(api, member, None)))
    assert got.json()["requireMfa"] is True
    # The owner, without a second factor either, is sent to enrol too.
    assert other.get("/workspace/settings").headers["location"] == "/account/two-factor"
    assert sign_in(browser, member.email).status_code == 303
    switched = browser.submit("/", "/workspace", {"workspaceId": workspace_id})
    assert switched.status_code == 303, switched.text
    links = browser.get("/")
    assert links.status_code == 303
    assert links.headers["location"] == "/account/two-factor"
    enrol = browser.get("/account/two-factor")
    assert enrol.status_code == 200
    assert "requires two-factor sign-in" in enrol.text


def test_dashboard_second_page_with_a_forged_or_missing_challenge(browser: Browser) -> None:
    assert browser.get("/login/two-factor").headers["location"] == "/login"
    browser.http.cookies.set("hop_mfa", "mfa_" + "B" * 43)
    forged = browser.submit("/login/two-factor", "/login/two-factor", {"code": "123456"})
    assert forged.status_code == 303
    assert forged.headers["location"] == "/login"
    assert browser.get("/account").status_code == 303  # no session was made
