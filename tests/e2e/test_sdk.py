"""The generated Python SDK (clients/python/, ./scripts/gen-sdk) against a running stack.

What a client developer does with it: create, list with paging, update, read clicks,
register a webhook and drive it, and get errors back as typed problems.
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from hop_client import AuthenticatedClient
from hop_client.api.analytics import get_link_clicks
from hop_client.api.links import create_link, delete_link, get_link, list_links, update_link
from hop_client.api.webhooks import (
    get_webhook,
    list_webhook_deliveries,
    register_webhook,
    rotate_webhook_secret,
    send_webhook_test,
    update_webhook,
)
from hop_client.models import (
    Delivery,
    Link,
    LinkClicks,
    LinkCreate,
    LinkPage,
    LinkUpdate,
    Problem,
    SecretRotated,
    Webhook,
    WebhookCreate,
    WebhookCreated,
    WebhookUpdate,
)
from hop_client.types import UNSET

from tests.support.accounts import Account
from tests.support.clicks import wait_for_clicks
from tests.support.processes import HopProcess

ENDPOINT = "http://127.0.0.1:9/hooks"


@pytest.fixture
def client(admin_url: str, account: Account) -> Iterator[AuthenticatedClient]:
    with AuthenticatedClient(base_url=admin_url, token=account.live_key) as sdk:
        yield sdk


def _link(client: AuthenticatedClient, **fields: object) -> Link:
    created = create_link.sync(client=client, body=LinkCreate(**fields))  # type: ignore[arg-type]
    assert isinstance(created, Link), created
    return created


def test_create_get_update_delete(client: AuthenticatedClient) -> None:
    link = _link(client, long_url="https://example.com/sdk", tags=["sdk"])
    assert link.id.startswith("lnk_")
    assert link.long_url == "https://example.com/sdk"
    assert link.tags == ["sdk"]
    assert link.status == "active"

    fetched = get_link.sync(link.id, client=client)
    assert isinstance(fetched, Link)
    assert fetched.short_url == link.short_url

    changed = update_link.sync(
        link.id,
        client=client,
        body=LinkUpdate(long_url="https://example.com/sdk-2", tags=None),
    )
    assert isinstance(changed, Link), changed
    assert (changed.long_url, changed.tags) == ("https://example.com/sdk-2", [])

    deleted = delete_link.sync_detailed(link.id, client=client)
    assert deleted.status_code == 204
    gone = get_link.sync(link.id, client=client)
    assert isinstance(gone, Problem)
    assert gone.status == 404


def test_list_pages_through_every_link(client: AuthenticatedClient) -> None:
    tag = "paging-sdk"
    made = {_link(client, long_url=f"https://example.com/p/{n}", tags=[tag]).id for n in range(5)}
    seen: list[str] = []
    cursor: str | None = None
    while True:
        page = list_links.sync(client=client, limit=2, tag=tag, cursor=cursor or UNSET)
        assert isinstance(page, LinkPage), page
        assert len(page.data) <= 2
        seen += [link.id for link in page.data]
        if not isinstance(page.next_cursor, str):
            break
        cursor = page.next_cursor
    assert len(seen) == len(made)
    assert set(seen) == made


def test_clicks(
    client: AuthenticatedClient, edge_url: str, database_url: str, worker: HopProcess
) -> None:
    link = _link(client, long_url="https://example.com/clicked")
    for _ in range(3):
        answer = httpx.get(f"{edge_url}/{link.short_code}", headers={"User-Agent": "Mozilla/5.0"})
        assert answer.status_code == 302
    assert wait_for_clicks(database_url, [link.id], 3) == 3
    clicks = get_link_clicks.sync(link.id, client=client)
    assert isinstance(clicks, LinkClicks), clicks
    assert clicks.totals.total == 3
    assert len(clicks.clicks) == 3
    assert clicks.link_id == link.id


def test_webhooks(client: AuthenticatedClient) -> None:
    created = register_webhook.sync(
        client=client, body=WebhookCreate(endpoint=ENDPOINT, events=["link.created"])
    )
    assert isinstance(created, WebhookCreated), created
    assert created.secret.startswith("whsec_")

    changed = update_webhook.sync(created.id, client=client, body=WebhookUpdate(events=["*"]))
    assert isinstance(changed, Webhook), changed
    assert changed.events == ["*"]
    fetched = get_webhook.sync(created.id, client=client)
    assert isinstance(fetched, Webhook)
    assert fetched.status == "active"

    rotated = rotate_webhook_secret.sync(created.id, client=client)
    assert isinstance(rotated, SecretRotated), rotated
    assert rotated.secret != created.secret

    queued = send_webhook_test.sync(created.id, client=client)
    assert isinstance(queued, Delivery), queued
    assert queued.event_type == "webhook.test"
    attempts = list_webhook_deliveries.sync(created.id, client=client, limit=10)
    assert not isinstance(attempts, Problem)
    assert attempts is not None


def test_errors_are_typed_problems(admin_url: str, client: AuthenticatedClient) -> None:
    refused = create_link.sync(client=client, body=LinkCreate(long_url="ftp://example.com/x"))
    assert isinstance(refused, Problem)
    assert refused.status == 422
    assert refused.type_.startswith("urn:hop:problem:")
    assert [error.field for error in refused.errors] == ["longUrl"]

    with AuthenticatedClient(base_url=admin_url, token="svc_live_" + "x" * 32) as stranger:
        denied = list_links.sync(client=stranger)
    assert isinstance(denied, Problem)
    assert denied.status == 401

    missing = get_link.sync("lnk_doesnotexist", client=client)
    assert isinstance(missing, Problem)
    assert (missing.status, missing.title) == (404, "Not Found")
