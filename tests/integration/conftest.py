"""The admin app in this process (tests/support/inprocess.py) for the validation tables."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from litestar.testing import TestClient

from tests.support.inprocess import admin_client
from tests.support.outbound import KINDS, choosing
from tests.support.stack import Stack


@pytest.fixture(scope="session")
def admin_app(session_stack: Stack) -> Iterator[TestClient[Any]]:
    """The admin app with the settings of the session's (granian) admin."""
    with admin_client(session_stack.env) as client:
        yield client


@pytest.fixture
def api(admin_app: TestClient[Any]) -> httpx.Client:
    """The in-process admin, read as tests/conftest.py's ``api`` (a granian admin) is."""
    return admin_app


@pytest.fixture(params=sorted(KINDS))
def guarded_kind(request: pytest.FixtureRequest) -> Iterator[str]:
    """Runs the test once over each guarded client (tests/support/outbound.py)."""
    with choosing(request.param):
        yield request.param
