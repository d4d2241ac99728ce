"""The OpenAPI shape of an operation, declared on its route: the problem responses it
can answer, a binary answer, a file body, and the handler option that opts a route out
of Idempotency-Key replays (admin/http/idempotency.py reads it).

The front door finishes the document (admin/http/openapi.py); what a single route says
about itself is here, where the domains' routes can reach it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from litestar.openapi import ResponseSpec
from litestar.openapi.spec import (
    Example,
    OpenAPIFormat,
    OpenAPIMediaType,
    OpenAPIResponse,
    OpenAPIType,
    Operation,
    RequestBody,
    Schema,
)

from admin.api.problem import PROBLEM_MEDIA_TYPE, PROBLEM_TYPE_PREFIX, Problem
from admin.errors import ERRORS_BY_STATUS

OPT_OUT = "idempotency"  # handler opt: False ignores Idempotency-Key on that route


def binary_response(*media_types: str, examples: dict[str, str] | None = None) -> type[Operation]:
    """``operation_class`` of a handler whose 200 is a file in one of ``media_types``.

    Litestar documents one media type per handler, as JSON; this operation lists
    every media type the handler may answer, each a binary string, with its example
    from ``examples`` if any (a JSON-based type such as NDJSON needs one).
    """

    @dataclass
    class BinaryOperation(Operation):
        def __post_init__(self) -> None:
            ok = (self.responses or {}).get("200")
            if isinstance(ok, OpenAPIResponse):
                binary = Schema(type=OpenAPIType.STRING, format=OpenAPIFormat.BINARY)
                ok.content = {
                    media_type: OpenAPIMediaType(
                        schema=binary, example=(examples or {}).get(media_type)
                    )
                    for media_type in media_types
                }

    return BinaryOperation


def file_request(media_type: str, description: str, example: str) -> type[Operation]:
    """``operation_class`` of a handler that reads its body itself: a ``media_type`` file.

    Litestar documents a request body only for a ``data`` parameter; a handler that
    takes the raw request (a CSV import) states its body here.
    """

    @dataclass
    class FileRequestOperation(Operation):
        def __post_init__(self) -> None:
            self.request_body = RequestBody(
                content={
                    media_type: OpenAPIMediaType(
                        schema=Schema(type=OpenAPIType.STRING, format=OpenAPIFormat.BINARY),
                        example=example,
                    )
                },
                description=description,
                required=True,
            )

    return FileRequestOperation


def problems(*statuses: int) -> dict[int, ResponseSpec]:
    """Problem responses for ``statuses``; 400, 413, 429 and 503 can answer any request."""
    return {
        status: ResponseSpec(
            Problem,
            description=ERRORS_BY_STATUS[status].description,
            media_type=PROBLEM_MEDIA_TYPE,
            generate_examples=False,
            examples=[Example(summary=ERRORS_BY_STATUS[status].title, value=_problem(status))],
        )
        for status in sorted({*statuses, 400, 413, 429, 503})
    }


def problem_answer(status: int) -> dict[str, Any]:
    """A problem response as the document writes it (what ``problems`` declares)."""
    error = ERRORS_BY_STATUS[status]
    return {
        "description": error.description,
        "content": {
            PROBLEM_MEDIA_TYPE: {
                "schema": {"$ref": "#/components/schemas/Problem"},
                "examples": {
                    "problem-example-1": {"summary": error.title, "value": _problem(status)}
                },
            }
        },
    }


def _problem(status: int) -> dict[str, Any]:
    error = ERRORS_BY_STATUS[status]
    errors = [{"field": "longUrl", "message": "must be an absolute http or https URL"}]
    return {
        "type": PROBLEM_TYPE_PREFIX + error.slug,
        "title": error.title,
        "status": status,
        "detail": error.description,
        "errors": errors if status == 422 else [],
    }
