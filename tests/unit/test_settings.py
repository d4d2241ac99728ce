from __future__ import annotations

import base64
import secrets
from collections.abc import Callable
from pathlib import Path

import pytest

from common.settings import RETIRED, VARIABLES, Listen, SettingsError, load_settings
from common.settings.parsers import secret
from common.weak_secrets import weak_key_reason

README = Path(__file__).resolve().parents[2] / "README.md"


def test_defaults() -> None:
    settings = load_settings({})
    assert settings.database_url is None
    assert settings.base_url == "http://127.0.0.1:8000"
    assert settings.short_base_url == "http://127.0.0.1:8080"
    assert settings.admin.listen == Listen("127.0.0.1", 8000)
    assert settings.edge.listen == Listen("127.0.0.1", 8080)
    assert (settings.limits.free.per_minute, settings.limits.free.per_month) == (60, 10_000)
    assert (settings.limits.pro.per_minute, settings.limits.pro.per_month) == (600, 100_000)
    assert settings.auth.access_token_ttl == 900
    assert settings.admin.code_reservation_days == 30


def test_code_reservation_can_be_turned_off() -> None:
    assert load_settings({"HOP_CODE_RESERVATION_DAYS": "0"}).admin.code_reservation_days == 0


def test_database_url_may_name_a_primary_and_its_standbys() -> None:
    # libpq's multi-host form (docs/operations.md#postgresql-failover), passed on as given.
    url = (
        "postgresql://hop@db-a:5432,db-b:5432/hop?target_session_attrs=read-write&connect_timeout=5"
    )
    assert load_settings({"HOP_DATABASE_URL": url}).database_url == url


def test_listen_follows_the_public_url_unless_set() -> None:
    settings = load_settings({"HOP_SHORT_BASE_URL": "https://hop.example/"})
    assert settings.short_base_url == "https://hop.example"
    assert settings.edge.listen == Listen("hop.example", 443)
    settings = load_settings(
        {"HOP_SHORT_BASE_URL": "https://hop.example", "HOP_EDGE_LISTEN": "10.1.2.3:9000"}
    )
    assert settings.edge.listen == Listen("10.1.2.3", 9000)


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("HOP_DATABASE_URL", "mysql://x", "HOP_DATABASE_URL: must be a postgresql:// URL"),
        ("HOP_REDIS_URL", "http://x", "HOP_REDIS_URL: must be a redis://"),
        ("HOP_BASE_URL", "localhost:8000", "HOP_BASE_URL: must be an absolute http(s) URL"),
        ("HOP_ADMIN_WORKERS", "0", "HOP_ADMIN_WORKERS: must be greater than 0"),
        ("HOP_ADMIN_WORKERS", "two", "HOP_ADMIN_WORKERS: must be a whole number"),
        ("HOP_CODE_RESERVATION_DAYS", "-1", "HOP_CODE_RESERVATION_DAYS: must be 0 or more"),
        ("HOP_LOG_LEVEL", "loud", "HOP_LOG_LEVEL: must be one of"),
        ("HOP_EDGE_LISTEN", "9000", "HOP_EDGE_LISTEN: must be HOST:PORT"),
        ("HOP_EDGE_LISTEN", "h:70000", "HOP_EDGE_LISTEN: must be a TCP port"),
        ("HOP_JWT_SECRET", "short", "HOP_JWT_SECRET: must be at least 32 characters"),
        ("HOP_TRUSTED_PROXIES", "10.0.0.0/8,nope", "HOP_TRUSTED_PROXIES: 'nope'"),
        ("HOP_PASSWORD_HASH_MEMORY_KIB", "4096", "HOP_PASSWORD_HASH_MEMORY_KIB: must be at least"),
        ("HOP_NOT_A_SETTING", "1", "HOP_NOT_A_SETTING: unknown setting"),
    ],
)
def test_bad_values_name_the_variable(name: str, value: str, message: str) -> None:
    with pytest.raises(SettingsError) as caught:
        load_settings({name: value})
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)


RANDOM_KEY = "CDmTWgrwKGGQzE_Z6TboKDPjjiJ3kiAOdjTZzXiJOEF8kZl0"


def test_secret_from_file(tmp_path: Path) -> None:
    secret = tmp_path / "jwt"
    secret.write_text(RANDOM_KEY + "\n")
    assert load_settings({"HOP_JWT_SECRET_FILE": str(secret)}).auth.jwt_secret == RANDOM_KEY
    with pytest.raises(SettingsError, match="HOP_JWT_SECRET_FILE: cannot read"):
        load_settings({"HOP_JWT_SECRET_FILE": str(tmp_path / "missing")})
    with pytest.raises(SettingsError, match="either"):
        load_settings({"HOP_JWT_SECRET_FILE": str(secret), "HOP_JWT_SECRET": RANDOM_KEY})


