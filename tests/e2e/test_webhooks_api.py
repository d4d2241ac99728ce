"""/v1/webhooks: registration (docs/api.md#webhooks), management, secrets shown once,
problem+json."""

from __future__ import annotations

import base64
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import httpx
import psycopg
import pytest

from tests.support.accounts import Account, create_key
from tests.support.hooks import ENDPOINT
from tests.support.stack import Stack

# The session admin may deliver to loopback only (tests/support/env.py); nothing
# listens on port 9 there, so whatever the session worker tries goes nowhere.


def create(api: httpx.Client, account: Account, **body: object) -> httpx.Response:
    payload = {"endpoint": ENDPOINT, "events": ["link.created"], **body}
    return api.post("/v1/webhooks", json=payload, headers=account.headers())


def test_register_with_a_generated_secret(api: httpx.Client, account: Account) -> None:
    response = api.post(
        "/v1/webhooks",
        json={"endpoint": ENDPOINT, "events": ["link.created", "link.clicked"], "secret": "auto"},
        headers=account.headers(),
    )
    assert response.status_code == 201, response.text
    body = response.json()
    assert body["id"].startswith("wh_")
    assert body["endpoint"] == ENDPOINT
    assert body["events"] == ["link.created", "link.clicked"]
    assert body["status"] == "active"
    assert response.headers["location"] == f"/v1/webhooks/{body['id']}"
    secret = body["secret"]
    assert secret.startswith("whsec_")
    assert len(base64.urlsafe_b64decode(secret[6:] + "=")) >= 32

    shown = api.get(f"/v1/webhooks/{body['id']}", headers=account.headers()).json()
    assert "secret" not in shown
    assert shown == {key: value for key, value in body.items() if key != "secret"}
    listed = api.get("/v1/webhooks", headers=account.headers()).json()
    assert [hook["id"] for hook in listed["data"]] == [body["id"]]
    assert all("secret" not in hook for hook in listed["data"])


def test_secret_is_stored_encrypted(api: httpx.Client, account: Account, database_url: str) -> None:
    body = create(api, account, secret="my-own-secret-of-24-chars-or-more").json()
    assert body["secret"] == "my-own-secret-of-24-chars-or-more"
    with psycopg.connect(database_url) as conn:
        row = conn.execute("SELECT secret FROM webhooks WHERE id = %s", (body["id"],)).fetchone()
    assert row is not None
    assert b"my-own-secret" not in bytes(row[0])


def test_defaults_and_all_events(api: httpx.Client, account: Account) -> None:
    response = api.post(
        "/v1/webhooks", json={"endpoint": ENDPOINT, "events": ["*"]}, headers=account.headers()
    )
    assert response.status_code == 201
    assert response.json()["events"] == ["*"]
    assert response.json()["secret"].startswith("whsec_")
    folded = create(api, account, events=["link.created", "link.created", "*", "qr.scanned"])
    assert folded.json()["events"] == ["*"]


def test_not_json_is_400(api: httpx.Client, account: Account) -> None:
    response = api.post(
        "/v1/webhooks",
        content=b"{nope",
        headers={**account.headers(), "Content-Type": "application/json"},
    )
    assert response.status_code == 400


def test_update_delete_and_not_found(api: httpx.Client, account: Account) -> None:
    hook = create(api, account).json()
    url = f"/v1/webhooks/{hook['id']}"
    changed = api.patch(
        url,
        json={"endpoint": "http://127.0.0.1:9/v2", "events": ["link.deleted"]},
        headers=account.headers(),
    )
    assert changed.status_code == 200, changed.text
    assert changed.json()["endpoint"] == "http://127.0.0.1:9/v2"
    assert changed.json()["events"] == ["link.deleted"]
    assert api.patch(url, json={"events": ["nope"]}, headers=account.headers()).status_code == 422
    assert api.patch(url, json={}, headers=account.headers()).json()["events"] == ["link.deleted"]
    assert api.delete(url, headers=account.headers()).status_code == 204
    for response in (
        api.get(url, headers=account.headers()),
        api.delete(url, headers=account.headers()),
        api.patch(url, json={}, headers=account.headers()),
        api.post(f"{url}/resume", headers=account.headers()),
        api.post(f"{url}/test", headers=account.headers()),
        api.post(f"{url}/rotate-secret", headers=account.headers()),
        api.get(f"{url}/deliveries", headers=account.headers()),
        api.post(f"{url}/deliveries/dlv_nope/redeliver", headers=account.headers()),
    ):
        assert response.status_code == 404, response.request.url
        assert response.headers["content-type"] == "application/problem+json"


