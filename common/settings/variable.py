"""How a setting is declared: a ``Variable`` in the annotation of its ``Settings`` field."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


class SettingsError(ValueError):
    """A HOP_* variable is missing or malformed; the message names it."""


@dataclass(frozen=True)
class Variable:
    """One HOP_* variable: how it parses, its default, what it means.

    Declared in the annotation of the field it fills (``Annotated[int, Variable(...)]``);
    ``path`` is that field's place in ``Settings`` (``"edge.listen"``), which the registry
    fills in when it walks the structs. A ``default`` that is callable is derived from the
    other values (keyed by path) once they are read.
    """

    name: str
    parse: Callable[[str], Any]
    default: Any
    doc: str
    secret: bool = False  # also readable from NAME_FILE; never printed
    # A test seam, not an operator setting: named HOP_TEST_*, listed in the README's
    # Tests section instead of its settings table. Production runs on the default.
    seam: bool = False
    path: str = ""


class Fields:
    """The variables of a struct used more than once (``PlanLimit``), declared at each use
    by its field names: ``Annotated[PlanLimit, Fields(per_minute=Variable(...), ...)]``."""

    def __init__(self, **variables: Variable) -> None:
        self.variables = variables
