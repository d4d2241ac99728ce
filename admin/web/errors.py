"""Errors on the dashboard are pages, not problem+json.

``web_aware`` wraps the admin's exception handlers: outside ``/v1`` an error renders
``error.html`` with the same status, title and detail the API would give (they come
from the same error classes), a page that needs a session redirects to the login
page, a page an unconfirmed account may not see redirects to ``/confirm``, and a lost
form post is told to sign in again. ``send_error_page`` answers the
gate's refusals (rate limit, a store down) the same way.
"""

from __future__ import annotations

import logging
from http import HTTPStatus
from typing import Any

from litestar import Request, Response
from litestar.exceptions import HTTPException, ValidationException
from litestar.response import Redirect
from litestar.types import ExceptionHandlersMap

from admin.auth import WorkspaceRequiresMfa
from admin.errors import ERRORS_BY_STATUS, AddressUnconfirmed, HopError, Unauthorized
from admin.http.asgi import Send
from admin.http.gate import is_api_path, principal_of, routed_path
from admin.web.page import login_url
from admin.web.templating import PAGE_HEADERS, render

logger = logging.getLogger(__name__)
HTML = "text/html; charset=utf-8"
# All an unconfirmed account's session may see (admin/web/auth_pages.py).
CONFIRM_PATH = "/confirm"
# Where a workspace requiring a second factor sends a member without one.
ENROL_PATH = "/account/two-factor"


def _page(status: int, title: str, detail: str, signed_in: bool) -> bytes:
    return render(
        "error.html",
        status=status,
        title=title,
        detail=detail,
        signed_in=signed_in,
        # What base.html shows around it: no account, no forms, no messages.
        user=None,
        csrf_token="",
        flashes=[],
        current_path="",
        signup_open=False,
    ).encode()


def _title(status: int) -> str:
    known = ERRORS_BY_STATUS.get(status)
    return known.title if known else HTTPStatus(status).phrase


def _described(exc: Exception) -> tuple[int, str, str, dict[str, str]]:
    if isinstance(exc, HopError):
        detail = exc.detail if exc.status < 500 else "Something went wrong on our side."
        return exc.status, _title(exc.status), detail, dict(exc.headers)
    if isinstance(exc, ValidationException):
        return 400, _title(400), "The address or the form has an invalid value.", {}
    if isinstance(exc, HTTPException) and exc.status_code < 500:
        detail = "There is no such page." if exc.status_code == 404 else str(exc.detail)
        return exc.status_code, _title(exc.status_code), detail, dict(exc.headers or {})
    return 500, _title(500), "Something went wrong on our side.", {}


def error_page(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    if isinstance(exc, Unauthorized) and principal_of(request.scope) is None:
        target = request.url.path if request.method == "GET" else "/"
        if request.url.query and request.method == "GET":
            target += "?" + request.url.query
        return Redirect(login_url(target), status_code=303)
    if isinstance(exc, AddressUnconfirmed) and principal_of(request.scope) is not None:
        return Redirect(CONFIRM_PATH, status_code=303)
    if isinstance(exc, WorkspaceRequiresMfa) and principal_of(request.scope) is not None:
        return Redirect(ENROL_PATH, status_code=303)  # enrol before anything else
    status, title, detail, headers = _described(exc)
    if status >= 500:
        logger.error(
            "dashboard error",
            exc_info=exc,
            extra={"action": "web.error", "path": request.url.path, "status": status},
        )
    signed_in = principal_of(request.scope) is not None
    return Response(
        _page(status, title, detail, signed_in),
        status_code=status,
        media_type=HTML,
        headers={**PAGE_HEADERS, **headers},
    )


def web_aware(handlers: ExceptionHandlersMap) -> ExceptionHandlersMap:
    """The API's handlers for ``/v1``, pages everywhere else."""

    def wrap(handler: Any) -> Any:
        def handle(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
            path = routed_path(request.url.path)  # as the gate classified it
            if path is None or is_api_path(path):
                response: Response[Any] = handler(request, exc)
                return response
            return error_page(request, exc)

        return handle

    return {key: wrap(handler) for key, handler in handlers.items()}


async def send_error_page(send: Send, error: HopError) -> None:
    """Answer a raw ASGI request (refused at the gate) with an error page."""
    status, title, detail, headers = _described(error)
    body = _page(status, title, detail, signed_in=False)
    raw = [(b"content-type", HTML.encode())]
    raw += [(k.lower().encode(), v.encode()) for k, v in {**PAGE_HEADERS, **headers}.items()]
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": body})
