"""The one backoff: doubles up to its cap, jitters within bounds, starts over on reset."""

from __future__ import annotations

import pytest

from common.backoff import Backoff


def test_doubles_up_to_the_cap_without_jitter() -> None:
    backoff = Backoff(0.1, 1.0, jitter=0)
    assert [round(backoff.next(), 6) for _ in range(6)] == [0.1, 0.2, 0.4, 0.8, 1.0, 1.0]


def test_reset_starts_over() -> None:
    backoff = Backoff(0.5, 30.0, jitter=0)
    backoff.next(), backoff.next(), backoff.next()
    backoff.reset()
    assert backoff.next() == 0.5


@pytest.mark.parametrize(("rand", "expected"), [(0.0, 0.9), (0.5, 1.0), (0.999999, 1.1)])
def test_jitter_stays_within_its_fraction(rand: float, expected: float) -> None:
    backoff = Backoff(1.0, 5.0, jitter=0.1, rand=lambda: rand)
    assert backoff.next() == pytest.approx(expected, abs=1e-5)


def test_jitter_spreads_the_delays() -> None:
    delays = {Backoff(1.0, 5.0).next() for _ in range(50)}
    assert len(delays) > 1
    assert all(0.9 <= delay <= 1.1 for delay in delays)


@pytest.mark.parametrize(("first", "cap", "jitter"), [(0, 1, 0.1), (2, 1, 0.1), (1, 2, 1.0)])
def test_refuses_nonsense(first: float, cap: float, jitter: float) -> None:
    with pytest.raises(ValueError, match="Backoff"):
        Backoff(first, cap, jitter=jitter)
