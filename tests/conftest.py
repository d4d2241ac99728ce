"""Session-wide real services: PostgreSQL, Redis, and the session's processes (admin,
edge, worker) from tests/support/stack.py.

With HOP_DATABASE_URL / HOP_REDIS_URL set, the suite uses those servers (in a
scratch database it creates and drops); otherwise it starts embedded ones.
Each test owns its data through its own account, so order never matters.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.support.accounts import Account, create_account
from tests.support.processes import HopProcess
from tests.support.stack import Stack
from tests.support.stores import postgres_server, redis_server, scratch_database

_OWN_BASETEMP = pytest.StashKey[str]()


def pytest_configure(config: pytest.Config) -> None:
    # Registered here too, for runs without the xdist plugin (-p no:xdist) under
    # --strict-markers: pytest_collection_modifyitems marks every test with one.
    config.addinivalue_line("markers", "xdist_group(name): run on one xdist worker, in turn")
    # A private temp folder per session: pytest's shared numbered folders are rotated by
    # whichever session starts next, even while this one's servers still use them.
    if config.option.basetemp is None:
        config.option.basetemp = tempfile.mkdtemp(prefix="hop-pytest-")
        config.stash[_OWN_BASETEMP] = config.option.basetemp


# Under pytest-xdist (./scripts/test: --dist loadgroup) every worker is a session of its
# own: its own scratch database, Redis database number or embedded servers, and processes.
# A module's tests stay on one worker, so its module-scoped processes start once; the heavy
# ones (fault injection, load, the browser) share one group, so they run one at a time.
HEAVY_GROUP = "heavy"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("xdist_group"):
            continue
        heavy = item.get_closest_marker("slow") or item.get_closest_marker("browser")
        group = HEAVY_GROUP if heavy else item.nodeid.partition("::")[0]  # its module
        item.add_marker(pytest.mark.xdist_group(group))


def pytest_unconfigure(config: pytest.Config) -> None:
    if own := config.stash.get(_OWN_BASETEMP, None):
        shutil.rmtree(own, ignore_errors=True)


@pytest.fixture(scope="session")
def work_dir() -> Iterator[Path]:
    """The session's servers and logs. Not under pytest's numbered temp folders: another
    pytest session on the machine would rotate those away while our servers use them."""
    path = Path(tempfile.mkdtemp(prefix="hop-tests-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_url(work_dir: Path) -> Iterator[str]:
    with postgres_server(os.environ.get("HOP_DATABASE_URL"), work_dir / "postgres") as url:
        yield url


@pytest.fixture(scope="session")
def redis_url(work_dir: Path) -> Iterator[str]:
    with redis_server(os.environ.get("HOP_REDIS_URL"), work_dir / "redis") as url:
        yield url


@pytest.fixture(scope="session")
def database_url(postgres_url: str) -> Iterator[str]:
    with scratch_database(postgres_url) as url:
        yield url


@pytest.fixture(scope="session")
def session_stack(database_url: str, redis_url: str, work_dir: Path) -> Iterator[Stack]:
    """The session's processes, each started by the first test that needs it."""
    stack = Stack(work_dir, database_url, redis_url)
    yield stack
    stack.close()


@pytest.fixture(scope="session")
def edge_port(session_stack: Stack) -> int:
    return session_stack.edge_port


@pytest.fixture(scope="session")
def admin_url(session_stack: Stack) -> str:
    return session_stack.start_admin().url


@pytest.fixture(scope="session")
def admin_process(session_stack: Stack, admin_url: str) -> HopProcess:
    """The session's admin process (to measure its granian worker)."""
    assert session_stack.admin is not None
    return session_stack.admin


@pytest.fixture(scope="session")
def edge_url(session_stack: Stack) -> str:
    return session_stack.start_edge(HOP_LANDING_URL="https://landing.example/").url


@pytest.fixture(scope="session")
def worker(session_stack: Stack) -> HopProcess:
    return session_stack.start_worker()


@pytest.fixture
def edge(edge_url: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=edge_url, timeout=10, follow_redirects=False) as client:
        yield client


@pytest.fixture
def api(admin_url: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=admin_url, timeout=30, follow_redirects=False) as client:
        yield client


@pytest.fixture
def account(database_url: str) -> Account:
    return create_account(database_url)


__all__ = ["Account", "HopProcess"]
