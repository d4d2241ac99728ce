"""Run the `hop` command the way an operator would, in a clean environment."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping

from tests.support.processes import ROOT, clean_environment


def run_hop(
    *args: str, env: Mapping[str, str] | None = None, clean: bool = True
) -> subprocess.CompletedProcess[str]:
    """``hop ARGS`` with ``env`` (added to the parent's environment minus HOP_*, or used
    as the whole environment when ``clean`` is False)."""
    environment = clean_environment(env or {}) if clean else dict(env or {})
    return subprocess.run(
        [sys.executable, "-m", "hop.cli", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
        env=environment,
    )
