"""Dependency batches of synchronous providers are resolved one by one, with the same values."""

from __future__ import annotations

from typing import Any

from litestar import Litestar, get
from litestar.di import NamedDependency, Provide
from litestar.routes import HTTPRoute
from litestar.testing import TestClient

from admin.http.dependencies import sequential_dependencies


def _sync_a() -> str:
    return "a"


def _sync_b() -> str:
    return "b"


async def _async_c() -> str:
    return "c"


@get("/sync", sync_to_thread=False)
def both_sync(a: NamedDependency[str], b: NamedDependency[str]) -> dict[str, str]:
    return {"a": a, "b": b}


@get("/mixed", sync_to_thread=False)
def mixed(a: NamedDependency[str], c: NamedDependency[str]) -> dict[str, str]:
    return {"a": a, "c": c}


def _app() -> Litestar:
    return Litestar(
        route_handlers=[both_sync, mixed],
        dependencies={
            "a": Provide(_sync_a, sync_to_thread=False),
            "b": Provide(_sync_b, sync_to_thread=False),
            "c": Provide(_async_c),
        },
    )


def _batch_sizes(app: Litestar, path: str) -> list[int]:
    route = next(r for r in app.routes if isinstance(r, HTTPRoute) and r.path == path)
    _, model = route.route_handler_map["GET"]
    batches: list[set[Any]] = model.dependency_batches
    return [len(batch) for batch in batches]


def test_only_all_synchronous_batches_are_split() -> None:
    app = _app()
    assert _batch_sizes(app, "/sync") == [2]
    assert sequential_dependencies(app) == 1
    assert _batch_sizes(app, "/sync") == [1, 1]
    assert _batch_sizes(app, "/mixed") == [2]  # an async provider keeps Litestar's task group


def test_handlers_get_the_same_values() -> None:
    app = _app()
    sequential_dependencies(app)
    with TestClient(app) as client:
        assert client.get("/sync").json() == {"a": "a", "b": "b"}
        assert client.get("/mixed").json() == {"a": "a", "c": "c"}
