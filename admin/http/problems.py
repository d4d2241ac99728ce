"""RFC 9457 problem+json for every error the admin answers.

One place turns domain errors, Litestar's own HTTP errors and anything
unexpected into the same body: ``{"type","title","status","detail","errors"}``.
Unexpected errors are logged with their traceback and answered with a generic
500; no stack trace, SQL or driver message ever reaches the client.
"""

from __future__ import annotations

import logging
from http import HTTPStatus
from typing import Any

from litestar import Request, Response
from litestar.exceptions import HTTPException, ValidationException
from litestar.types import ExceptionHandlersMap

from admin.api.problem import PROBLEM_MEDIA_TYPE, encode_problem
from admin.errors import (
    ERRORS_BY_STATUS,
    BadRequest,
    FieldError,
    HopError,
    HttpError,
    PayloadTooLarge,
    ServiceUnavailable,
    ValidationFailed,
)
from admin.http.asgi import Send
from common.redis_store import as_outage

logger = logging.getLogger(__name__)


def problem_response(error: HopError) -> Response[bytes]:
    return Response(
        encode_problem(error),
        status_code=error.status,
        media_type=PROBLEM_MEDIA_TYPE,
        headers=error.headers,
    )


async def send_problem(send: Send, error: HopError) -> None:
    """Answer a raw ASGI request with a problem (used before Litestar routing)."""
    headers = [(b"content-type", PROBLEM_MEDIA_TYPE.encode())]
    headers += [(name.lower().encode(), value.encode()) for name, value in error.headers.items()]
    await send({"type": "http.response.start", "status": error.status, "headers": headers})
    await send({"type": "http.response.body", "body": encode_problem(error)})


def _http_error(status: int, detail: str) -> HopError:
    if status == PayloadTooLarge.status:  # Litestar's own limit: the same problem as ours
        return PayloadTooLarge("The request body is larger than the server accepts.")
    known = ERRORS_BY_STATUS.get(status)
    return HttpError(status, known.title if known else HTTPStatus(status).phrase, detail)


def _from_litestar_validation(exc: ValidationException) -> HopError:
    """Query/path parameter errors: a missing one is 400, a malformed one 422."""
    extra: Any = exc.extra if isinstance(exc.extra, list) else []
    errors = [
        FieldError(str(item.get("key", "")), str(item.get("message", "")))
        for item in extra
        if isinstance(item, dict)
    ]
    if any(error.field == "data" for error in errors):  # the body itself is absent
        return BadRequest("The request body must be a JSON object.")
    if any(error.message.startswith("Missing required") for error in errors):
        return BadRequest("A required parameter is missing.", errors)
    return ValidationFailed("A parameter has an invalid value.", errors)


def handle_hop_error(_: Request[Any, Any, Any], exc: HopError) -> Response[bytes]:
    return problem_response(exc)


def handle_validation_exception(
    _: Request[Any, Any, Any], exc: ValidationException
) -> Response[bytes]:
    return problem_response(_from_litestar_validation(exc))


def handle_http_exception(_: Request[Any, Any, Any], exc: HTTPException) -> Response[bytes]:
    status = exc.status_code
    if status >= 500:
        logger.error("http error", extra={"action": "admin.http_error", "status": status})
    detail = exc.detail if status < 500 else "The service could not complete the request."
    error = _http_error(status, detail or HTTPStatus(status).phrase)
    error.headers.update(exc.headers or {})
    return problem_response(error)


def handle_unexpected(request: Request[Any, Any, Any], exc: Exception) -> Response[bytes]:
    if as_outage(exc) is not None:
        # A call site that rides a Redis outage out catches RedisUnavailable itself; one
        # that does not (a RedisUnavailable it let through, or a driver error raised
        # outside any redis_outage(), such as uvloop's closed transport) lands here.
        logger.warning(
            "Redis unavailable",
            extra={
                "action": "admin.redis_unavailable",
                "path": request.url.path,
                "error": str(exc),
            },
        )
        return problem_response(ServiceUnavailable("A backing store is unreachable; retry."))
    logger.error(
        "unhandled error",
        exc_info=exc,
        extra={"action": "admin.unhandled", "method": request.method, "path": request.url.path},
    )
    return problem_response(HopError("The service could not complete the request."))


EXCEPTION_HANDLERS: ExceptionHandlersMap = {
    HopError: handle_hop_error,
    ValidationException: handle_validation_exception,
    HTTPException: handle_http_exception,
    Exception: handle_unexpected,
}
