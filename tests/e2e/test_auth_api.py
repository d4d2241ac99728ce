"""Authentication: API keys, login, refresh rotation, scopes, live/test isolation."""

from __future__ import annotations

import time
from datetime import datetime

import httpx
import jwt
import psycopg

from admin.auth.scopes import ALL_SCOPES
from tests.support.accounts import PASSWORD, Account, create_key
from tests.support.cli import run_hop
from tests.support.env import JWT_SECRET
from tests.support.waiting import wait_for, wait_until

UNAUTHORIZED = "Unauthorized"


def assert_401(response: httpx.Response) -> str:
    assert response.status_code == 401, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    assert response.json()["title"] == UNAUTHORIZED
    detail: str = response.json()["detail"]
    return detail


def login(api: httpx.Client, account: Account) -> dict[str, object]:
    response = api.post("/v1/auth/login", json={"email": account.email, "password": PASSWORD})
    assert response.status_code == 200, response.text
    body: dict[str, object] = response.json()
    return body


def test_every_kind_of_bad_token_is_401(
    api: httpx.Client, account: Account, database_url: str, admin_url: str
) -> None:
    assert "Authorization" in assert_401(api.get("/v1/links"))
    assert_401(api.get("/v1/links", headers={"Authorization": "Basic abc"}))
    assert_401(api.get("/v1/links", headers={"Authorization": "Bearer"}))
    assert "malformed" in assert_401(api.get("/v1/links", headers={"Authorization": "Bearer x"}))
    unknown = account.live_key[:-4] + "AAAA"
    assert "not valid" in assert_401(
        api.get("/v1/links", headers={"Authorization": f"Bearer {unknown}"})
    )
    forged = jwt.encode(
        {
            "sub": account.user_id,
            "typ": "access",
            "exp": time.time() + 60,
            "iat": time.time(),
            "aud": "hop-api",
            "iss": admin_url,
        },
        "not-the-secret-not-the-secret-not-the-secret",
        algorithm="HS256",
    )
    assert_401(api.get("/v1/links", headers={"Authorization": f"Bearer {forged}"}))
    expired = jwt.encode(
        {
            "sub": account.user_id,
            "typ": "access",
            "exp": time.time() - 60,
            "iat": time.time() - 960,
            "aud": "hop-api",
            "iss": admin_url,
        },
        JWT_SECRET,
        algorithm="HS256",
    )
    assert "expired" in assert_401(
        api.get("/v1/links", headers={"Authorization": f"Bearer {expired}"})
    )


