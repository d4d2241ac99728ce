"""Fixtures for the end-to-end webhook tests: a private-database stack (tests/support/stack.py)
with an admin, workers each test starts with the settings it needs, receivers, SMTP."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.hooks import HOOK_SETTINGS
from tests.support.receiver import Receiver
from tests.support.smtp import SmtpSink
from tests.support.stack import Stack


@pytest.fixture(scope="session")
def hook_stack(work_dir: Path, postgres_url: str) -> Iterator[Stack]:
    root = work_dir / "hooks"
    root.mkdir()
    stack = Stack.private_database(root, postgres_url, **HOOK_SETTINGS)
    try:
        stack.start_admin()
        yield stack
    finally:
        stack.close()


@pytest.fixture
def hooks(hook_stack: Stack) -> Iterator[Stack]:
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
