"""Examples of the API's bodies for the OpenAPI document: ``@example({...})`` on a wire struct.

Every request and response body in the document carries an example (generated clients
show it, schemathesis sends it, readers copy it). An example is written once, beside the
struct it shows, in its wire form (camelCase names, ISO timestamps); the unit tests
decode each one with the struct itself, so an example the server would refuse, or one
that has fallen behind a renamed field, fails the build (tests/unit/test_openapi_document.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

S = TypeVar("S", bound=type)

# Component name (the struct's class name, as Litestar names the schema) -> (struct, value).
EXAMPLES: dict[str, tuple[type, Any]] = {}


def example(value: Any) -> Callable[[S], S]:
    """Register ``value`` as the example of the decorated struct."""

    def register(struct: S) -> S:
        if struct.__name__ in EXAMPLES:
            raise ValueError(f"two examples registered for a struct named {struct.__name__}")
        EXAMPLES[struct.__name__] = (struct, value)
        return struct

    return register
