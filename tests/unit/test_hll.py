"""The unique-visitor sketches: merging, sparse and dense forms, and the estimate's
error against exact counts (seeded, so every run checks the same data)."""

from __future__ import annotations

import hashlib
import random

from admin.analytics import hll


def _visitors(count: int, seed: int) -> list[bytes]:
    rng = random.Random(seed)
    return [hashlib.blake2b(rng.randbytes(8), digest_size=16).digest() for _ in range(count)]


def _sparse(observations: list[int]) -> bytes:
    return b"".join(o.to_bytes(3, "big") for o in observations)


def test_empty_is_zero() -> None:
    assert hll.count([]) == 0
    assert hll.count([b""]) == 0


def test_small_counts_are_exact_in_practice() -> None:
    for n in (1, 2, 3, 10):
        observations = [hll.observation(v) for v in _visitors(n, seed=n)]
        assert hll.count([_sparse(observations)]) == n
    observations = [hll.observation(v) for v in _visitors(100, seed=100)]
    assert abs(hll.count([_sparse(observations)]) - 100) <= 2


def test_repeats_count_once_and_merge_is_idempotent() -> None:
    observations = [hll.observation(v) for v in _visitors(500, seed=7)]
    once = hll.merge([_sparse(observations)])
    assert hll.merge([once, once, _sparse(observations)]) == once
    assert hll.estimate(once) == hll.count([_sparse(observations * 3)])


def test_sparse_and_dense_forms_merge_alike() -> None:
    a = [hll.observation(v) for v in _visitors(3000, seed=1)]
    b = [hll.observation(v) for v in _visitors(3000, seed=2)]
    dense_a = hll.merge([_sparse(a)])
    assert len(dense_a) == hll.REGISTERS
    assert hll.merge([dense_a, _sparse(b)]) == hll.merge([_sparse(a + b)])
    assert hll.merge([], a + b) == hll.merge([_sparse(a), _sparse(b)])


def test_error_stays_within_three_standard_errors() -> None:
    bound = 3 * 1.04 / hll.REGISTERS**0.5  # 2.4 %
    for n, seed in ((1_000, 11), (20_000, 12), (40_000, 13), (200_000, 14)):
        days = [[hll.observation(v) for v in _visitors(n // 4, seed * 10 + d)] for d in range(4)]
        estimate = hll.count([hll.merge([], day) for day in days])
        assert abs(estimate - n) / n < bound, (n, estimate)


def test_observation_layout() -> None:
    visitor = bytes([0b1010_1010, 0b1100_0000]) + bytes(14)  # all-zero rest: the top rank
    assert hll.observation(visitor) == ((0b1010_1010 << 6 | 0b11_0000) << 8 | hll.MAX_RANK)
    visitor = bytes([0, 0b0000_0010]) + bytes(14)  # the first bit after the index is 1
    assert hll.observation(visitor) == (0 << 8 | 1)
