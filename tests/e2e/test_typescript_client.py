"""The TypeScript client (clients/typescript/, ./scripts/gen-sdk) against a running stack.

Its tests are Node's own, `node --test` on the committed build (dist/), in
clients/typescript/test/: create, list with paging, update, delete, clicks, webhooks, the
Idempotency-Key, problems, the rate-limit headers and a 429. This runs them with the
stack's addresses and keys in their environment. They need Node.js 18+ and nothing from
npm; without Node they skip and say so (.ci/run installs Debian's nodejs).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest

from tests.support.accounts import Account, create_account
from tests.support.env import FREE_PER_MINUTE, PINNED_WINDOW_TIME
from tests.support.processes import ROOT, HopProcess
from tests.support.stack import Stack

PACKAGE = ROOT / "clients" / "typescript"
OLDEST_NODE = 18


def _node() -> str:
    """The node executable, or a skip saying why there is none to use."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is missing: apt-get install nodejs (.ci/run does)")
    version = subprocess.run(
        [node, "--version"], capture_output=True, text=True, check=True, timeout=30
    ).stdout.strip()
    if int(version.lstrip("v").split(".")[0]) < OLDEST_NODE:
        pytest.skip(f"node {version} is older than the client's oldest, {OLDEST_NODE}")
    return node


def test_typescript_client_against_the_stack(
    session_stack: Stack,
    admin_url: str,
    edge_url: str,
    worker: HopProcess,
    account: Account,
    database_url: str,
) -> None:
    node = _node()
    # As in test_rate_limits.py: an admin whose minute windows read a time pinned half past
    # a minute, so the 429's Retry-After is 30 and no request straddles a minute boundary.
    pinned = session_stack.start_admin(
        "admin-pinned-typescript", HOP_TEST_WINDOW_TIME=str(PINNED_WINDOW_TIME)
    )
    try:
        limited = create_account(database_url, plan="free")
        run = subprocess.run(
            [node, "--test", "--test-reporter=spec", "test/client.test.mjs"],
            check=False,
            cwd=PACKAGE,
            env={
                "PATH": os.path.dirname(node),
                "HOP_ADMIN_URL": admin_url,
                "HOP_API_KEY": account.live_key,
                "HOP_EDGE_URL": edge_url,
                "HOP_LIMITED_ADMIN_URL": pinned.url,
                "HOP_LIMITED_API_KEY": limited.live_key,
                "HOP_LIMITED_PER_MINUTE": str(FREE_PER_MINUTE),
            },
            capture_output=True,
            text=True,
            timeout=120,
        )
    finally:
        pinned.stop()
    assert run.returncode == 0, f"node --test failed:\n{run.stdout}\n{run.stderr}"
    # Something ran, and nothing was cancelled or skipped (an unset variable fails a test).
    summary = dict(re.findall(r"^\S* ?(tests|pass) (\d+)$", run.stdout, re.MULTILINE))
    assert summary.get("tests", "0") != "0", run.stdout
    assert summary["tests"] == summary["pass"], run.stdout
