"""The repository stands alone: nothing cites documents a clone doesn't have, and every
relative link in the Markdown resolves to a file inside it."""

from __future__ import annotations

import os
import re
from pathlib import Path

from tests.support.processes import ROOT

TEXT_SUFFIXES = {".py", ".md", ".sql", ".yaml", ".yml", ".toml", ".txt", ".sh", ".cfg"}
# Tool caches, the virtualenv and build output (hidden folders are skipped too), and
# vendored third-party files.
SKIPPED_DIRS = {"build", "node_modules", "__pycache__"}
VENDORED = {ROOT / "admin/http/static/scalar", ROOT / "tests/support/compose_spec"}
# Applied migrations are checksummed (admin/db/migrate.py): editing one, even a comment,
# would stop every database that already ran it. This one predates the rule.
FROZEN = {ROOT / "admin/db/migrations/0004_webhooks.sql"}
# Built from pieces so this file doesn't match itself.
OUTSIDE_REFERENCES = re.compile(
    "|".join(("\\.\\./" + "shared", "DESIGN" + r"\.md", "DESIGN" + " §", "spec" + " §"))
    + "|service-"
    + "spec",
    re.IGNORECASE,
)
MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+)\)")


def _text_files() -> list[Path]:
    files = []
    for directory, subdirectories, names in os.walk(ROOT):
        here = Path(directory)
        subdirectories[:] = [
            name
            for name in subdirectories
            if not name.startswith(".") and name not in SKIPPED_DIRS and here / name not in VENDORED
        ]
        files += [
            here / name
            for name in names
            if Path(name).suffix in TEXT_SUFFIXES or name == "Dockerfile"
        ]
    return files


def test_nothing_cites_documents_outside_the_repository() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in _text_files()
        if path not in FROZEN
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1)
        if OUTSIDE_REFERENCES.search(line)
    ]
    assert found == []


def test_relative_markdown_links_resolve_inside_the_repository() -> None:
    broken = []
    for path in _text_files():
        if path.suffix != ".md":
            continue
        for target in MARKDOWN_LINK.findall(path.read_text()):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
                continue  # an absolute URL or an anchor on the same page
            resolved = (path.parent / target.split("#", 1)[0]).resolve()
            if not resolved.is_relative_to(ROOT) or not resolved.exists():
                broken.append(f"{path.relative_to(ROOT)}: {target}")
    assert broken == []