SECRET_SETTINGS = [variable.name for variable in VARIABLES if variable.parse is secret]
PLACEHOLDERS = [
    "replace-with-48-random-characters-replace-with-48",  # what deploy/k8s/hop.yaml shipped
    "change-me-change-me-change-me-change-me",
    "changeme-to-a-32-character-value-please",
    "CHANGE_ME_TO_SOMETHING_LONG_AND_RANDOM_0",
    "my-super-secret-jwt-key-for-production-use",
    "placeholder-value-for-the-hop-deployment",
    "this-is-an-example-key-of-enough-length",
    "$(openssl rand -base64 48)-not-expanded-xyz",
    "${HOP_JWT_SECRET}-literally-left-in-the-file",
    "x" * 48,
    "ab" * 24,
    "hop-key-" * 5,
    "0123456789abcdef0123456789abcdef",
    "aaaabbbbccccddddaaaabbbbccccddddabc",
    "qwertyuiopasdfghjklzxcvbnmqwertyuiop",
    "abcdefghijklmnopqrstuvwxyz0123456789",
    "Kx9vTq2LmZ7wxxxxxxxxxxxxxxxxxxxxRb4nPc",
]


@pytest.mark.parametrize("name", SECRET_SETTINGS)
@pytest.mark.parametrize("value", PLACEHOLDERS)
def test_placeholder_secrets_are_refused(name: str, value: str) -> None:
    with pytest.raises(SettingsError) as caught:
        load_settings({name: value})
    message = str(caught.value)
    assert message.startswith(f"{name}: ")
    assert "openssl rand" in message
    assert value not in message  # a secret, even a bad one, is never printed
    assert "\n" not in message


@pytest.mark.parametrize("name", SECRET_SETTINGS)
def test_random_keys_are_accepted(name: str) -> None:
    """What the README tells operators to run, many times over: none is refused."""
    generators: tuple[Callable[[], str], ...] = (
        lambda: secrets.token_urlsafe(32),
        lambda: base64.b64encode(secrets.token_bytes(48)).decode(),
        lambda: secrets.token_hex(16),
        lambda: secrets.token_hex(32),
    )
    refused = [
        reason
        for generate in generators
        for _ in range(500)
        if (reason := weak_key_reason(key := generate())) or not load_settings({name: key})
    ]
    assert refused == []


def test_every_secret_setting_is_checked() -> None:
    assert set(SECRET_SETTINGS) == {
        "HOP_JWT_SECRET",
        "HOP_WEBHOOK_SECRET_KEY",
        "HOP_LINK_PASSWORD_KEY",
    }
    smtp = "smtps://hop:change-me@mail.example:465"
    with pytest.raises(
        SettingsError, match=r"^HOP_SMTP_URL: the password looks like a placeholder"
    ):
        load_settings({"HOP_SMTP_URL": smtp})
    with pytest.raises(SettingsError) as caught:
        load_settings({"HOP_SMTP_URL": "smtp://hop:your-password-here@mail.example"})
    assert "your-password-here" not in str(caught.value)
    real = "smtp+starttls://hop:Zq4-tY8pWm2r@mail.example:587"
    assert load_settings({"HOP_SMTP_URL": real}).mail.smtp_url == real


def test_readme_documents_every_variable() -> None:
    readme = README.read_text()
    missing = [variable.name for variable in VARIABLES if f"`{variable.name}`" not in readme]
    assert missing == []


def test_test_seams_are_named_as_such() -> None:
    """Knobs only tests move are HOP_TEST_*, and nothing an operator sets is."""
    seams = {variable.name for variable in VARIABLES if variable.seam}
    assert seams == {v.name for v in VARIABLES if v.name.startswith("HOP_TEST_")}
    assert len(seams) < len(VARIABLES) // 4


def test_every_field_is_declared_once() -> None:
    names = [variable.name for variable in VARIABLES]
    paths = [variable.path for variable in VARIABLES]
    assert len(set(names)) == len(names)
    assert len(set(paths)) == len(paths)
    assert all(variable.doc.strip() for variable in VARIABLES)


def test_retired_settings_say_what_became_of_them() -> None:
    assert not set(RETIRED) & {variable.name for variable in VARIABLES}
    with pytest.raises(SettingsError) as caught:
        load_settings({"HOP_CLICK_FLUSH_MS": "20"})
    assert str(caught.value).startswith("HOP_CLICK_FLUSH_MS: no longer a setting")
    assert "HOP_TEST_CLICK_FLUSH_MS" in str(caught.value)
    assert load_settings({"HOP_TEST_CLICK_FLUSH_MS": "20"}).edge.click_flush_ms == 20