def test_revoked_key_is_401(
    api: httpx.Client, account: Account, database_url: str, redis_url: str
) -> None:
    key = create_key(database_url, account.email, ("links:read",))
    headers = {"Authorization": f"Bearer {key}"}
    assert api.get("/v1/links", headers=headers).status_code == 200  # now cached by the admin
    prefix = key[:17]
    result = run_hop(
        "key",
        "revoke",
        "--user",
        account.email,
        "--prefix",
        prefix,
        env={"HOP_DATABASE_URL": database_url, "HOP_REDIS_URL": redis_url},
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    wait_until(  # the announcement travels over Redis pub/sub
        lambda: api.get("/v1/links", headers=headers).status_code != 200,
        timeout=1.0,
        every=0.01,
        message="revocation not applied within a second",
    )
    assert "revoked" in assert_401(api.get("/v1/links", headers=headers))


def test_revoking_without_redis_warns_about_cached_credentials(
    account: Account, database_url: str
) -> None:
    key = create_key(database_url, account.email, ("links:read",))
    result = run_hop(
        "key",
        "revoke",
        "--user",
        account.email,
        "--prefix",
        key[:17],
        env={"HOP_DATABASE_URL": database_url},
    )
    assert result.returncode == 0
    assert "HOP_AUTH_CACHE_TTL" in result.stderr
    with psycopg.connect(database_url) as conn:
        row = conn.execute(
            "SELECT revoked_at FROM api_keys WHERE prefix = %s", (key[:17],)
        ).fetchone()
    assert row is not None
    assert row[0] is not None


def test_keys_are_stored_only_as_hashes(account: Account, database_url: str) -> None:
    with psycopg.connect(database_url) as conn:
        rows = conn.execute(
            "SELECT prefix, key_hash, scopes FROM api_keys WHERE workspace_id = %s",
            (account.workspace_id,),
        ).fetchall()
        dump = str(
            conn.execute(
                "SELECT * FROM api_keys WHERE workspace_id = %s", (account.workspace_id,)
            ).fetchall()
        )
    assert len(rows) == 2
    assert account.live_key not in dump
    assert account.test_key not in dump
    assert account.live_key[9:] not in dump
    assert {row[0] for row in rows} == {account.live_key[:17], account.test_key[:17]}
    assert all(sorted(row[2]) == sorted(ALL_SCOPES) for row in rows)


def test_missing_scope_is_403(api: httpx.Client, account: Account, database_url: str) -> None:
    reader = {"Authorization": f"Bearer {create_key(database_url, account.email, ('links:read',))}"}
    assert api.get("/v1/links", headers=reader).status_code == 200
    response = api.post("/v1/links", json={"longUrl": "https://example.com"}, headers=reader)
    assert response.status_code == 403
    assert response.json()["title"] == "Forbidden"
    assert "links:write" in response.json()["detail"]
    other = {"Authorization": f"Bearer {create_key(database_url, account.email, ('qr:read',))}"}
    assert api.get("/v1/links", headers=other).status_code == 403
    writer = {
        "Authorization": f"Bearer {create_key(database_url, account.email, ('links:write',))}"
    }
    assert api.get("/v1/links", headers=writer).status_code == 200  # write implies read


def test_live_and_test_keys_see_disjoint_data(api: httpx.Client, account: Account) -> None:
    live = api.post(
        "/v1/links", json={"longUrl": "https://example.com/live"}, headers=account.headers("live")
    ).json()
    test = api.post(
        "/v1/links", json={"longUrl": "https://example.com/test"}, headers=account.headers("test")
    ).json()
    live_ids = [
        link["id"] for link in api.get("/v1/links", headers=account.headers("live")).json()["data"]
    ]
    test_ids = [
        link["id"] for link in api.get("/v1/links", headers=account.headers("test")).json()["data"]
    ]
    assert live_ids == [live["id"]]
    assert test_ids == [test["id"]]
    assert api.get(f"/v1/links/{live['id']}", headers=account.headers("test")).status_code == 404
    assert api.delete(f"/v1/links/{test['id']}", headers=account.headers("live")).status_code == 404


def test_login_then_use_the_access_token(api: httpx.Client, account: Account) -> None:
    tokens = login(api, account)
    assert tokens["tokenType"] == "Bearer"
    assert tokens["expiresIn"] == 900
    access = tokens["accessToken"]
    claims = jwt.decode(str(access), JWT_SECRET, algorithms=["HS256"], audience="hop-api")
    assert claims["sub"] == account.user_id
    assert claims["exp"] - claims["iat"] == 900
    created = api.post(
        "/v1/links",
        json={"longUrl": "https://example.com"},
        headers={"Authorization": f"Bearer {access}"},
    )
    assert created.status_code == 201
    # JWT sessions act on live data.
    live = api.get("/v1/links", headers=account.headers("live")).json()["data"]
    assert [link["id"] for link in live] == [created.json()["id"]]


def test_wrong_password_and_unknown_email_are_401(api: httpx.Client, account: Account) -> None:
    wrong = api.post("/v1/auth/login", json={"email": account.email, "password": "nope-nope"})
    unknown = api.post("/v1/auth/login", json={"email": "nobody@example.com", "password": "x"})
    assert assert_401(wrong) == assert_401(unknown)
    assert api.post("/v1/auth/login", json={"email": account.email}).status_code == 400
    assert api.post("/v1/auth/login", json={"email": 1, "password": "x"}).status_code == 422


def test_refresh_rotates_and_reuse_revokes_the_family(api: httpx.Client, account: Account) -> None:
    first = login(api, account)
    second = api.post("/v1/auth/refresh", json={"refreshToken": first["refreshToken"]})
    assert second.status_code == 200, second.text
    pair = second.json()
    assert pair["refreshToken"] != first["refreshToken"]
    assert (
        api.get("/v1/links", headers={"Authorization": f"Bearer {pair['accessToken']}"}).status_code
        == 200
    )

    # The first token is spent: presenting it again is reuse, which revokes the family...
    assert "already used" in assert_401(
        api.post("/v1/auth/refresh", json={"refreshToken": first["refreshToken"]})
    )
    # ...so the legitimately rotated token is dead too.
    assert "revoked" in assert_401(
        api.post("/v1/auth/refresh", json={"refreshToken": pair["refreshToken"]})
    )
    # A separate login is another family and still works.
    other = login(api, account)
    assert (
        api.post("/v1/auth/refresh", json={"refreshToken": other["refreshToken"]}).status_code
        == 200
    )


def test_unknown_refresh_token_is_401(api: httpx.Client) -> None:
    assert_401(api.post("/v1/auth/refresh", json={"refreshToken": "hop_rt_nonsense"}))
    assert api.post("/v1/auth/refresh", json={}).status_code == 400


def test_using_a_key_records_last_used_at(api: httpx.Client, account: Account) -> None:
    """Written off the request path (HOP_API_KEY_USAGE_INTERVAL, 0.5 s in tests)."""

    def export_keys() -> dict[str, dict[str, object]]:
        response = api.post("/v1/users/me/export", headers=account.headers())
        assert response.status_code == 200, response.text
        return {key["environment"]: key for key in response.json()["apiKeys"]}

    before = time.time()
    keys = wait_for(  # the export uses the key
        export_keys,
        lambda keys: keys["live"]["lastUsedAt"] is not None,
        timeout=20,
        every=0.2,
        message="lastUsedAt was never written",
    )
    used_at = datetime.fromisoformat(str(keys["live"]["lastUsedAt"]))
    assert before - 1 <= used_at.timestamp() <= time.time() + 1
    assert keys["test"]["lastUsedAt"] is None  # only the key that was used
