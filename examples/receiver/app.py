"""A reference webhook receiver (Litestar): what a customer's endpoint should do.

1. Verify ``Svc-Signature`` over the raw body with every valid secret (two
   while a secret rotates), 300 s tolerance either way, constant-time compare
   (``common/signing.py``, standard library only, so it can be copied as is).
   A mismatch answers 401.
2. Drop event ids seen in the last 7 days (Redis ``SET NX EX``): the sender
   delivers at least once, so retries and replays are acknowledged, not redone.
3. Handle the event, and answer 2xx quickly. If handling fails the id is
   forgotten and the 500 makes the sender retry later.

Run it: ``RECEIVER_SECRETS=whsec_… RECEIVER_REDIS_URL=redis://127.0.0.1:6379/0
granian --interface asgi --factory examples.receiver.app:from_environment``.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Awaitable, Callable
from typing import Any

import msgspec
from litestar import Litestar, Request, Response, post
from redis.asyncio import Redis

from common.signing import SIGNATURE_HEADER, SignatureError, verify
from examples.receiver.seen import SeenEvents

logger = logging.getLogger("receiver")
Handler = Callable[[dict[str, Any]], Awaitable[None]]


class Envelope(msgspec.Struct, frozen=True):
    id: str
    type: str
    createdAt: str  # noqa: N815 - the envelope's field name
    data: dict[str, Any]


_decoder = msgspec.json.Decoder(Envelope)


async def log_event(event: dict[str, Any]) -> None:
    logger.info("event %s %s", event["type"], event["id"])


def create_app(secrets: list[str], seen: SeenEvents, handle: Handler = log_event) -> Litestar:
    @post("/webhooks", status_code=200)
    async def receive(request: Request[Any, Any, Any]) -> Response[dict[str, Any]]:
        body = await request.body()  # the raw bytes: re-serialized JSON would not verify
        try:
            verify(body, request.headers.get(SIGNATURE_HEADER), secrets)
        except SignatureError as exc:
            return Response({"error": str(exc)}, status_code=401)
        try:
            envelope = _decoder.decode(body)
        except msgspec.DecodeError:
            return Response({"error": "not an event envelope"}, status_code=400)
        if not await seen.add(envelope.id):
            return Response({"duplicate": True})
        try:
            await handle(msgspec.structs.asdict(envelope))
        except Exception:
            await seen.forget(envelope.id)
            raise
        return Response({"received": True})

    return Litestar(route_handlers=[receive], on_shutdown=[seen.aclose])


def from_environment() -> Litestar:
    secrets = [s for s in os.environ.get("RECEIVER_SECRETS", "").split(",") if s]
    if not secrets:
        raise SystemExit("RECEIVER_SECRETS: set the webhook's signing secret(s), comma-separated")
    redis = Redis.from_url(os.environ.get("RECEIVER_REDIS_URL", "redis://127.0.0.1:6379/0"))
    return create_app(secrets, SeenEvents(redis))
