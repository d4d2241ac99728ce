"""Webhook registrations refused (400 without a required field, 422 naming a bad one),
table by table through the admin app in this process (tests/integration/conftest.py)."""

from __future__ import annotations

import httpx
import pytest

from tests.support.accounts import Account
from tests.support.hooks import ENDPOINT


@pytest.mark.parametrize(
    ("body", "status", "field"),
    [
        ({"events": ["link.created"]}, 400, "endpoint"),
        ({"endpoint": ENDPOINT}, 400, "events"),
        ({"endpoint": ENDPOINT, "events": ["link.exploded"]}, 422, "events[0]"),
        ({"endpoint": ENDPOINT, "events": []}, 422, "events"),
        ({"endpoint": ENDPOINT, "events": "link.created"}, 422, "events"),
        ({"endpoint": ENDPOINT, "events": ["webhook.test"]}, 422, "events[0]"),
        ({"endpoint": ENDPOINT, "events": ["*"], "secret": "too-short"}, 422, "secret"),
        ({"endpoint": ENDPOINT, "events": ["*"], "secret": "has spaces " * 3}, 422, "secret"),
        ({"endpoint": ENDPOINT, "events": ["*"], "secret": "auto\n"}, 422, "secret"),
        ({"endpoint": ENDPOINT, "events": ["*"], "secret": "x" * 30 + "\n"}, 422, "secret"),
        ({"endpoint": "ftp://127.0.0.1/x", "events": ["*"]}, 422, "endpoint"),
        ({"endpoint": "http://user:pw@127.0.0.1/x", "events": ["*"]}, 422, "endpoint"),
        ({"endpoint": "http://127.0.0.1/x#frag", "events": ["*"]}, 422, "endpoint"),
        ({"endpoint": "http://0x7f.1/", "events": ["*"]}, 422, "endpoint"),
        ({"endpoint": ENDPOINT, "events": ["*"], "enabled": True}, 422, "enabled"),
    ],
)
def test_bad_registrations(
    api: httpx.Client, account: Account, body: dict[str, object], status: int, field: str
) -> None:
    response = api.post("/v1/webhooks", json=body, headers=account.headers())
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json"
    assert field in [error["field"] for error in response.json()["errors"]]
    assert api.get("/v1/webhooks", headers=account.headers()).json()["data"] == []
