"""Run the `hop` command the way an operator would, in a clean environment."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from tests.support.processes import ROOT, clean_environment


def run_hop(
    *args: str, env: Mapping[str, str] | None = None, clean: bool = True, stdin: str = ""
) -> subprocess.CompletedProcess[str]:
    """``hop ARGS`` with ``env`` (added to the parent's environment minus HOP_*, or used
    as the whole environment when ``clean`` is False) and ``stdin`` on a pipe (never a
    terminal)."""
    environment = clean_environment(env or {}) if clean else dict(env or {})
    return subprocess.run(
        [sys.executable, "-m", "hop.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
        env=environment,
    )


class TerminalRun(NamedTuple):
    returncode: int
    terminal: str  # what the terminal showed: prompts and anything written to stderr
    stdout: str


def run_hop_in_terminal(
    *args: str, env: Mapping[str, str], answers: Sequence[str], timeout: float = 60.0
) -> TerminalRun:
    """``hop ARGS`` with standard input and error on a pseudo-terminal, answering each
    ``Password`` prompt with the next of ``answers`` (standard output stays a pipe).

    The child runs in a session of its own, so it can't reach the terminal pytest runs
    in: getpass then works on standard input, turning echo off there.
    """
    master, slave = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "hop.cli", *args],
        stdin=slave,
        stdout=subprocess.PIPE,
        stderr=slave,
        cwd=ROOT,
        env=clean_environment(env),
        start_new_session=True,
    )
    os.close(slave)
    shown = b""
    pending = list(answers)
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(master, 4096)
                except OSError:  # EIO: every copy of the terminal's other end is closed
                    break
                if not chunk:
                    break
                shown += chunk
            asked = shown.count(b"Password")
            if pending and asked > len(answers) - len(pending) and shown.endswith(b": "):
                os.write(master, pending.pop(0).encode() + b"\n")
        stdout, _ = process.communicate(timeout=max(1.0, deadline - time.monotonic()))
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(master)
    return TerminalRun(process.returncode, shown.decode(errors="replace"), stdout.decode())
