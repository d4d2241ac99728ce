"""One backoff for every retry loop: exponential, capped, jittered, reset on success.

Every loop that waits for a store to come back (the worker's start, the click
consumer, the webhook dispatcher's claim, record and listen loops, the edge's click
buffer, the invalidation channels) waits ``next()`` seconds after a failure and calls
``reset()`` after a success. Jitter (a random fraction of each delay, ±``jitter``)
keeps many processes that lost the same store at the same moment from all knocking
again at the same instant.
"""

from __future__ import annotations

import random
from collections.abc import Callable


class Backoff:
    def __init__(
        self,
        first: float,
        cap: float,
        *,
        factor: float = 2.0,
        jitter: float = 0.1,
        rand: Callable[[], float] = random.random,
    ) -> None:
        if not 0 < first <= cap:
            raise ValueError("Backoff needs 0 < first <= cap")
        if not 0 <= jitter < 1:
            raise ValueError("Backoff jitter is a fraction in [0, 1)")
        self.first = first
        self.cap = cap
        self.factor = factor
        self.jitter = jitter
        self._rand = rand
        self._delay = first

    def next(self) -> float:
        """The seconds to wait now; the next call returns about ``factor`` times more,
        up to ``cap``."""
        delay = self._delay
        self._delay = min(self.cap, delay * self.factor)
        return delay * (1 + self.jitter * (2 * self._rand() - 1))

    def reset(self) -> None:
        """After a success: the next failure waits ``first`` again."""
        self._delay = self.first
