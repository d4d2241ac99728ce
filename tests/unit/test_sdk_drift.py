"""The committed document and SDKs are what the code generates: they never drift.

``./scripts/gen-sdk [--python | --typescript] DIR`` builds the document from the routes (no
server) and runs the pinned generators: openapi-python-client for clients/python/, and
@hey-api/openapi-ts then tsc for clients/typescript/ (src/generated/ and dist/). The result
must equal clients/ file for file. After changing an endpoint or a wire struct, run
``./scripts/gen-sdk`` and commit clients/.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.support.processes import ROOT

CLIENTS = ROOT / "clients"
TYPESCRIPT = CLIENTS / "typescript"
# What gen-sdk writes of the TypeScript package; the rest (package.json, the lockfile,
# generate.mjs, src/index.ts, test/) is written by hand.
TYPESCRIPT_GENERATED = ("typescript/src/generated/", "typescript/dist/")


def _files(root: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(root)): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file()
        and not {"__pycache__", ".ruff_cache", ".mypy_cache", "node_modules"} & set(path.parts)
    }


def _stale(fresh_root: Path, wanted: tuple[str, ...]) -> list[str]:
    fresh = _files(fresh_root)
    committed = {
        name: data
        for name, data in _files(CLIENTS).items()
        if name == "openapi.json" or name.startswith(wanted)
    }
    return sorted(
        name for name in fresh.keys() | committed.keys() if fresh.get(name) != committed.get(name)
    )


@pytest.mark.slow
def test_committed_document_and_sdk_are_regenerated_exactly(tmp_path: Path) -> None:
    subprocess.run([ROOT / "scripts/gen-sdk", "--python", tmp_path], check=True, timeout=600)
    stale = _stale(tmp_path, ("python/",))
    assert not stale, (
        f"clients/ differs from what the code generates in {stale[:10]}: run ./scripts/gen-sdk "
        "and commit clients/"
    )


@pytest.mark.slow
def test_committed_typescript_client_is_regenerated_exactly(tmp_path: Path) -> None:
    """Needs Node.js and npm; npm ci installs the pinned generator and compiler from the
    lockfile the first time (the network once), and never again while node_modules stays."""
    missing = [tool for tool in ("node", "npm") if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"{' and '.join(missing)} missing: apt-get install nodejs npm (.ci/run does)")
    subprocess.run([ROOT / "scripts/gen-sdk", "--typescript", tmp_path], check=True, timeout=600)
    stale = _stale(tmp_path, TYPESCRIPT_GENERATED)
    assert not stale, (
        f"clients/typescript differs from what the generator and tsc make in {stale[:10]}: "
        "run ./scripts/gen-sdk and commit clients/"
    )
