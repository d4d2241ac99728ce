"""Pieces of the sign-in limits that need no server: buckets, hashing places, problem text."""

from __future__ import annotations

import asyncio
import threading

import pytest

from admin.auth.passwords import Passwords
from admin.errors import PasswordHashingBusy, SignInLocked
from admin.http.ratelimit import LocalWindows
from common.clientip import client_network


@pytest.mark.parametrize(
    ("address", "network"),
    [
        ("203.0.113.7", "203.0.113.7"),
        ("203.0.113.8", "203.0.113.8"),  # IPv4 stays per address
        ("2001:db8:1:2::a", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),
        ("2001:db8:1:3::a", "2001:db8:1:3::/64"),
        ("::ffff:203.0.113.7", "203.0.113.7"),  # IPv4-mapped is the IPv4 client
        ("unknown", "unknown"),
    ],
)
def test_client_network(address: str, network: str) -> None:
    assert client_network(address) == network


def test_local_windows_are_bounded_and_per_minute() -> None:
    windows = LocalWindows(max_buckets=2)
    assert [windows.hit("a", 1), windows.hit("a", 1), windows.hit("b", 1)] == [1, 2, 1]
    assert [windows.hit("c", 1), windows.hit("c", 1)] == [1, 1]  # full: not remembered
    assert windows.hit("a", 1) == 3
    assert windows.hit("a", 2) == 1  # a new minute starts from zero


def test_lock_out_detail_says_for_how_long() -> None:
    error = SignInLocked(retry_after=42, lockout=120)
    assert error.status == 429
    assert error.headers["Retry-After"] == "42"
    assert "locked for 2 minutes (retry in 42 seconds)" in error.detail
    assert "locked for 1 hour" in SignInLocked(3600, 3600).detail


def test_hashing_places_are_bounded_and_outlive_a_cancelled_caller() -> None:
    """Concurrency 1: one hash runs, one may wait, a third caller is refused at once.

    A caller cancelled while its hash runs does not give the place back until the
    hash ends, so cancellations can never let more hashes run than the bound.
    """

    async def scenario() -> None:
        passwords = Passwords(8192, 1)
        started, release = threading.Event(), threading.Event()

        def long_hash() -> None:
            started.set()
            release.wait(10)

        async def caller() -> None:
            with passwords.slot() as slot:
                await slot._run(long_hash)

        task = asyncio.create_task(caller())
        await asyncio.to_thread(started.wait, 10)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        # One place is still held by the cancelled caller's hash: only the other is free.
        with passwords.slot(), pytest.raises(PasswordHashingBusy), passwords.slot():
            pass
        release.set()
        while True:  # the place comes back when the hash ends
            try:
                with passwords.slot(), passwords.slot():
                    break
            except PasswordHashingBusy:
                await asyncio.sleep(0.01)

    asyncio.run(scenario())


def test_wrong_and_unknown_passwords_are_false() -> None:
    async def scenario() -> list[bool]:
        passwords = Passwords(8192, 1)
        with passwords.slot() as slot:
            stored = await slot.hash("right password")
        results = []
        for candidate, password in ((stored, "right password"), (stored, "wrong"), (None, "x")):
            with passwords.slot() as slot:
                results.append(await slot.verify(candidate, password))
        with passwords.slot() as slot:
            results.append(await slot.verify("not-a-hash", "x"))
        return results

    assert asyncio.run(scenario()) == [True, False, False, False]


def test_a_hash_made_with_other_parameters_needs_rehashing() -> None:
    async def scenario() -> str:
        small = Passwords(8192, 1)
        with small.slot() as slot:
            return await slot.hash("a password")

    stored = asyncio.run(scenario())
    assert Passwords(16384, 1).needs_rehash(stored)
    assert not Passwords(8192, 1).needs_rehash(stored)
