"""Fixtures for the end-to-end webhook tests (see tests/support/hooks.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.hooks import HookStack
from tests.support.receiver import Receiver
from tests.support.smtp import SmtpSink


@pytest.fixture(scope="session")
def hook_stack(work_dir: Path, postgres_url: str) -> Iterator[HookStack]:
    root = work_dir / "hooks"
    root.mkdir()
    stack = HookStack(root, postgres_url)
    yield stack
    stack.close()


@pytest.fixture
def hooks(hook_stack: HookStack) -> Iterator[HookStack]:
    """The stack, with every worker the test started stopped at its end."""
    yield hook_stack
    hook_stack.stop_workers()


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    server = Receiver()
    yield server
    server.close()


@pytest.fixture
def smtp() -> Iterator[SmtpSink]:
    sink = SmtpSink()
    yield sink
    sink.close()
