"""The reference receiver (examples/receiver) against a real Redis and our own signer."""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
import redis
from litestar.testing import TestClient
from redis.asyncio import Redis

from common.events import encode_envelope
from common.signing import sign
from examples.receiver.app import create_app
from examples.receiver.seen import RETENTION_SECONDS, SeenEvents

SECRET = "whsec_" + "a" * 43
OLD_SECRET = "whsec_" + "b" * 43


@pytest.fixture
def handled() -> list[dict[str, Any]]:
    return []


@pytest.fixture
def client(redis_url: str, handled: list[dict[str, Any]]) -> Iterator[TestClient[Any]]:
    async def handle(event: dict[str, Any]) -> None:
        if event["data"].get("fail"):
            raise RuntimeError("the handler failed")
        handled.append(event)

    app = create_app([SECRET, OLD_SECRET], SeenEvents(Redis.from_url(redis_url)), handle)
    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client


def delivery(event_id: str, data: dict[str, Any] | None = None) -> bytes:
    return encode_envelope(
        event_id, "link.created", "2026-11-22T12:00:00.000Z", msgspec.json.encode(data or {})
    )


def post(client: TestClient[Any], body: bytes, header: str) -> Any:
    return client.post("/webhooks", content=body, headers={"Svc-Signature": header})


def test_verifies_then_drops_replays(client: TestClient[Any], handled: list[Any]) -> None:
    event_id = f"evt_{secrets.token_hex(8)}"
    body = delivery(event_id)
    first = post(client, body, sign(body, [SECRET]))
    assert first.status_code == 200
    assert first.json() == {"received": True}
    again = post(client, body, sign(body, [SECRET], int(time.time()) + 5))
    assert again.status_code == 200
    assert again.json() == {"duplicate": True}
    assert [event["id"] for event in handled] == [event_id]


def test_either_secret_during_a_rotation(client: TestClient[Any], handled: list[Any]) -> None:
    for signer in ([OLD_SECRET], ["whsec_new_one_not_known_here_0123456789", OLD_SECRET]):
        body = delivery(f"evt_{secrets.token_hex(8)}")
        assert post(client, body, sign(body, signer)).status_code == 200
    assert len(handled) == 2


@pytest.mark.parametrize(
    "header",
    [
        "",
        "t=1,v1=00",
        sign(b"another body", [SECRET]),
        sign(b"x", ["whsec_wrong_secret_entirely_0123456789"]),
    ],
    # Named: the signed headers hold the time they were made, and every xdist worker must
    # collect the same test ids.
    ids=["empty", "malformed", "another-body", "wrong-secret"],
)
def test_refuses_bad_signatures_with_401(
    client: TestClient[Any], handled: list[Any], header: str
) -> None:
    body = delivery(f"evt_{secrets.token_hex(8)}")
    assert post(client, body, header).status_code == 401
    assert handled == []


@pytest.mark.parametrize("skew", [-301, 301])
def test_refuses_stale_and_future_timestamps(
    client: TestClient[Any], handled: list[Any], skew: int
) -> None:
    body = delivery(f"evt_{secrets.token_hex(8)}")
    assert post(client, body, sign(body, [SECRET], int(time.time()) + skew)).status_code == 401
    assert handled == []


def test_a_failed_handler_lets_the_retry_through(
    client: TestClient[Any], handled: list[Any], redis_url: str
) -> None:
    event_id = f"evt_{secrets.token_hex(8)}"
    failing = delivery(event_id, {"fail": True})
    assert post(client, failing, sign(failing, [SECRET])).status_code == 500
    body = delivery(event_id)
    assert post(client, body, sign(body, [SECRET])).status_code == 200
    assert [event["id"] for event in handled] == [event_id]
    with redis.Redis.from_url(redis_url) as store:
        ttl = store.ttl(f"webhook:seen:{event_id}")
    assert RETENTION_SECONDS - 60 < ttl <= RETENTION_SECONDS
