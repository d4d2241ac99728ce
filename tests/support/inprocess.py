"""The admin in the test's own process: the real app (admin/app.py's build_app, its gate,
stores and services) with a stack's settings, on its PostgreSQL and Redis, reached
through Litestar's TestClient instead of a granian process and a socket.

For the tables that send many bad requests and read the answers: each request then
costs the app's work alone. A TestClient is an httpx.Client, so a test reads it as it
reads a client of a granian admin.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from litestar import Litestar
from litestar.testing import TestClient

from admin.app import build_app
from common.settings import load_settings


@contextmanager
def admin_client(environment: Mapping[str, str]) -> Iterator[TestClient[Any]]:
    """A client of the admin app built from ``environment`` (a stack's), started (its
    stores open) and stopped around the block."""
    settings = load_settings(environment)
    with warnings.catch_warnings():
        # As admin/apidoc.py: Litestar warns, once per handler, that dependencies it infers
        # by name will need marking in its next major version (the admin process too).
        warnings.simplefilter("ignore", DeprecationWarning)
        app = build_app(settings)
    with TestClient(app, base_url=settings.base_url, raise_server_exceptions=False) as client:
        client.timeout = 30
        client.follow_redirects = False  # as the suite's clients of granian admins
        yield client


def admin_litestar(environment: Mapping[str, str]) -> Litestar:
    """The Litestar app (its routes and their handlers) of an admin built from
    ``environment``, unwrapped from the admin's ASGI layers (the gate, metrics); not
    started, so it opens no store."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        app: Any = build_app(load_settings(environment))
    while not isinstance(app, Litestar):
        app = app.app
    return app
