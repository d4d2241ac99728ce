"""Keep the cyclic garbage collector off the objects a process builds at start.

CPython's full collection walks every tracked object. What a server builds before
serving (modules, the Litestar app and its OpenAPI models, user-agent matchers, the
edge's tables) lives as long as the process, yet each full collection walked it
again: 113 ms in the admin (193,000 objects), 37 ms in the worker (77,000), a pause
of every request in flight. Frozen, those objects are never walked again, and a full
collection walks only what was made since (2 to 4 ms in the admin under load).
"""

from __future__ import annotations

import gc


def freeze_startup_heap() -> None:
    """Collect start-up garbage first (frozen, it would never be freed), then freeze
    the rest. Call once, when the process has built what it serves with."""
    gc.collect()
    gc.freeze()
