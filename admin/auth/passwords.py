"""Argon2id password hashing with a bounded cost per process.

One hash takes ``memory_kib`` of memory (64 MiB by default, argon2-cffi's RFC 9106
low-memory profile) and most of a core for a noticeable time, so an unbounded
number at once would let a burst of sign-ins exhaust the process's memory.
Hashes run on a private pool of ``concurrency`` threads (the hard bound on
memory: concurrency x memory_kib), and at most as many more may wait for a
thread; a caller who finds every place taken gets ``PasswordHashingBusy`` (503)
at once instead of joining an unbounded queue.

Checking a password uses the parameters stored in its hash, so changing the
memory setting governs new hashes; ``needs_rehash`` tells a successful sign-in
to store the password again with the current ones. Unknown e-mails are checked
against a dummy hash made with the current parameters, so a sign-in costs the
same whether or not the account exists.
"""

from __future__ import annotations

import asyncio
import dataclasses
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from functools import cache
from typing import Any, TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from argon2.profiles import RFC_9106_LOW_MEMORY

from admin.errors import PasswordHashingBusy

MIN_PASSWORD_LENGTH = 8
DEFAULT_MEMORY_KIB = RFC_9106_LOW_MEMORY.memory_cost
DEFAULT_CONCURRENCY = 2
_T = TypeVar("_T")


class Passwords:
    def __init__(
        self, memory_kib: int = DEFAULT_MEMORY_KIB, concurrency: int = DEFAULT_CONCURRENCY
    ) -> None:
        self._hasher = PasswordHasher.from_parameters(
            dataclasses.replace(RFC_9106_LOW_MEMORY, memory_cost=memory_kib)
        )
        self._threads = ThreadPoolExecutor(concurrency, thread_name_prefix="argon2")
        # Running plus waiting hashes; taken on the event loop, given back by pool threads.
        self._places = threading.BoundedSemaphore(2 * concurrency)
        self._dummy: str | None = None
        self._dummy_lock = threading.Lock()

    @contextmanager
    def slot(self) -> Iterator[HashSlot]:
        """A place for the hashes of one request, or ``PasswordHashingBusy`` when none is free.

        The place is given back when the block ends, or, if the request was
        cancelled while its hash runs, when that hash ends: the pool never holds
        more than its bound, whatever happens to callers.
        """
        if not self._places.acquire(blocking=False):
            raise PasswordHashingBusy
        slot = HashSlot(self)
        try:
            yield slot
        finally:
            if slot.job is None:
                self._places.release()
            else:
                slot.job.add_done_callback(lambda _: self._places.release())

    def needs_rehash(self, stored_hash: str) -> bool:
        return self._hasher.check_needs_rehash(stored_hash)

    def _submit(self, function: Callable[..., _T], *args: Any) -> Future[_T]:
        return self._threads.submit(function, *args)

    def _hash(self, password: str) -> str:
        return self._hasher.hash(password)

    def _dummy_hash(self) -> str:
        with self._dummy_lock:
            if self._dummy is None:
                self._dummy = self._hasher.hash("hop-dummy-password-for-timing")
            return self._dummy

    def _verify(self, stored_hash: str | None, password: str) -> bool:
        try:
            matches = self._hasher.verify(stored_hash or self._dummy_hash(), password)
        except (VerificationError, InvalidHashError):
            return False
        return matches and stored_hash is not None


class HashSlot:
    """Runs one request's hashes, one after the other, on the owner's threads."""

    def __init__(self, owner: Passwords) -> None:
        self._owner = owner
        self.job: Future[Any] | None = None

    async def _run(self, function: Callable[..., _T], *args: Any) -> _T:
        job = self._owner._submit(function, *args)
        self.job = job
        return await asyncio.wrap_future(job)

    async def verify(self, stored_hash: str | None, password: str) -> bool:
        """True if ``password`` matches; None (unknown user) costs the same and is False."""
        return await self._run(self._owner._verify, stored_hash, password)

    async def hash(self, password: str) -> str:
        return await self._run(self._owner._hash, password)


@cache
def default_passwords() -> Passwords:
    """For the CLI's and the tests' account creation when no settings are at hand."""
    return Passwords()
