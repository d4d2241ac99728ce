"""The retry schedule and the pause rule (docs/webhooks.md#retries-pause-and-resume), as
pure logic.

After failed attempt k the next one comes ``schedule[k-1]`` later, +/-10 %
jitter so that a receiver recovering from an outage is not hit by every
retry at the same instant. After the last entry the delivery is given up.
A 429 or 503 with ``Retry-After`` moves the retry to that time, kept within
the schedule's shortest and longest delay. A webhook is paused when
``PAUSE_AFTER`` attempts have failed in a row across its deliveries, or at once
when the receiver answers 410 Gone.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime

JITTER = 0.10
PAUSE_AFTER = 6
RETRY_AFTER_STATUSES = frozenset({429, 503})


class RetryPolicy:
    def __init__(self, schedule: Sequence[float], rng: random.Random | None = None) -> None:
        if not schedule:
            raise ValueError("the retry schedule needs at least one delay")
        self.schedule = tuple(schedule)
        self._rng = rng or random.Random()

    @property
    def max_attempts(self) -> int:
        return len(self.schedule) + 1

    def delay_after(self, attempt: int, retry_after: float | None = None) -> float | None:
        """Seconds until the next attempt after failed ``attempt`` (1-based); None: give up."""
        if attempt < 1 or attempt > len(self.schedule):
            return None
        if retry_after is not None:
            return min(max(retry_after, min(self.schedule)), max(self.schedule))
        base = self.schedule[attempt - 1]
        return base * (1 + self._rng.uniform(-JITTER, JITTER))


def parse_retry_after(value: str | None, now: datetime) -> float | None:
    """Seconds from ``Retry-After`` (delta-seconds or an HTTP date), or None."""
    if not value:
        return None
    text = value.strip()
    if text.isascii() and text.isdigit():
        return float(text)
    try:
        moment = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError, OverflowError):  # a year past any C long
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return max(0.0, (moment - now).total_seconds())


def streak_after(start: int, outcomes: Iterable[bool]) -> tuple[int, bool]:
    """The failure streak after ``outcomes`` (True = success) and whether it reached the limit."""
    streak, reached = start, False
    for succeeded in outcomes:
        streak = 0 if succeeded else streak + 1
        reached = reached or streak >= PAUSE_AFTER
    return streak, reached
