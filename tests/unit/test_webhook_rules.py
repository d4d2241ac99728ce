"""Pure webhook rules: the retry schedule, Retry-After, the pause streak, secrets at rest,
the envelope, and the settings that carry the contract's numbers (docs/api.md#webhooks)."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from admin.secretbox import SecretBox, SecretUnreadable
from admin.webhooks.retry import PAUSE_AFTER, RetryPolicy, parse_retry_after, streak_after
from admin.webhooks.service import new_signing_secret
from common.events import encode_envelope
from common.settings import SettingsError, load_settings

SPEC_SCHEDULE = (60.0, 300.0, 900.0, 3600.0, 21600.0, 86400.0)  # 1 min … 24 h


def test_defaults_are_the_specs_numbers() -> None:
    hooks = load_settings({}).webhooks
    assert hooks.retry_schedule == SPEC_SCHEDULE
    assert hooks.timeout == 10.0
    assert hooks.networks == ()  # public addresses only
    assert hooks.allow_http is False
    assert PAUSE_AFTER == 6


def test_the_schedule_compresses_for_tests() -> None:
    settings = load_settings({"HOP_TEST_WEBHOOK_RETRY_SCHEDULE": "0.05, 0.1,1"})
    assert settings.webhooks.retry_schedule == (0.05, 0.1, 1.0)
    for bad in ("", "1,,2", "1,-2", "soon"):
        with pytest.raises(SettingsError, match="HOP_TEST_WEBHOOK_RETRY_SCHEDULE"):
            load_settings({"HOP_TEST_WEBHOOK_RETRY_SCHEDULE": bad})
    with pytest.raises(SettingsError, match="HOP_WEBHOOK_NETWORKS"):
        load_settings({"HOP_WEBHOOK_NETWORKS": "loopback"})
    with pytest.raises(SettingsError, match="HOP_WEBHOOK_ALLOW_HTTP"):
        load_settings({"HOP_WEBHOOK_ALLOW_HTTP": "maybe"})
    with pytest.raises(SettingsError, match="HOP_SMTP_URL"):
        load_settings({"HOP_SMTP_URL": "http://mail.example"})
    assert load_settings({"HOP_WEBHOOK_NETWORKS": "127.0.0.0/8"}).webhooks.networks == (
        "127.0.0.0/8",
    )


def test_every_delay_of_the_schedule_within_ten_percent() -> None:
    policy = RetryPolicy(SPEC_SCHEDULE, random.Random(7))
    assert policy.max_attempts == 7
    for attempt, base in enumerate(SPEC_SCHEDULE, start=1):
        delays = [policy.delay_after(attempt) for _ in range(200)]
        assert all(d is not None and base * 0.9 <= d <= base * 1.1 for d in delays)
        assert len(set(delays)) > 1  # jittered
    assert policy.delay_after(7) is None  # the seventh failure gives up


def test_retry_after_is_honoured_within_the_schedules_bounds() -> None:
    policy = RetryPolicy(SPEC_SCHEDULE)
    assert policy.delay_after(1, retry_after=120) == 120
    assert policy.delay_after(1, retry_after=1) == 60  # never sooner than the shortest delay
    assert policy.delay_after(2, retry_after=10**7) == 86400  # never later than the longest
    assert policy.delay_after(7, retry_after=120) is None


def test_parse_retry_after() -> None:
    now = datetime(2026, 1, 1, tzinfo=UTC)
    assert parse_retry_after("120", now) == 120
    assert parse_retry_after("Thu, 01 Jan 2026 00:02:00 GMT", now) == 120
    assert parse_retry_after("Wed, 31 Dec 2025 00:00:00 GMT", now) == 0
    assert parse_retry_after("soon", now) is None
    assert parse_retry_after(None, now) is None


@pytest.mark.parametrize(
    "value",
    [
        "Mon, 01 Jan 99999999999999999999 00:00:00 GMT",  # OverflowError in the date parser
        "Mon, 32 Jan 2026 00:00:00 GMT",
        "\u00b2",  # a digit to str.isdigit, not to int()
        "-5",
        "",
    ],
)
def test_a_hostile_retry_after_is_ignored(value: str) -> None:
    assert parse_retry_after(value, datetime(2026, 1, 1, tzinfo=UTC)) is None


@settings(max_examples=300, database=None, deadline=None)
@given(st.text(max_size=64))
def test_parse_retry_after_never_raises(value: str) -> None:
    seconds = parse_retry_after(value, datetime(2026, 1, 1, tzinfo=UTC))
    assert seconds is None or seconds >= 0


def test_streak() -> None:
    assert streak_after(0, [False] * 5) == (5, False)
    assert streak_after(0, [False] * 6) == (6, True)
    assert streak_after(5, [True]) == (0, False)
    assert streak_after(5, [False, True]) == (0, True)  # reached before the success
    assert streak_after(0, [False] * 5 + [True] + [False] * 5) == (5, False)


def test_secrets_are_sealed_per_webhook() -> None:
    box = SecretBox("k" * 40)
    secret = new_signing_secret()
    assert secret.startswith("whsec_")
    assert len(secret) == 6 + 43  # 32 random bytes, base64url
    sealed = box.seal(secret, "wh_1")
    assert secret.encode() not in sealed
    assert box.seal(secret, "wh_1") != sealed  # a fresh nonce each time
    assert box.open(sealed, "wh_1") == secret
    with pytest.raises(SecretUnreadable):
        box.open(sealed, "wh_2")  # copied onto another webhook's row
    with pytest.raises(SecretUnreadable):
        SecretBox("j" * 40).open(sealed, "wh_1")
    with pytest.raises(SecretUnreadable):
        box.open(b"\x02" + sealed[1:], "wh_1")


def test_envelope() -> None:
    body = encode_envelope(
        "evt_1", "link.clicked", "2026-11-22T12:00:00.123Z", b'{"os": "iOS", "country": null}'
    )
    assert body == (
        b'{"id":"evt_1","type":"link.clicked","createdAt":"2026-11-22T12:00:00.123Z",'
        b'"data":{"os":"iOS","country":null}}'
    )
    assert msgspec.json.decode(body)["data"] == {"os": "iOS", "country": None}
