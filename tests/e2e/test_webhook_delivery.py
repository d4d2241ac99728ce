"""Events reach real receivers on loopback: signed, complete, in order, from every producer."""

from __future__ import annotations

import hashlib
import hmac
import re
import time
from typing import Any

import msgspec
import redis

from common.keys import CLICK_STREAM
from common.wire import CLICK_BATCH_VERSION, ClickEvent, click_batch_encoder
from tests.support.accounts import Account
from tests.support.receiver import Receiver
from tests.support.stack import Stack
from tests.support.waiting import eventually

CREATED_AT = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$")


def register(
    hooks: Stack, account: Account, endpoint: str, events: list[str], **extra: Any
) -> dict[str, Any]:
    with hooks.api() as api:
        response = api.post(
            "/v1/webhooks",
            json={"endpoint": endpoint, "events": events, **extra},
            headers=account.headers(),
        )
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def stripe_verify(payload: bytes, header: str, secret: str, tolerance: int = 300) -> bool:
    """Stripe's published algorithm, written from its documentation, not from our code."""
    items = [item.split("=", 1) for item in header.split(",")]
    timestamp = next(value for key, value in items if key == "t")
    signatures = [value for key, value in items if key == "v1"]
    signed_payload = timestamp.encode() + b"." + payload
    expected = hmac.new(secret.encode("utf-8"), signed_payload, hashlib.sha256).hexdigest()
    fresh = abs(time.time() - int(timestamp)) <= tolerance
    return fresh and any(hmac.compare_digest(expected, s) for s in signatures)


def test_link_events_arrive_signed_and_in_order(hooks: Stack, receiver: Receiver) -> None:
    account = hooks.account()
    hook = register(
        hooks, account, f"{receiver.url}/hooks", ["link.created", "link.updated", "link.deleted"]
    )
    receiver.secrets = [hook["secret"]]
    hooks.start_worker("order", HOP_WEBHOOK_MAX_IN_FLIGHT="1")
    with hooks.api() as api:
        link = api.post(
            "/v1/links", json={"longUrl": "https://example.com/a"}, headers=account.headers()
        ).json()
        api.patch(
            f"/v1/links/{link['id']}",
            json={"longUrl": "https://example.com/b"},
            headers=account.headers(),
        )
        api.delete(f"/v1/links/{link['id']}", headers=account.headers())

    got = receiver.wait_for(3)
    assert [r.envelope()["type"] for r in got] == ["link.created", "link.updated", "link.deleted"]
    for request in got:
        envelope = request.envelope()
        assert set(envelope) == {"id", "type", "createdAt", "data"}
        assert str(envelope["id"]).startswith("evt_")
        assert CREATED_AT.match(str(envelope["createdAt"]))
        assert request.path == "/hooks"
        assert request.signature_ok
        assert stripe_verify(request.body, request.headers["svc-signature"], hook["secret"])
        assert request.headers["content-type"] == "application/json"
        assert request.headers["user-agent"].startswith("Hop-Webhooks/1.0")
        assert request.headers["svc-event-id"] == envelope["id"]
        assert request.headers["svc-delivery-attempt"] == "1"
    data = got[1].envelope()["data"]
    assert isinstance(data, dict)
    assert data["longUrl"] == "https://example.com/b"
    assert data["previous"] == {"longUrl": "https://example.com/a"}


def _click(link: dict[str, Any], n: int) -> ClickEvent:
    return ClickEvent(
        event_id=f"e2e{n:06d}{link['id'][-6:]}",
        link_id=link["id"],
        short_code=link["shortCode"],
        at_ms=int(time.time() * 1000),
        peer_ip="127.0.0.1",
        user_agent="Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15"
        " (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
        referrer="https://news.example/item?id=1",
        accept_language="en",
        forwarded_for="",
        country="DE",
    )


def push_clicks(redis_url: str, clicks: list[ClickEvent]) -> None:
    """What the edge writes for these redirects: one stream entry per batch."""
    store = redis.Redis.from_url(redis_url)
    store.xadd(CLICK_STREAM, {b"v": CLICK_BATCH_VERSION, b"c": click_batch_encoder.encode(clicks)})
    store.close()


def test_clicks_become_link_clicked_deliveries(hooks: Stack, receiver: Receiver) -> None:
    subscribed, silent = hooks.account(), hooks.account()
    hook = register(hooks, subscribed, receiver.url, ["link.clicked"])
    receiver.secrets = [hook["secret"]]
    links = {}
    with hooks.api() as api:
        for account in (subscribed, silent):
            links[account.user_id] = api.post(
                "/v1/links", json={"longUrl": "https://example.com/c"}, headers=account.headers()
            ).json()
    # The clicks come from 127.0.0.1: a trusted proxy here, so their country header counts.
    hooks.start_worker("clicks", HOP_TRUSTED_PROXIES="127.0.0.0/8")
    mine, theirs = links[subscribed.user_id], links[silent.user_id]
    push_clicks(hooks.redis_url, [_click(mine, n) for n in range(3)] + [_click(theirs, 9)])

    got = receiver.wait_for(3)
    assert len(got) == 3
    for request in got:
        envelope = request.envelope()
        assert envelope["type"] == "link.clicked"
        assert envelope["data"] == {
            "linkId": mine["id"],
            "shortCode": mine["shortCode"],
            "longUrl": "https://example.com/c",
            "country": "DE",
            "device": "mobile",
            "os": "iOS",
            "referrer": "https://news.example/item?id=1",
        }
        assert request.signature_ok
    assert eventually(lambda: hooks.sql("SELECT count(*) FROM clicks")[0][0] >= 4)
    # The owner without a webhook gets no link.clicked row: the outbox stays lean.
    rows = hooks.sql(
        "SELECT workspace_id, count(*) FROM events WHERE type = 'link.clicked' GROUP BY 1"
    )
    assert rows == [(subscribed.workspace_id, 3)]


def test_test_event_goes_to_that_webhook_only(hooks: Stack, receiver: Receiver) -> None:
    account = hooks.account()
    first = register(hooks, account, f"{receiver.url}/one", ["*"])
    register(hooks, account, f"{receiver.url}/two", ["*"])
    hooks.start_worker("test-event")
    with hooks.api() as api:
        response = api.post(f"/v1/webhooks/{first['id']}/test", headers=account.headers())
    assert response.status_code == 202, response.text
    queued = response.json()
    assert queued["eventType"] == "webhook.test"
    assert queued["id"].startswith("dlv_")
    (request,) = receiver.wait_for(1)
    time.sleep(0.3)
    assert len(receiver.requests) == 1
    assert request.path == "/one"
    assert request.envelope()["type"] == "webhook.test"
    assert request.delivery_id == queued["id"]
    receiver.secrets = [first["secret"]]
    assert stripe_verify(request.body, request.headers["svc-signature"], first["secret"])
    assert msgspec.json.decode(request.body)["data"]["webhookId"] == first["id"]
