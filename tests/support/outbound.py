"""The guarded clients ``SourceHttp`` takes, so import sources' tests run over each: the
plain client the worker uses (admin/outbound/fast.py) and httpx's (admin/outbound/client.py).

A test module asks for both with ``pytestmark = pytest.mark.usefixtures("guarded_kind")``
(the fixture is tests/integration/conftest.py's); its helpers build the client with
``guarded_client``, which makes the kind the running test was given.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from admin.outbound.client import OutboundClient
from admin.outbound.fast import PlainClient
from admin.outbound.policy import AddressPolicy

GuardedClient = PlainClient | OutboundClient
KINDS: dict[str, type[GuardedClient]] = {"plain": PlainClient, "httpx": OutboundClient}
_chosen = ["plain"]  # the last is in force; the plain client when no test chose


@contextlib.contextmanager
def choosing(kind: str) -> Iterator[None]:
    _chosen.append(kind)
    try:
        yield
    finally:
        _chosen.pop()


def guarded_client(
    policy: AddressPolicy, *, timeout: float, max_bytes: int, user_agent: str
) -> GuardedClient:
    return KINDS[_chosen[-1]](policy, timeout=timeout, max_bytes=max_bytes, user_agent=user_agent)
