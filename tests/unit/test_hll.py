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


def _reference_merge(sketches: list[bytes], observations: list[int]) -> bytes:
    """Register by register, the obvious way: what the fast merge must equal."""
    registers = bytearray(hll.REGISTERS)
    for sketch in sketches:
        if len(sketch) == hll.REGISTERS:
            for register, rank in enumerate(sketch):
                registers[register] = max(registers[register], rank)
            continue
        for at in range(0, len(sketch) - 2, 3):
            register = sketch[at] << 8 | sketch[at + 1]
            registers[register] = max(registers[register], sketch[at + 2])
    for observation in observations:
        register = observation >> 8
        registers[register] = max(registers[register], observation & 0xFF)
    return bytes(registers)


def test_merge_equals_register_by_register_maximum() -> None:
    rng = random.Random(5)
    # Sparse sketches in any order, with the same register listed more than once at
    # different ranks (concatenated sparse sketches do that), plus dense ones.
    sparse = [
        _sparse([rng.randrange(64) << 8 | rng.randrange(1, 52) for _ in range(rng.randrange(40))])
        for _ in range(20)
    ]
    dense = [hll.merge([], [hll.observation(v) for v in _visitors(5000, seed=s)]) for s in (3, 4)]
    loose = [rng.randrange(hll.REGISTERS) << 8 | rng.randrange(1, 52) for _ in range(300)]
    sketches = [*sparse, dense[0], *sparse[:3], dense[1]]
    assert hll.merge(sketches, loose) == _reference_merge(sketches, loose)
    assert hll.merge(sparse) == _reference_merge(sparse, [])
    assert hll.merge([], loose) == _reference_merge([], loose)
