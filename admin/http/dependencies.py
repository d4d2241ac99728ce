"""Resolve a handler's dependencies one after the other when none of them can wait.

Litestar groups a handler's dependencies into batches (those of a batch do not
depend on each other) and, for a batch of two or more, spawns an anyio task
group with one task per dependency so that their awaits overlap. Ours are
plain synchronous functions (the services are constants, the principal is read
from the scope): nothing overlaps, and the task group, its cancel scope and
tasks cost a create-link about 5 % of the admin's CPU (py-spy, 2026-11-22).

``sequential_dependencies`` splits such batches into batches of one, which
Litestar resolves with a direct call: the same providers, the same values, the
same order constraints (a batch only ever holds mutually independent
dependencies, so any order within it is valid). A batch holding an async or
generator provider is left as Litestar built it.
"""

from __future__ import annotations

from typing import Any

from litestar import Litestar
from litestar.routes import HTTPRoute


def _synchronous(container: Any) -> bool:
    provide = container.provide
    return bool(
        provide.has_sync_callable
        and not provide.has_sync_generator_dependency
        and not provide.has_async_generator_dependency
    )


def _split(batches: list[set[Any]]) -> list[set[Any]]:
    split: list[set[Any]] = []
    for batch in batches:
        if len(batch) > 1 and all(_synchronous(container) for container in batch):
            split += [{container} for container in sorted(batch, key=lambda c: c.key)]
        else:
            split.append(batch)
    return split


def sequential_dependencies(app: Litestar) -> int:
    """Split the all-synchronous dependency batches of every HTTP handler of ``app``;
    returns how many handlers changed."""
    changed = 0
    for route in app.routes:
        if not isinstance(route, HTTPRoute):
            continue
        for _, kwargs_model in route.route_handler_map.values():
            batches = kwargs_model.dependency_batches
            split = _split(batches)
            if len(split) != len(batches):
                kwargs_model.dependency_batches = split
                changed += 1
    return changed
