"""The OpenAPI document is true to the server: `schemathesis run --checks all` is clean.

Every phase runs (the document's examples, coverage of its boundaries, fuzzing and
stateful sequences that follow the document's links from a created resource to the
operations on it), with every check, against a real admin process and a real account.
The few documented exceptions live in schemathesis.toml, each with its reason.
"""

from __future__ import annotations

import subprocess

import pytest

from tests.support.accounts import Account
from tests.support.processes import ROOT

# Examples per operation and phase: enough to cross every documented boundary, few enough
# to keep the run within about three minutes on two shared cores.
MAX_EXAMPLES = 12


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_schemathesis_finds_nothing(admin_url: str, account: Account) -> None:
    run = subprocess.run(
        [
            ROOT / ".venv/bin/schemathesis",
            "--no-color",
            "--config-file",
            ROOT / "schemathesis.toml",
            "run",
            f"{admin_url}/v1/openapi.json",
            "--checks",
            "all",
            "--max-examples",
            str(MAX_EXAMPLES),
            "--seed",
            "16",
            "--header",
            f"Authorization: Bearer {account.live_key}",
        ],
        capture_output=True,
        text=True,
        timeout=540,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-20000:] + run.stderr[-2000:]
