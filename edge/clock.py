"""The time the edge reads: the clock, or the time a test pinned it to.

Every expiry check and click time says ``clock.now()``: a module attribute, looked up as
``time.time`` is, so the seam costs the hot path nothing. ``now`` is ``time.time`` itself
unless the edge's composition pins it at start (``EdgeApp``, from HOP_TEST_EDGE_TIME): one
app per process, so the process reads one time.
"""

from __future__ import annotations

import time
from collections.abc import Callable

now: Callable[[], float] = time.time


def reading(pinned: float | None) -> Callable[[], float]:
    """What ``now`` is for a setting: the clock itself (no wrapper), or the pinned time."""
    if pinned is None:
        return time.time
    return lambda: pinned
