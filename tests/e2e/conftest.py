"""Fixtures for the end-to-end webhook tests: a private-database stack (tests/support/stack.py)
with an admin, workers each test starts with the settings it needs, receivers, SMTP; and for
the custom-domain tests, an admin of the session's stack whose DNS resolver is a loopback
DNS server the test fills."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.support.dns import DnsServer
from tests.support.hooks import HOOK_SETTINGS
from tests.support.processes import HopProcess
from tests.support.receiver import Receiver
from tests.support.smtp import SmtpSink
from tests.support.stack import Stack
from tests.support.web import Browser


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


@pytest.fixture(scope="module")
def dns_server() -> Iterator[DnsServer]:
    server = DnsServer()
    yield server
    server.close()


@pytest.fixture(scope="module")
def dns_admin(
    session_stack: Stack, dns_server: DnsServer, request: pytest.FixtureRequest
) -> Iterator[HopProcess]:
    name = f"admin-dns-{request.module.__name__.rsplit('.', 1)[-1]}"
    admin = session_stack.start_admin(name, HOP_DNS_RESOLVER=dns_server.address)
    yield admin
    admin.stop()


@pytest.fixture
def dns_api(dns_admin: HopProcess) -> Iterator[httpx.Client]:
    """The API of the admin whose DNS is ``dns_server``."""
    with httpx.Client(base_url=dns_admin.url, timeout=30, follow_redirects=False) as api:
        yield api


@pytest.fixture
def browser(admin_url: str) -> Iterator[Browser]:
    """A dashboard client (cookies, CSRF) on the session's admin; closed after the test."""
    client = Browser(admin_url)
    yield client
    client.close()
