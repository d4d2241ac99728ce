"""Webhook management: register, change, pause/resume, rotate, test, the attempt log."""

from __future__ import annotations

import logging
import secrets
from datetime import datetime
from typing import Literal

import msgspec
from msgspec import UNSET

from admin.audit import record_audit
from admin.auth import Principal
from admin.db import Database
from admin.errors import Conflict, FieldError, NotFound, validation
from admin.events import Event, WebhookTest
from admin.outbound.policy import AddressPolicy, RefusedEndpoint, parse_endpoint, resolve_checked
from admin.pagination import RowCursor, decode_row_cursor, encode_cursor
from admin.secretbox import SecretBox
from admin.webhooks import repository as repo
from admin.webhooks.schemas import (
    ALL_EVENTS,
    AUTO_SECRET,
    Attempt,
    AttemptPage,
    Delivery,
    SecretRotated,
    Webhook,
    WebhookCreate,
    WebhookCreated,
    WebhookPage,
    WebhookUpdate,
)
from common.events import WEBHOOK_TEST_EVENT
from common.ids import new_id
from common.timefmt import iso_utc

logger = logging.getLogger(__name__)
MAX_WEBHOOKS = 20  # per account and environment: each one multiplies every event
MAX_PAGE_SIZE = 200
SECRET_PREFIX = "whsec_"  # noqa: S105 - the prefix, not a secret
_PAUSE_REASONS: dict[str, Literal["failures", "gone"]] = {"failures": "failures", "gone": "gone"}
_STATES: dict[str, Literal["pending", "succeeded", "failed"]] = {
    "pending": "pending",
    "succeeded": "succeeded",
    "failed": "failed",
}


def _time(moment: datetime | None) -> str | None:
    return iso_utc(moment) if moment is not None else None


def to_resource(row: repo.WebhookRow) -> Webhook:
    return Webhook(
        id=row.id,
        endpoint=row.endpoint,
        events=row.events,
        status="paused" if row.status == "paused" else "active",
        pause_reason=_PAUSE_REASONS.get(row.pause_reason or ""),
        paused_at=_time(row.paused_at),
        failure_streak=row.failure_streak,
        previous_secret_expires_at=_time(row.previous_secret_expires_at),
        created_at=iso_utc(row.created_at),
        updated_at=iso_utc(row.updated_at),
        created_by=row.created_by,
    )


def _delivery(row: repo.DeliveryRow) -> Delivery:
    return Delivery(
        id=row.id,
        event_id=row.event_id,
        event_type=row.event_type,
        state=_STATES[row.state],
        attempts=row.attempts,
        next_attempt_at=_time(row.next_attempt_at) if row.state == "pending" else None,
    )


def _attempt(row: repo.AttemptRow) -> Attempt:
    return Attempt(
        id=row.id,
        delivery_id=row.delivery_id,
        event_id=row.event_id,
        event_type=row.event_type,
        attempt=row.attempt,
        status_code=row.status_code,
        duration_ms=row.duration_ms,
        response_body=row.response_body,
        error=row.error,
        succeeded=row.succeeded,
        attempted_at=iso_utc(row.attempted_at),
    )


def new_signing_secret() -> str:
    """``whsec_`` + 32 random bytes, base64url (43 characters)."""
    return SECRET_PREFIX + secrets.token_urlsafe(32)


def _event_names(names: list[str]) -> list[str]:
    """Duplicates folded, order kept; ``*`` anywhere means every type."""
    return [ALL_EVENTS] if ALL_EVENTS in names else list(dict.fromkeys(names))


