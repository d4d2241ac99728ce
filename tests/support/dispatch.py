"""In-process webhook plumbing on a real PostgreSQL, for integration tests."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

import msgspec
from psycopg_pool import AsyncConnectionPool

from admin.auth.principal import Principal
from admin.db import Database
from admin.events.repository import Event, record_event
from admin.outbound.policy import AddressPolicy
from admin.secretbox import SecretBox
from admin.webhooks.retry import RetryPolicy
from admin.webhooks.schemas import WebhookCreate, WebhookCreated
from admin.webhooks.service import WebhookService
from admin.worker.dispatcher import Dispatcher
from admin.worker.sender import Sender
from common.timefmt import utc_now
from tests.support.accounts import personal_workspace
from tests.support.env import LOOPBACK_NETWORKS, WEBHOOK_SECRET_KEY

BOX = SecretBox(WEBHOOK_SECRET_KEY)
LOOPBACK = AddressPolicy(LOOPBACK_NETWORKS.split(","))


class FakeClock:
    def __init__(self, start: datetime | None = None) -> None:
        self.now = start or utc_now()

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


def principal_of(user_id: str) -> Principal:
    """The owner of the user's personal workspace, acting there."""
    return Principal(
        workspace_id=personal_workspace(user_id),
        user_id=user_id,
        role="owner",
        environment="live",
        scopes=frozenset(),
        plan="pro",
        limit_per_minute=1,
        limit_per_month=1,
    )


def service(pool: AsyncConnectionPool) -> WebhookService:
    return WebhookService(Database(pool), BOX, LOOPBACK, allow_http=True)


async def register(
    pool: AsyncConnectionPool, user_id: str, endpoint: str, events: Sequence[str]
) -> WebhookCreated:
    return await service(pool).create(
        principal_of(user_id),
        WebhookCreate(endpoint=endpoint, events=list(events)),  # type: ignore[arg-type]
    )


class Nothing(msgspec.Struct, frozen=True):
    """A stand-in event's data: {}."""


class Numbered(msgspec.Struct, frozen=True):
    """A stand-in event's data: {"n": n}."""

    n: int


async def emit(pool: AsyncConnectionPool, user_id: str, event_type: str, n: int = 0) -> str:
    async with pool.connection() as conn:
        return await record_event(conn, principal_of(user_id), Event(event_type, Numbered(n)))


def dispatcher(
    pool: AsyncConnectionPool,
    clock: FakeClock | None = None,
    *,
    schedule: Sequence[float] = (60, 300, 900, 3600, 21600, 86400),
    timeout: float = 5,
    concurrency: int = 16,
    max_in_flight: int = 4,
) -> Dispatcher:
    sender = Sender(LOOPBACK, allow_http=True, timeout=timeout)
    return Dispatcher(
        Database(pool),
        sender,
        BOX,
        RetryPolicy(schedule),
        concurrency=concurrency,
        max_in_flight=max_in_flight,
        poll_interval=0.02,
        user_agent="Hop-Webhooks/1.0 (+test)",
        clock=clock or utc_now,
    )
