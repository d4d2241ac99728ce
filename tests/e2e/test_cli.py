"""The `hop` command: user creation (password kept out of argv), key creation, settings
errors, cache rebuild."""

from __future__ import annotations

import httpx
import msgspec
import redis

from common.keys import LINK_PREFIX, link_key, sandbox_link_key
from tests.support.accounts import Account
from tests.support.cli import run_hop as hop
from tests.support.cli import run_hop_in_terminal
from tests.support.env import JWT_SECRET, WEBHOOK_SECRET_KEY


def _logs_in(api: httpx.Client, email: str, password: str) -> bool:
    response = api.post("/v1/auth/login", json={"email": email, "password": password})
    return response.status_code == 200


def test_user_create_prints_one_json_object(database_url: str, api: httpx.Client) -> None:
    password = "a-long-password from stdin"
    argv = [
        "user",
        "create",
        "--email",
        "cli-user@example.com",
        "--password-stdin",
        "--plan",
        "pro",
    ]
    result = hop(*argv, env={"HOP_DATABASE_URL": database_url}, stdin=password + "\n")
    assert result.returncode == 0, result.stderr
    assert password not in " ".join(argv)
    assert result.stdout.count("\n") == 1
    created = msgspec.json.decode(result.stdout)
    assert set(created) == {"userId", "liveKey", "testKey"}
    assert created["userId"].startswith("usr_")
    assert created["liveKey"].startswith("svc_live_")
    assert created["testKey"].startswith("svc_test_")
    for key in (created["liveKey"], created["testKey"]):
        assert api.get("/v1/links", headers={"Authorization": f"Bearer {key}"}).status_code == 200
    # The whole line is the password: inner spaces kept, only the line break dropped.
    assert _logs_in(api, "cli-user@example.com", password)

    again = hop(
        "user",
        "create",
        "--email",
        "CLI-user@example.com",
        "--password",
        "a-long-password",
        env={"HOP_DATABASE_URL": database_url},
    )
    assert again.returncode == 1
    assert "exists" in again.stderr
    assert again.stdout == ""


def test_user_create_asks_a_terminal_twice(database_url: str, api: httpx.Client) -> None:
    env = {"HOP_DATABASE_URL": database_url}
    argv = ("user", "create", "--email", "cli-prompt@example.com")
    typed = run_hop_in_terminal(*argv, env=env, answers=["prompted-pass-1", "prompted-pass-1"])
    assert typed.returncode == 0, typed.terminal
    assert typed.terminal.count("Password") == 2
    assert "prompted-pass-1" not in typed.terminal  # echo was off
    assert msgspec.json.decode(typed.stdout)["userId"].startswith("usr_")
    assert _logs_in(api, "cli-prompt@example.com", "prompted-pass-1")

    argv = ("user", "create", "--email", "cli-typo@example.com")
    typo = run_hop_in_terminal(*argv, env=env, answers=["prompted-pass-1", "prompted-pass-2"])
    assert typo.returncode == 1
    assert "do not match" in typo.terminal
    assert typo.stdout == ""
    assert not _logs_in(api, "cli-typo@example.com", "prompted-pass-1")


def test_user_create_without_a_password_or_a_terminal_refuses(
    database_url: str, api: httpx.Client
) -> None:
    env = {"HOP_DATABASE_URL": database_url}
    piped = hop("user", "create", "--email", "cli-none@example.com", env=env, stdin="xyz\n")
    assert piped.returncode == 1
    assert "--password-stdin" in piped.stderr
    empty = hop("user", "create", "--email", "cli-none@example.com", "--password-stdin", env=env)
    assert empty.returncode == 1
    assert "empty" in empty.stderr
    # Both stopped before the database: the address is still free.
    created = hop(
        "user",
        "create",
        "--email",
        "cli-none@example.com",
        "--password-stdin",
        env=env,
        stdin="a-long-password",
    )
    assert created.returncode == 0, created.stderr
    assert _logs_in(api, "cli-none@example.com", "a-long-password")


