"""/v1/webhooks: thin handlers over WebhookService."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, Response, delete, get, patch, post
from litestar.params import Parameter

from admin.api.body import JsonBody
from admin.api.operations import problems
from admin.auth import Principal
from admin.webhooks.schemas import (
    AttemptPage,
    Delivery,
    SecretRotated,
    Webhook,
    WebhookCreate,
    WebhookCreated,
    WebhookPage,
    WebhookUpdate,
)
from admin.webhooks.service import MAX_PAGE_SIZE, WebhookService

WebhookId = Annotated[str, Parameter(description="A webhook id (wh_…).", max_length=64)]
DeliveryId = Annotated[str, Parameter(description="A delivery id (dlv_…).", max_length=64)]
_ITEM = "/{webhook_id:str}"


class WebhookController(Controller):
    path = "/v1/webhooks"
    tags = ["webhooks"]

    @post(
        "/",
        dto=JsonBody[WebhookCreate],
        return_dto=None,
        status_code=201,
        opt={"scope": "webhooks:write", "role": "admin"},
        responses=problems(400, 401, 403, 422),
        operation_id="registerWebhook",
        summary="Register a webhook",
    )
    async def create_webhook(
        self, data: WebhookCreate, principal: Principal, webhooks: WebhookService
    ) -> Response[WebhookCreated]:
        """Register an endpoint. The signing secret is in this answer only."""
        created = await webhooks.create(principal, data)
        return Response(
            created, status_code=201, headers={"Location": f"/v1/webhooks/{created.id}"}
        )

    @get(
        "/",
        opt={"scope": "webhooks:read"},
        responses=problems(401, 403, 422),
        operation_id="listWebhooks",
        summary="List webhooks",
    )
    async def list_webhooks(
        self,
        principal: Principal,
        webhooks: WebhookService,
        limit: Annotated[int, Parameter(ge=1, le=MAX_PAGE_SIZE)] = 50,
        cursor: Annotated[str | None, Parameter(max_length=200)] = None,
    ) -> WebhookPage:
        """Webhooks, newest first; follow `nextCursor` for the next page."""
        return await webhooks.list(principal, limit=limit, cursor=cursor)

    @get(
        _ITEM,
        opt={"scope": "webhooks:read"},
        responses=problems(401, 403, 404),
        operation_id="getWebhook",
        summary="Get a webhook",
    )
    async def get_webhook(
        self, webhook_id: WebhookId, principal: Principal, webhooks: WebhookService
    ) -> Webhook:
        """One webhook (never its secret)."""
        return await webhooks.get(principal, webhook_id)

    @patch(
        _ITEM,
        dto=JsonBody[WebhookUpdate],
        return_dto=None,
        opt={"scope": "webhooks:write", "role": "admin"},
        responses=problems(400, 401, 403, 404, 422),
        operation_id="updateWebhook",
        summary="Update a webhook",
    )
    async def update_webhook(
        self,
        webhook_id: WebhookId,
        data: WebhookUpdate,
        principal: Principal,
        webhooks: WebhookService,
    ) -> Webhook:
        """Change the endpoint or the event types."""
        return await webhooks.update(principal, webhook_id, data)

    @delete(
        _ITEM,
        opt={"scope": "webhooks:write", "role": "admin"},
        responses=problems(401, 403, 404),
        operation_id="deleteWebhook",
        summary="Delete a webhook",
    )
    async def delete_webhook(
        self, webhook_id: WebhookId, principal: Principal, webhooks: WebhookService
    ) -> None:
        """Delete a webhook; nothing more is sent to it."""
        await webhooks.delete(principal, webhook_id)

    @post(
        f"{_ITEM}/resume",
        status_code=200,
        opt={"scope": "webhooks:write", "role": "admin"},
        responses=problems(401, 403, 404),
        operation_id="resumeWebhook",
        summary="Resume a paused webhook",
    )
    async def resume_webhook(
        self, webhook_id: WebhookId, principal: Principal, webhooks: WebhookService
    ) -> Webhook:
        """Resume a paused webhook: its queued events go out now, in order."""
        return await webhooks.resume(principal, webhook_id)

    @post(
        f"{_ITEM}/rotate-secret",
        status_code=200,
        opt={"scope": "webhooks:write", "role": "admin"},
        responses=problems(401, 403, 404),
        operation_id="rotateWebhookSecret",
        summary="Rotate a webhook's signing secret",
    )
    async def rotate_secret(
        self, webhook_id: WebhookId, principal: Principal, webhooks: WebhookService
    ) -> SecretRotated:
        """A new signing secret; the old one keeps signing (a second `v1=`) for 24 hours."""
        return await webhooks.rotate_secret(principal, webhook_id)

    @post(
        f"{_ITEM}/test",
        status_code=202,
        opt={"scope": "webhooks:write", "role": "admin"},
        responses=problems(401, 403, 404),
        operation_id="sendWebhookTest",
        summary="Send a test event",
    )
    async def send_test(
        self, webhook_id: WebhookId, principal: Principal, webhooks: WebhookService
    ) -> Delivery:
        """Queue a signed `webhook.test` event for this webhook alone."""
        return await webhooks.send_test(principal, webhook_id)

    @get(
        f"{_ITEM}/deliveries",
        opt={"scope": "webhooks:read"},
        responses=problems(401, 403, 404, 422),
        operation_id="listWebhookDeliveries",
        summary="List delivery attempts",
    )
    async def list_attempts(
        self,
        webhook_id: WebhookId,
        principal: Principal,
        webhooks: WebhookService,
        limit: Annotated[int, Parameter(ge=1, le=MAX_PAGE_SIZE)] = 50,
        cursor: Annotated[str | None, Parameter(max_length=200)] = None,
        event_id: Annotated[
            str | None, Parameter(query="eventId", max_length=64, description="Only this event.")
        ] = None,
    ) -> AttemptPage:
        """The attempt log, newest first: status, duration, the first 2 KB of the answer."""
        return await webhooks.attempts(
            principal, webhook_id, limit=limit, cursor=cursor, event_id=event_id
        )

    @post(
        f"{_ITEM}/deliveries/{{delivery_id:str}}/redeliver",
        status_code=202,
        opt={"scope": "webhooks:write", "role": "admin"},
        responses=problems(401, 403, 404, 409),
        operation_id="redeliverWebhookDelivery",
        summary="Redeliver an event",
    )
    async def redeliver(
        self,
        webhook_id: WebhookId,
        delivery_id: DeliveryId,
        principal: Principal,
        webhooks: WebhookService,
    ) -> Delivery:
        """Send a delivery once more, now (after a resume if the webhook is paused)."""
        return await webhooks.redeliver(principal, webhook_id, delivery_id)
