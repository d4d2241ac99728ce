"""The import's pure rules: which source codes Hop keeps, and how long a 429 asks us to
wait."""

from __future__ import annotations

import email.utils

import pytest

from admin.imports.sources.base import retry_after_seconds
from admin.links.imported import code_problem


@pytest.mark.parametrize("code", ["abc", "Sale-2024", "x_y_z", "a" * 64])
def test_codes_hop_can_hold_are_kept(code: str) -> None:
    assert code_problem(code) is None


@pytest.mark.parametrize(
    ("code", "why"),
    [
        (None, "no code"),
        ("", "no code"),
        ("ab", "shorter than Hop's 3 characters"),
        ("summer sale", "characters Hop's codes do not allow"),
        ("café", "characters Hop's codes do not allow"),
        ("a" * 65, "characters Hop's codes do not allow"),
        ("LOGIN", "reserved"),
    ],
)
def test_codes_hop_cannot_hold_say_why(code: str | None, why: str) -> None:
    problem = code_problem(code)
    assert problem is not None
    assert why in problem


def test_retry_after_in_seconds_or_as_an_http_date() -> None:
    assert retry_after_seconds("7") == 7.0
    assert retry_after_seconds(" 0 ") == 0.0
    now = 1_700_000_000.0
    date = email.utils.formatdate(now + 30, usegmt=True)
    assert retry_after_seconds(date, now=now) == pytest.approx(30.0)
    past = email.utils.formatdate(now - 30, usegmt=True)
    assert retry_after_seconds(past, now=now) == 0.0


@pytest.mark.parametrize("value", [None, "", "soon", "-5", "1.5"])
def test_a_retry_after_that_says_nothing_is_none(value: str | None) -> None:
    assert retry_after_seconds(value) is None
