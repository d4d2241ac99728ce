"""Helpers for webhook delivery tests.

The session's worker dispatches every delivery of the session database with
default settings, so delivery tests run on a private-database stack
(``Stack.private_database`` with ``HOOK_SETTINGS``, tests/e2e/conftest.py), with
workers each test starts with the settings it needs (a compressed retry schedule, a
short time-out, an SMTP server) and stops.
"""

from __future__ import annotations

from typing import Any

import httpx

from tests.support.accounts import Account
from tests.support.receiver import Received, Receiver
from tests.support.waiting import eventually

# A loopback endpoint nothing listens on: registrations accept it, deliveries fail.
ENDPOINT = "http://127.0.0.1:9/hooks"
FAST_SCHEDULE = "0.2,0.2,0.2,0.2,0.2,0.2"
HOOK_SETTINGS = {
    "HOP_TEST_WEBHOOK_POLL_INTERVAL": "0.05",
    "HOP_TEST_WEBHOOK_RETRY_SCHEDULE": FAST_SCHEDULE,
}


def subscribe(
    api: httpx.Client, account: Account, receiver: Receiver, *types: str
) -> dict[str, Any]:
    """Register ``receiver`` for ``types`` through the API; the receiver learns the secret."""
    response = api.post(
        "/v1/webhooks",
        headers=account.headers(),
        json={"endpoint": f"{receiver.url}/hooks", "events": list(types), "secret": "auto"},
    )
    assert response.status_code == 201, response.text
    webhook: dict[str, Any] = response.json()
    receiver.secrets.append(webhook["secret"])
    return webhook


def delivered(
    receiver: Receiver, event_type: str, count: int, timeout: float = 30
) -> list[dict[str, Any]]:
    """The ``data`` of the first ``count`` signed deliveries of ``event_type``, in order."""

    def found() -> list[Received]:
        return [r for r in receiver.wait_for(0, 0) if r.envelope().get("type") == event_type]

    eventually(lambda: len(found()) >= count, timeout)
    requests = found()
    assert all(request.signature_ok for request in requests)
    return [request.envelope()["data"] for request in requests]  # type: ignore[misc]
