"""`hop import`: an operator's import, run in the command (--here) or by a worker,
watched to its end; `hop import status|cancel`; a Ctrl-C that leaves the job alone.

The --here and the watching tests use a stack of their own with no worker (a worker
would take the jobs they start); the Bitly one uses the session's worker.
"""

from __future__ import annotations

import os
import secrets
import select
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

from tests.support.accounts import Account
from tests.support.cli import run_hop
from tests.support.fakes.bitly import FakeBitly, GeneratedLinks, LinkList, bitlink
from tests.support.processes import ROOT
from tests.support.stack import Stack
from tests.support.waiting import wait_until

TOKEN = "bitly-token-5c2e8a1f9b"


@pytest.fixture(scope="module")
def quiet(tmp_path_factory: pytest.TempPathFactory, postgres_url: str) -> Iterator[Stack]:
    """A database and a Redis with no worker: jobs stay queued unless run --here."""
    stack = Stack.private_database(tmp_path_factory.mktemp("import-cli"), postgres_url)
    yield stack
    stack.close()


def _hop(stack: Stack, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return run_hop("import", *args, env=stack.env, clean=False, stdin=stdin)


def _csv(tmp_path: Path, *rows: str) -> Path:
    path = tmp_path / "links.csv"
    path.write_text("longUrl,alias,tags\r\n" + "".join(row + "\r\n" for row in rows))
    return path


def _started_id(stdout: str) -> str:
    first = stdout.splitlines()[0]
    assert first.startswith("import imp_"), stdout
    return first.split()[1]


def _status(stack: Stack, job_id: str) -> dict[str, Any]:
    result = _hop(stack, "status", job_id)
    assert result.returncode == 0, result.stderr
    job: dict[str, Any] = msgspec.json.decode(result.stdout)
    return job


def test_a_csv_import_here_writes_the_links_as_the_owner(quiet: Stack, tmp_path: Path) -> None:
    account = quiet.account()
    code = f"cli{secrets.token_hex(3)}"
    path = _csv(tmp_path, f"https://csv.example/a,{code},one|two", "https://csv.example/b,,")
    result = _hop(quiet, "csv", str(path), "--workspace", account.workspace_id, "--here")
    assert result.returncode == 0, result.stderr
    job_id = _started_id(result.stdout)
    lines = result.stdout.splitlines()
    assert "\r" not in result.stdout  # not a terminal: one line per change
    progress = [line for line in lines if line.startswith(("queued", "running", "done"))]
    assert progress, result.stdout
    assert "imported 2 · skipped 0 · failed 0 of 2" in progress[-1]
    assert "done: imported 2 · skipped 0 · failed 0 of 2" in result.stdout
    links = quiet.sql(
        "SELECT short_code, long_url FROM links WHERE workspace_id = %s ORDER BY long_url",
        account.workspace_id,
    )
    assert links[0] == (code, "https://csv.example/a")
    assert len(links) == 2
    assert quiet.sql("SELECT created_by, status FROM imports WHERE id = %s", job_id) == [
        (account.user_id, "done")
    ]


def test_a_bad_token_exits_1_with_the_reason(quiet: Stack) -> None:
    account = quiet.account()
    fake = FakeBitly(TOKEN, {"Bg1": GeneratedLinks(5)})
    try:
        result = _hop(
            quiet,
            "bitly",
            "--workspace",
            account.workspace_id,
            "--token",
            "-",
            "--base-url",
            fake.url,
            "--here",
            stdin="not-the-token\n",
        )
    finally:
        fake.close()
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Bitly refused the credential" in result.stderr
    assert "failed" in result.stderr
    assert "not-the-token" not in result.stdout + result.stderr


def test_a_bitly_import_run_by_the_worker(
    session_stack: Stack, worker: Any, account: Account
) -> None:
    suffix = secrets.token_hex(3)
    odd = LinkList(
        [
            bitlink("ab", "https://shop.example/short-code"),  # too short: a new code
            bitlink(f"bad{suffix}", "javascript:alert(1)"),
        ]
    )
    fake = FakeBitly(TOKEN, {"Bg1": GeneratedLinks(120, prefix=f"w{suffix}"), "Bg2": odd})
    try:
        result = run_hop(
            "import",
            "bitly",
            "--workspace",
            account.workspace_id,
            "--token",
            "-",
            "--base-url",
            fake.url,
            env=session_stack.env,
            clean=False,
            stdin=TOKEN + "\n",
        )
    finally:
        fake.close()
    assert result.returncode == 0, result.stdout + result.stderr
    assert TOKEN not in result.stdout + result.stderr
    assert "done: imported 121 · skipped 0 · failed 1 of 122; 1 under a new code" in result.stdout
    assert "codes remapped (1):" in result.stdout
    assert "  bit.ly/ab: ab -> " in result.stdout
    assert f"  bit.ly/bad{suffix}: " in result.stdout
    job_id = _started_id(result.stdout)
    assert f"GET /v1/imports/{job_id}/report" in result.stdout


def _watch(stack: Stack, path: Path, workspace_id: str) -> subprocess.Popen[bytes]:
    """`hop import csv` watching a job no worker will take, its output on pipes."""
    return subprocess.Popen(
        [sys.executable, "-m", "hop.cli", "import", "csv", str(path), "--workspace", workspace_id],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=stack.env,
    )


def _read_until(process: subprocess.Popen[bytes], text: str) -> str:
    """Standard output until it holds ``text``."""
    assert process.stdout is not None
    fd = process.stdout.fileno()
    seen = bytearray()

    def arrived() -> bool:
        ready, _, _ = select.select([fd], [], [], 0)
        if ready:
            chunk = os.read(fd, 4096)
            assert chunk, f"the command ended: {seen.decode()}"
            seen.extend(chunk)
        return text.encode() in seen

    wait_until(arrived, timeout=60, message=f"no {text!r} from hop import")
    return seen.decode()


def test_a_cancel_ends_the_watch_with_2(quiet: Stack, tmp_path: Path) -> None:
    account = quiet.account()
    watching = _watch(quiet, _csv(tmp_path, "https://csv.example/c,,"), account.workspace_id)
    try:
        shown = _read_until(watching, "waiting for a worker (`hop worker`) to take the job")
        job_id = _started_id(shown)
        assert _status(quiet, job_id)["status"] == "queued"
        cancelled = _hop(quiet, "cancel", job_id)
        assert cancelled.returncode == 0, cancelled.stderr
        assert msgspec.json.decode(cancelled.stdout)["status"] == "cancelled"
        _, stderr = watching.communicate(timeout=60)
    finally:
        if watching.poll() is None:
            watching.kill()
            watching.wait()
    assert watching.returncode == 2
    assert "cancelled by its owner" in stderr.decode()
    assert _status(quiet, job_id)["status"] == "cancelled"
    again = _hop(quiet, "cancel", job_id)
    assert again.returncode == 1
    assert "already ended" in again.stderr


def test_ctrl_c_leaves_the_job_queued_and_says_how_to_cancel(quiet: Stack, tmp_path: Path) -> None:
    account = quiet.account()
    watching = _watch(quiet, _csv(tmp_path, "https://csv.example/d,,"), account.workspace_id)
    try:
        job_id = _started_id(_read_until(watching, "\n"))
        watching.send_signal(signal.SIGINT)
        _, stderr = watching.communicate(timeout=60)
    finally:
        if watching.poll() is None:
            watching.kill()
            watching.wait()
    assert watching.returncode == 130
    assert f"hop import cancel {job_id}" in stderr.decode()
    assert _status(quiet, job_id)["status"] == "queued"
    assert _hop(quiet, "cancel", job_id).returncode == 0


def test_detach_status_and_unknown_ids(quiet: Stack, tmp_path: Path) -> None:
    account = quiet.account()
    path = _csv(tmp_path, "https://csv.example/e,,")
    started = _hop(
        quiet, "csv", "--file", str(path), "--workspace", account.workspace_id, "--detach"
    )
    assert started.returncode == 0, started.stderr
    job_id = _started_id(started.stdout)
    job = _status(quiet, job_id)
    assert (job["id"], job["source"], job["status"]) == (job_id, "csv", "queued")
    assert job["createdBy"] == account.user_id
    assert _hop(quiet, "cancel", job_id).returncode == 0

    unknown = _hop(quiet, "status", "imp_nothing")
    assert unknown.returncode == 1
    assert "No import" in unknown.stderr
    nowhere = _hop(quiet, "csv", str(path), "--workspace", "ws_nothing", "--detach")
    assert nowhere.returncode == 1
    assert "No workspace" in nowhere.stderr
    bad = _hop(quiet, "bitly", "--workspace", account.workspace_id, "--detach")
    assert bad.returncode == 1
    assert "credentials" in bad.stderr
