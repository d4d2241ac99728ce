"""Signature vectors: our signer against Stripe's published algorithm and a fixed value."""

from __future__ import annotations

import hashlib
import hmac

import pytest

from common.signing import SignatureError, compute, parse, sign, verify

SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
BODY = b'{"id":"evt_01hzz","type":"link.created","createdAt":"2023-11-14T22:13:20.000Z","data":{}}'
T = 1700000000
# Computed outside Python, with
#   printf '%s' '1700000000.<BODY>' | openssl dgst -sha256 -hmac '<SECRET>'
EXPECTED = "bfa85c8bb7cc41eb652e6902dc2fd6b08dc565248bdcfb6dadbdc720edc76a2b"


def stripe_verify(
    payload: bytes, header: str, secret: str, now: float, tolerance: int = 300
) -> bool:
    """Stripe's published scheme (docs: "Verify the signature manually"), written independently."""
    pairs = [item.split("=", 1) for item in header.split(",")]
    timestamp = next(value for key, value in pairs if key == "t")
    v1 = [value for key, value in pairs if key == "v1"]
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + payload, hashlib.sha256)
    return abs(now - int(timestamp)) <= tolerance and any(
        hmac.compare_digest(mac.hexdigest(), candidate) for candidate in v1
    )


def test_the_hand_computed_vector() -> None:
    assert compute(SECRET, T, BODY) == EXPECTED
    assert sign(BODY, [SECRET], T) == f"t={T},v1={EXPECTED}"
    assert verify(BODY, f"t={T},v1={EXPECTED}", [SECRET], now=T) == T


def test_stripes_algorithm_accepts_our_headers() -> None:
    header = sign(BODY, [SECRET], T)
    assert stripe_verify(BODY, header, SECRET, now=T + 10)
    assert not stripe_verify(BODY + b" ", header, SECRET, now=T)
    assert not stripe_verify(BODY, header, SECRET + "x", now=T)


def test_rotation_carries_one_v1_per_secret() -> None:
    old, new = SECRET, "whsec_new_secret_0123456789abcdefghijkl"
    header = sign(BODY, [new, old], T)
    timestamp, signatures = parse(header)
    assert timestamp == T
    assert signatures == [compute(new, T, BODY), compute(old, T, BODY)]
    for secret in (old, new):
        assert verify(BODY, header, [secret], now=T) == T
        assert stripe_verify(BODY, header, secret, now=T)
    with pytest.raises(SignatureError, match="no signature matches"):
        verify(BODY, header, ["whsec_someone_else_entirely_0123456789"], now=T)


@pytest.mark.parametrize("skew", [-300, 300, 0])
def test_tolerance_is_300_seconds_both_ways(skew: int) -> None:
    assert verify(BODY, sign(BODY, [SECRET], T), [SECRET], now=T + skew) == T


@pytest.mark.parametrize("skew", [-301, 301, 86400])
def test_stale_or_future_timestamps_are_refused(skew: int) -> None:
    with pytest.raises(SignatureError, match="tolerance"):
        verify(BODY, sign(BODY, [SECRET], T), [SECRET], now=T + skew)


@pytest.mark.parametrize(
    "header",
    [
        None,
        "",
        f"v1={EXPECTED}",
        f"t={T}",
        f"t=abc,v1={EXPECTED}",
        f"t={T},t={T},v1={EXPECTED}",
        "garbage",
        f"t={T},v1=é{EXPECTED}",
        f"t={T},v0={EXPECTED}",
    ],
)
def test_malformed_headers(header: str | None) -> None:
    with pytest.raises(SignatureError):
        verify(BODY, header, [SECRET], now=T)


def test_a_changed_body_fails() -> None:
    with pytest.raises(SignatureError):
        verify(BODY.replace(b"created", b"deleted"), sign(BODY, [SECRET], T), [SECRET], now=T)
