"""Webhooks: register (the signing secret shown once), the delivery log, resume,
redeliver, send a test event, rotate the secret, change, delete. Every action goes
through WebhookService, exactly as /v1/webhooks does."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Request, get, post
from litestar.params import Parameter
from litestar.response import Redirect, Template

from admin.errors import FieldError, HopError, validation
from admin.web.forms import NO_ERRORS, FormErrors, decode, many, read_form, text
from admin.web.page import Page
from admin.webhooks.schemas import ALL_EVENTS, WebhookCreate, WebhookUpdate
from admin.webhooks.service import WebhookService
from common.events import EVENT_TYPES

WebhookId = Annotated[str, Parameter(max_length=64)]
DeliveryId = Annotated[str, Parameter(max_length=64)]
Cursor = Annotated[str | None, Parameter(max_length=200)]
LOG_PAGE = 25
_NEW = {"endpoint": "", "events": ["link.created", "link.clicked"]}


def _body(values: dict[str, Any]) -> dict[str, Any]:
    """The JSON body /v1/webhooks takes for this form (``*``: every type)."""
    events = many(values, "events")
    return {
        "endpoint": text(values, "endpoint").strip(),
        "events": [ALL_EVENTS] if ALL_EVENTS in events else events,
    }


def _need_events(body: dict[str, Any]) -> None:
    if not body["events"]:
        raise validation([FieldError("events", "must include at least one event type")])


async def _list_page(
    page: Page,
    webhooks: WebhookService,
    form: dict[str, Any],
    errors: FormErrors,
    status: int = 200,
) -> Template:
    listing = await webhooks.list(page.user, limit=100, cursor=None)
    return await page.render(
        "webhooks.html",
        status=status,
        webhooks=listing.data,
        event_types=EVENT_TYPES,
        form=form,
        errors=errors,
    )


@get("/webhooks", opt={"scope": "webhooks:read"})
async def webhooks_page(page: Page, webhooks: WebhookService) -> Template:
    return await _list_page(page, webhooks, _NEW, NO_ERRORS)


@post("/webhooks", opt={"scope": "webhooks:write", "role": "admin"})
async def create_webhook(
    request: Request[Any, Any, Any], page: Page, webhooks: WebhookService
) -> Any:
    body = _body(await read_form(request))
    try:
        _need_events(body)
        created = await webhooks.create(page.user, decode(body, WebhookCreate))
    except HopError as exc:
        if exc.status >= 500:
            raise
        return await _list_page(page, webhooks, body, FormErrors.of(exc), status=exc.status)
    await page.flash(
        "secret",
        f"Webhook to {created.endpoint} registered. Its signing secret:",
        secret=created.secret,
    )
    return page.redirect(f"/webhooks/{created.id}")


async def _detail_page(
    page: Page,
    webhooks: WebhookService,
    webhook_id: str,
    *,
    cursor: str | None = None,
    form: dict[str, Any] | None = None,
    errors: FormErrors = NO_ERRORS,
    status: int = 200,
) -> Template:
    webhook = await webhooks.get(page.user, webhook_id)
    log = await webhooks.attempts(
        page.user, webhook_id, limit=LOG_PAGE, cursor=cursor, event_id=None
    )
    return await page.render(
        "webhook.html",
        status=status,
        webhook=webhook,
        attempts=log.data,
        next_cursor=log.next_cursor,
        event_types=EVENT_TYPES,
        form=form or {"endpoint": webhook.endpoint, "events": webhook.events},
        errors=errors,
    )


@get("/webhooks/{webhook_id:str}", opt={"scope": "webhooks:read"})
async def webhook_page(
    page: Page, webhooks: WebhookService, webhook_id: WebhookId, cursor: Cursor = None
) -> Template:
    return await _detail_page(page, webhooks, webhook_id, cursor=cursor)


@post("/webhooks/{webhook_id:str}", opt={"scope": "webhooks:write", "role": "admin"})
async def update_webhook(
    request: Request[Any, Any, Any], page: Page, webhooks: WebhookService, webhook_id: WebhookId
) -> Any:
    body = _body(await read_form(request))
    try:
        _need_events(body)
        await webhooks.update(page.user, webhook_id, decode(body, WebhookUpdate))
    except HopError as exc:
        if exc.status >= 500 or exc.status == 404:
            raise
        return await _detail_page(
            page, webhooks, webhook_id, form=body, errors=FormErrors.of(exc), status=exc.status
        )
    await page.flash("success", "Saved.")
    return page.redirect(f"/webhooks/{webhook_id}")


@post("/webhooks/{webhook_id:str}/resume", opt={"scope": "webhooks:write", "role": "admin"})
async def resume_webhook(page: Page, webhooks: WebhookService, webhook_id: WebhookId) -> Redirect:
    await webhooks.resume(page.user, webhook_id)
    await page.flash("success", "Resumed: queued events go out now, in order.")
    return page.redirect(f"/webhooks/{webhook_id}")


@post("/webhooks/{webhook_id:str}/test", opt={"scope": "webhooks:write", "role": "admin"})
async def send_test(page: Page, webhooks: WebhookService, webhook_id: WebhookId) -> Redirect:
    delivery = await webhooks.send_test(page.user, webhook_id)
    await page.flash(
        "success", f"A webhook.test event is queued ({delivery.id}); reload to see the attempt."
    )
    return page.redirect(f"/webhooks/{webhook_id}")


@post("/webhooks/{webhook_id:str}/rotate-secret", opt={"scope": "webhooks:write", "role": "admin"})
async def rotate_secret(page: Page, webhooks: WebhookService, webhook_id: WebhookId) -> Redirect:
    rotated = await webhooks.rotate_secret(page.user, webhook_id)
    until = rotated.previous_secret_expires_at.replace("T", " ")[:16]
    await page.flash(
        "secret",
        f"New signing secret (the previous one also signs until {until} UTC):",
        secret=rotated.secret,
    )
    return page.redirect(f"/webhooks/{webhook_id}")


@post(
    "/webhooks/{webhook_id:str}/deliveries/{delivery_id:str}/redeliver",
    opt={"scope": "webhooks:write", "role": "admin"},
)
async def redeliver(
    page: Page, webhooks: WebhookService, webhook_id: WebhookId, delivery_id: DeliveryId
) -> Redirect:
    try:
        await webhooks.redeliver(page.user, webhook_id, delivery_id)
    except HopError as exc:
        if exc.status != 409:
            raise
        await page.flash("error", exc.detail)
        return page.redirect(f"/webhooks/{webhook_id}")
    await page.flash("success", f"Delivery {delivery_id} is sent again now.")
    return page.redirect(f"/webhooks/{webhook_id}")


@post("/webhooks/{webhook_id:str}/delete", opt={"scope": "webhooks:write", "role": "admin"})
async def delete_webhook(page: Page, webhooks: WebhookService, webhook_id: WebhookId) -> Redirect:
    await webhooks.delete(page.user, webhook_id)
    await page.flash("success", "The webhook is deleted: nothing more is sent to it.")
    return page.redirect("/webhooks")


ROUTES = [
    webhooks_page,
    create_webhook,
    webhook_page,
    update_webhook,
    resume_webhook,
    send_test,
    rotate_secret,
    redeliver,
    delete_webhook,
]