def test_other_accounts_and_environments_see_nothing(
    api: httpx.Client, account: Account, database_url: str
) -> None:
    hook = create(api, account).json()
    sandbox = api.get("/v1/webhooks", headers=account.headers("test")).json()
    assert sandbox["data"] == []
    assert api.get(f"/v1/webhooks/{hook['id']}", headers=account.headers("test")).status_code == 404
    reader = create_key(database_url, account.email, ("webhooks:read",))
    headers = {"Authorization": f"Bearer {reader}"}
    assert api.get("/v1/webhooks", headers=headers).status_code == 200
    refused = api.post(
        "/v1/webhooks", json={"endpoint": ENDPOINT, "events": ["*"]}, headers=headers
    )
    assert refused.status_code == 403
    assert api.post(f"/v1/webhooks/{hook['id']}/resume", headers=headers).status_code == 403
    links_only = create_key(database_url, account.email, ("links:write",))
    assert (
        api.get("/v1/webhooks", headers={"Authorization": f"Bearer {links_only}"}).status_code
        == 403
    )


def test_rotate_resume_test_and_the_empty_log(api: httpx.Client, account: Account) -> None:
    hook = create(api, account).json()
    url = f"/v1/webhooks/{hook['id']}"
    rotated = api.post(f"{url}/rotate-secret", headers=account.headers())
    assert rotated.status_code == 200, rotated.text
    body = rotated.json()
    assert body["secret"].startswith("whsec_")
    assert body["secret"] != hook["secret"]
    expires = datetime.fromisoformat(body["previousSecretExpiresAt"])
    assert timedelta(hours=23, minutes=59) < expires - datetime.now(UTC) <= timedelta(hours=24)
    assert (
        api.get(url, headers=account.headers()).json()["previousSecretExpiresAt"]
        == (body["previousSecretExpiresAt"])
    )
    resumed = api.post(f"{url}/resume", headers=account.headers())
    assert resumed.status_code == 200
    assert resumed.json()["status"] == "active"
    queued = api.post(f"{url}/test", headers=account.headers())
    assert queued.status_code == 202
    assert queued.json()["state"] == "pending"
    log = api.get(f"{url}/deliveries", headers=account.headers())
    assert log.status_code == 200
    assert set(log.json()) == {"data", "nextCursor"}
    for params in ({"limit": 0}, {"limit": 201}, {"cursor": "!!"}, {"cursor": "bG5rXzE"}):
        assert (
            api.get(f"{url}/deliveries", params=params, headers=account.headers()).status_code
            == 422
        )


def test_pages_of_webhooks(api: httpx.Client, account: Account) -> None:
    ids = [create(api, account).json()["id"] for _ in range(5)]
    seen: list[str] = []
    cursor = None
    while True:
        params: dict[str, str | int] = {"limit": 2, **({"cursor": cursor} if cursor else {})}
        page = api.get("/v1/webhooks", params=params, headers=account.headers()).json()
        seen += [hook["id"] for hook in page["data"]]
        cursor = page["nextCursor"]
        if cursor is None:
            break
    assert seen == sorted(ids, reverse=True)


@pytest.fixture(scope="module")
def strict_admin(session_stack: Stack) -> Iterator[str]:
    """An admin with the production rules: https only, public addresses only."""
    server = session_stack.start_admin(
        "admin-strict", HOP_WEBHOOK_ALLOW_HTTP=None, HOP_WEBHOOK_NETWORKS=None
    )
    yield server.url
    server.stop()


@pytest.mark.parametrize(
    "endpoint",
    [
        "http://hooks.example.com/x",  # plain http
        "https://127.0.0.1/x",
        "https://localhost/x",  # a name that resolves to loopback
        "https://[::1]/x",
        "https://[::ffff:10.0.0.1]/x",
        "https://10.1.2.3/x",
        "https://169.254.169.254/latest/meta-data",
        "https://100.64.0.1/x",
        "https://2130706433/x",
        "https://0177.0.0.1/x",
        "https://0.0.0.0/x",
        "https://[::127.0.0.1]/x",  # IPv4-compatible loopback
        "https://[::a9fe:a9fe]/x",  # IPv4-compatible 169.254.169.254
        "https://[::ffff:0:127.0.0.1]/x",  # IPv4-translated loopback
        "https://[::2]/x",
        "https://[5f00::1]/x",  # SRv6 SIDs
        "https://[3fff::1]/x",  # documentation
    ],
)
def test_production_rules_refuse_private_targets(
    strict_admin: str, account: Account, endpoint: str
) -> None:
    # Only refusals are sent here: this admin must never store a deliverable address.
    response = httpx.post(
        f"{strict_admin}/v1/webhooks",
        json={"endpoint": endpoint, "events": ["*"]},
        headers=account.headers(),
    )
    assert response.status_code == 422, response.text
    assert response.json()["errors"][0]["field"] == "endpoint"


def test_a_refusal_does_not_say_where_a_name_leads(strict_admin: str, account: Account) -> None:
    # A name in an internal zone must not become a way to read internal addresses:
    # the owner learns only that the address is not public.
    response = httpx.post(
        f"{strict_admin}/v1/webhooks",
        json={"endpoint": "https://localhost/x", "events": ["*"]},
        headers=account.headers(),
    )
    assert response.status_code == 422, response.text
    problem = response.json()
    assert problem["errors"] == [
        {"field": "endpoint", "message": "resolves to a non-public address"}
    ]
    for address in ("127.0.0.1", "::1", "127.", "::"):
        assert address not in response.text
