"""The house rules that keep one way to each thing, checked on the source itself.

The import rules (layers, domain faces, who may import the driver or Litestar) are
import-linter contracts in pyproject.toml, checked on the import graph by
``lint-imports`` (./scripts/test). What stays here is what an import graph cannot show:

- Only repositories (and admin/db) load named SQL. A repository is a module named
  ``repository.py`` or ``*_repository.py``.
- Background loops wait with ``common.backoff.Backoff``, never a doubling of their own.
- Tests wait with ``tests.support.waiting``, never a deadline loop of their own.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.support.processes import ROOT

APPLICATION = ("admin", "common", "edge", "hop", "examples")
DATABASE_LAYER = {"admin/db/__init__.py", "admin/db/errors.py", "admin/db/migrate.py"}


def _modules(*folders: str) -> list[Path]:
    return sorted(path for folder in folders for path in (ROOT / folder).rglob("*.py"))


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _is_repository(path: Path) -> bool:
    return path.name == "repository.py" or path.name.endswith("_repository.py")


def test_only_repositories_load_named_sql() -> None:
    offenders = [
        _name(path)
        for path in _modules("admin")
        if "load_queries(" in path.read_text()
        and not _is_repository(path)
        and _name(path) not in DATABASE_LAYER
    ]
    assert offenders == []


def test_every_sql_file_belongs_to_a_repository() -> None:
    """A named-query file sits beside the repository that runs it."""
    orphans = [
        _name(sql)
        for sql in (ROOT / "admin").rglob("*.sql")
        if "migrations" not in sql.parts
        and sql.name != "schema.sql"
        and not any(_is_repository(module) for module in sql.parent.glob("*.py"))
    ]
    assert orphans == []


_DOUBLING = re.compile(r"\b(\w+) = min\([^)]*\1 \* 2\)|\b(\w+) \*= 2\b")


def test_retry_loops_use_the_one_backoff() -> None:
    offenders = [
        f"{_name(path)}:{number}"
        for path in _modules(*APPLICATION)
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if _DOUBLING.search(line)
    ]
    assert offenders == []


# Driving a terminal is not waiting for a condition: its time budget stays its own.
_OWN_CLOCKS = {"tests/support/waiting.py", "tests/support/cli.py", "tests/unit/test_layers.py"}
_DEADLINE = re.compile(r"monotonic\(\) \+|\bdeadline = ")


def test_tests_wait_with_the_one_polling_helper() -> None:
    offenders = [
        f"{_name(path)}:{number}"
        for path in _modules("tests")
        if _name(path) not in _OWN_CLOCKS
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if _DEADLINE.search(line)
    ]
    assert offenders == []
