"""The TOTP window and the accepted-once rule (admin/auth/mfa.py), and problem extension
members (mfaRequired, mfaToken, workspaceId) in the problem+json body."""

from __future__ import annotations

import time

import msgspec
import pyotp

from admin.api.problem import encode_problem
from admin.auth.mfa import (
    SecondFactorRequired,
    SecondFactors,
    WorkspaceRequiresMfa,
    new_recovery_code,
    normalise,
    recovery_hash,
)
from admin.auth.mfa_repository import TotpRow
from admin.secretbox import SecretBox

_BOX = SecretBox("k" * 40)
_USER = "usr_01JNQDK4M5N6P7Q8R9S0T1U2VW"


def _factors() -> SecondFactors:
    return SecondFactors(None, None, _BOX, None)  # type: ignore[arg-type]  # no I/O used


def _row(secret: str, last_step: int | None) -> TotpRow:
    return TotpRow(secret=_BOX.seal(secret, _USER), confirmed=True, last_step=last_step)


def test_a_step_either_side_of_now_is_accepted_once() -> None:
    secret = pyotp.random_base32(32)
    totp = pyotp.TOTP(secret)
    now = int(time.time()) // 30
    factors = _factors()
    for delta in (-1, 0, 1):
        step = now + delta
        assert factors._matching_step(_row(secret, None), _USER, totp.at(step * 30)) == step
        # Accepted already (or a later step was): a replay.
        assert factors._matching_step(_row(secret, step), _USER, totp.at(step * 30)) is None
        assert factors._matching_step(_row(secret, step + 1), _USER, totp.at(step * 30)) is None
    assert factors._matching_step(_row(secret, None), _USER, totp.at((now + 3) * 30)) is None
    # Typed with spaces: the same code.
    code = totp.at(now * 30)
    assert factors._matching_step(_row(secret, None), _USER, f"{code[:3]} {code[3:]}") == now


def test_the_secret_is_bound_to_its_user() -> None:
    secret = pyotp.random_base32(32)
    sealed = _BOX.seal(secret, _USER)
    assert secret.encode() not in sealed
    assert _BOX.open(sealed, _USER) == secret


def test_recovery_codes_are_50_bits_and_hash_as_typed() -> None:
    codes = {new_recovery_code() for _ in range(200)}
    assert len(codes) == 200
    code = next(iter(codes))
    assert len(normalise(code)) == 10
    assert recovery_hash(code) == recovery_hash(code.upper().replace("-", " "))
    assert len(recovery_hash(code)) == 32


def test_extension_members_follow_the_standard_ones() -> None:
    body = msgspec.json.decode(encode_problem(SecondFactorRequired("mfa_abc")))
    assert body["status"] == 401
    assert body["type"] == "urn:hop:problem:mfa-challenge"
    assert body["mfaRequired"] is True
    assert body["mfaToken"] == "mfa_abc"
    refused = msgspec.json.decode(encode_problem(WorkspaceRequiresMfa("ws_1")))
    assert refused["status"] == 403
    assert refused["type"] == "urn:hop:problem:mfa-required"
    assert refused["workspaceId"] == "ws_1"
