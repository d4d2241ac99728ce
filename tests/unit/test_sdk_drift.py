"""The committed document and SDK are what the code generates: they never drift.

``./scripts/gen-sdk DIR`` builds the document from the routes (no server) and runs the
pinned openapi-python-client; the result must equal clients/ file for file. After
changing an endpoint or a wire struct, run ``./scripts/gen-sdk`` and commit clients/.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.support.processes import ROOT

CLIENTS = ROOT / "clients"


def _files(root: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(root)): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file() and not {"__pycache__", ".ruff_cache", ".mypy_cache"} & set(path.parts)
    }


@pytest.mark.slow
def test_committed_document_and_sdk_are_regenerated_exactly(tmp_path: Path) -> None:
    subprocess.run([ROOT / "scripts/gen-sdk", tmp_path], check=True, timeout=600)
    fresh = _files(tmp_path)
    committed = {
        name: data
        for name, data in _files(CLIENTS).items()
        if name == "openapi.json" or name.startswith("python/")
    }
    stale = sorted(
        name for name in fresh.keys() | committed.keys() if fresh.get(name) != committed.get(name)
    )
    assert not stale, (
        f"clients/ differs from what the code generates in {stale[:10]}: run ./scripts/gen-sdk "
        "and commit clients/"
    )