def test_key_create_with_scopes(database_url: str, account: Account, api: httpx.Client) -> None:
    result = hop(
        "key",
        "create",
        "--user",
        account.email,
        "--scopes",
        "links:read",
        "--test",
        env={"HOP_DATABASE_URL": database_url},
    )
    assert result.returncode == 0, result.stderr
    key = msgspec.json.decode(result.stdout)["key"]
    assert key.startswith("svc_test_")
    headers = {"Authorization": f"Bearer {key}"}
    assert api.get("/v1/links", headers=headers).status_code == 200
    assert (
        api.post("/v1/links", json={"longUrl": "https://example.com"}, headers=headers).status_code
        == 403
    )

    bad = hop(
        "key",
        "create",
        "--user",
        account.email,
        "--scopes",
        "links:fly",
        env={"HOP_DATABASE_URL": database_url},
    )
    assert bad.returncode != 0
    assert "links:fly" in bad.stderr


def test_bad_setting_stops_with_one_line_naming_it() -> None:
    result = hop("migrate", env={"HOP_DATABASE_URL": "mysql://nope", "HOP_ADMIN_WORKERS": "2"})
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "hop: HOP_DATABASE_URL: must be a postgresql:// URL"
    ]
    result = hop("admin", env={"HOP_ADMIN_WORKERS": "zero"})
    assert result.returncode == 2
    assert result.stderr.startswith("hop: HOP_ADMIN_WORKERS:")
    assert len(result.stderr.strip().splitlines()) == 1


def test_open_sign_up_without_a_mail_server_does_not_start(
    database_url: str, redis_url: str
) -> None:
    """Confirmation and reset links would have no way out but the log, where they are
    secrets: outside `hop dev` (HOP_DEV_MAIL_LOG) the admin and the worker refuse."""
    env = {
        "HOP_DATABASE_URL": database_url,
        "HOP_REDIS_URL": redis_url,
        "HOP_JWT_SECRET": JWT_SECRET,
        "HOP_WEBHOOK_SECRET_KEY": WEBHOOK_SECRET_KEY,
    }
    for role in ("admin", "worker"):
        result = hop(role, env=env)
        assert result.returncode == 2, (role, result.stderr)
        (line,) = result.stderr.strip().splitlines()
        assert line.startswith("hop: HOP_SIGNUP: open sign-up needs HOP_SMTP_URL"), line
        assert "HOP_SIGNUP=closed" in line


def test_cache_rebuild_restores_a_flushed_redis(
    database_url: str, redis_url: str, api: httpx.Client, account: Account
) -> None:
    codes = [
        api.post(
            "/v1/links", json={"longUrl": f"https://example.com/{n}"}, headers=account.headers()
        ).json()["shortCode"]
        for n in range(5)
    ]
    gone = api.post(
        "/v1/links", json={"longUrl": "https://example.com/gone"}, headers=account.headers()
    ).json()
    api.delete(f"/v1/links/{gone['id']}", headers=account.headers())
    sandbox = api.post(
        "/v1/links", json={"longUrl": "https://example.com/s"}, headers=account.headers("test")
    ).json()["shortCode"]
    store = redis.Redis.from_url(redis_url)
    store.set(link_key("stale-entry"), b"junk")
    store.set(sandbox_link_key("stale-entry"), b"junk")
    store.set(link_key(sandbox), b"junk")  # a sandbox code is no live one
    before = {code: store.get(link_key(code)) for code in [*codes, gone["shortCode"]]}
    sandbox_before = store.get(sandbox_link_key(sandbox))
    assert sandbox_before is not None
    store.delete(*[link_key(code) for code in before], sandbox_link_key(sandbox))

    result = hop(
        "cache", "rebuild", env={"HOP_DATABASE_URL": database_url, "HOP_REDIS_URL": redis_url}
    )
    assert result.returncode == 0, result.stderr
    assert msgspec.json.decode(result.stdout)["links"] >= 7
    after = {code: store.get(link_key(code)) for code in before}
    assert after == before
    assert store.get(sandbox_link_key(sandbox)) == sandbox_before
    assert store.get(link_key("stale-entry")) is None
    assert store.get(sandbox_link_key("stale-entry")) is None
    assert store.get(link_key(sandbox)) is None
    keys: list[bytes] = store.keys(LINK_PREFIX + "*")  # type: ignore[assignment]
    assert all(key.startswith(LINK_PREFIX.encode()) for key in keys)


def test_settings_command_prints_the_readme_table() -> None:
    result = hop("settings")
    assert result.returncode == 0
    assert result.stdout.startswith("| Variable |")
    assert "`HOP_DATABASE_URL`" in result.stdout