class WebhookService:
    def __init__(
        self, db: Database, box: SecretBox, policy: AddressPolicy, *, allow_http: bool
    ) -> None:
        self.db = db
        self.box = box
        self.policy = policy
        self.allow_http = allow_http

    async def _check_endpoint(self, principal: Principal, endpoint: str) -> None:
        try:
            parts = parse_endpoint(endpoint, allow_http=self.allow_http)
            await resolve_checked(parts, self.policy)
        except RefusedEndpoint as exc:
            if exc.detail:
                # The owner learns only that the address is not public; which internal
                # address a name led to is for the operator (probing shows up here).
                logger.warning(
                    "webhook endpoint refused",
                    extra={
                        "action": "webhook.endpoint_refused",
                        "user": principal.workspace_id,
                        "reason": str(exc),
                        "detail": exc.detail,
                    },
                )
            raise validation([FieldError("endpoint", str(exc))]) from None

    async def create(self, principal: Principal, data: WebhookCreate) -> WebhookCreated:
        await self._check_endpoint(principal, data.endpoint)
        secret = new_signing_secret() if data.secret == AUTO_SECRET else data.secret
        webhook_id = new_id("wh")
        async with self.db.transaction() as conn:
            if await repo.count_webhooks(conn, principal) >= MAX_WEBHOOKS:
                raise validation(
                    [FieldError("endpoint", f"an account may register at most {MAX_WEBHOOKS}")]
                )
            row = await repo.insert_webhook(
                conn,
                principal,
                repo.NewWebhook(
                    id=webhook_id,
                    endpoint=data.endpoint,
                    events=_event_names(list(data.events)),
                    secret=self.box.seal(secret, webhook_id),
                ),
            )
            await record_audit(conn, principal, "webhook.created", row.id)
        return WebhookCreated(**msgspec.structs.asdict(to_resource(row)), secret=secret)

    async def get(self, principal: Principal, webhook_id: str) -> Webhook:
        async with self.db.transaction() as conn:
            row = await repo.get_webhook(conn, principal, webhook_id)
        if row is None:
            raise NotFound(f"No webhook with id {webhook_id!r}.")
        return to_resource(row)

    async def list(self, principal: Principal, *, limit: int, cursor: str | None) -> WebhookPage:
        if not 1 <= limit <= MAX_PAGE_SIZE:
            raise validation([FieldError("limit", f"must be between 1 and {MAX_PAGE_SIZE}")])
        before = decode_row_cursor(cursor, "wh_") if cursor else None
        async with self.db.transaction() as conn:
            rows = await repo.list_webhooks(conn, principal, before=before, limit=limit + 1)
        more = len(rows) > limit
        rows = rows[:limit]
        return WebhookPage(
            data=[to_resource(row) for row in rows],
            next_cursor=encode_cursor(RowCursor(rows[-1].id)) if more else None,
        )

    async def update(self, principal: Principal, webhook_id: str, data: WebhookUpdate) -> Webhook:
        endpoint = data.endpoint if data.endpoint is not UNSET else None
        if endpoint is not None:
            await self._check_endpoint(principal, endpoint)
        events = _event_names(list(data.events)) if data.events is not UNSET else None
        async with self.db.transaction() as conn:
            row = await repo.update_webhook(
                conn, principal, webhook_id, endpoint=endpoint, events=events
            )
            if row is not None:
                await record_audit(conn, principal, "webhook.updated", row.id)
        if row is None:
            raise NotFound(f"No webhook with id {webhook_id!r}.")
        return to_resource(row)

    async def delete(self, principal: Principal, webhook_id: str) -> None:
        async with self.db.transaction() as conn:
            if not await repo.delete_webhook(conn, principal, webhook_id):
                raise NotFound(f"No webhook with id {webhook_id!r}.")
            await record_audit(conn, principal, "webhook.deleted", webhook_id)

    async def resume(self, principal: Principal, webhook_id: str) -> Webhook:
        async with self.db.transaction() as conn:
            row = await repo.resume_webhook(conn, principal, webhook_id)
        if row is None:
            raise NotFound(f"No webhook with id {webhook_id!r}.")
        return to_resource(row)

    async def rotate_secret(self, principal: Principal, webhook_id: str) -> SecretRotated:
        secret = new_signing_secret()
        async with self.db.transaction() as conn:
            expires = await repo.rotate_secret(
                conn, principal, webhook_id, self.box.seal(secret, webhook_id)
            )
            if expires is not None:
                await record_audit(conn, principal, "webhook.secret_rotated", webhook_id)
        if expires is None:
            raise NotFound(f"No webhook with id {webhook_id!r}.")
        return SecretRotated(
            id=webhook_id, secret=secret, previous_secret_expires_at=iso_utc(expires)
        )

    async def send_test(self, principal: Principal, webhook_id: str) -> Delivery:
        async with self.db.transaction() as conn:
            if await repo.get_webhook(conn, principal, webhook_id) is None:
                raise NotFound(f"No webhook with id {webhook_id!r}.")
            data = WebhookTest(webhook_id=webhook_id, message="A test event sent from the Hop API.")
            row = await repo.enqueue_test_event(
                conn, principal, webhook_id, Event(WEBHOOK_TEST_EVENT, data)
            )
        return _delivery(row)

    async def attempts(
        self,
        principal: Principal,
        webhook_id: str,
        *,
        limit: int,
        cursor: str | None,
        event_id: str | None,
    ) -> AttemptPage:
        if not 1 <= limit <= MAX_PAGE_SIZE:
            raise validation([FieldError("limit", f"must be between 1 and {MAX_PAGE_SIZE}")])
        before = decode_row_cursor(cursor, "att_") if cursor else None
        async with self.db.transaction() as conn:
            if await repo.get_webhook(conn, principal, webhook_id) is None:
                raise NotFound(f"No webhook with id {webhook_id!r}.")
            rows = await repo.list_attempts(
                conn, webhook_id, before=before, event_id=event_id, limit=limit + 1
            )
        more = len(rows) > limit
        rows = rows[:limit]
        return AttemptPage(
            data=[_attempt(row) for row in rows],
            next_cursor=encode_cursor(RowCursor(rows[-1].id)) if more else None,
        )

    async def redeliver(self, principal: Principal, webhook_id: str, delivery_id: str) -> Delivery:
        async with self.db.transaction() as conn:
            if await repo.get_webhook(conn, principal, webhook_id) is None:
                raise NotFound(f"No webhook with id {webhook_id!r}.")
            row = await repo.redeliver(conn, webhook_id, delivery_id)
            if row is None:
                if await repo.delivery_exists(conn, webhook_id, delivery_id):
                    raise Conflict("An attempt of this delivery is in flight; retry shortly.")
                raise NotFound(f"No delivery with id {delivery_id!r} for this webhook.")
        return _delivery(row)
