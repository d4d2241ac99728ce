"""OpenAPI helpers: document problem responses and bearer auth the way the gate enforces them."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from litestar import Litestar, Request, Response, get
from litestar.openapi import OpenAPIConfig, ResponseSpec
from litestar.openapi.spec import (
    Components,
    OpenAPIFormat,
    OpenAPIMediaType,
    OpenAPIResponse,
    OpenAPIType,
    Operation,
    Schema,
    SecurityScheme,
)

from admin.errors import ERRORS_BY_STATUS
from admin.http.docs import DOCS_PATH, ReferencePage, docs_router
from admin.http.problems import PROBLEM_MEDIA_TYPE, Problem

BEARER = "BearerToken"


def binary_response(*media_types: str) -> type[Operation]:
    """``operation_class`` of a handler whose 200 is a file in one of ``media_types``.

    Litestar documents one media type per handler, as JSON; this operation lists
    every media type the handler may answer, each a binary string.
    """

    @dataclass
    class BinaryOperation(Operation):
        def __post_init__(self) -> None:
            ok = (self.responses or {}).get("200")
            if isinstance(ok, OpenAPIResponse):
                binary = Schema(type=OpenAPIType.STRING, format=OpenAPIFormat.BINARY)
                ok.content = {
                    media_type: OpenAPIMediaType(schema=binary) for media_type in media_types
                }

    return BinaryOperation


def problems(*statuses: int) -> dict[int, ResponseSpec]:
    """Problem responses for ``statuses``; 400, 413, 429 and 503 can answer any request."""
    return {
        status: ResponseSpec(
            Problem,
            description=ERRORS_BY_STATUS[status].description,
            media_type=PROBLEM_MEDIA_TYPE,
            generate_examples=False,
        )
        for status in sorted({*statuses, 400, 413, 429, 503})
    }


def openapi_config() -> OpenAPIConfig:
    return OpenAPIConfig(
        title="Hop API",
        version="1.0.0",
        description="Short links, analytics, QR codes, Bio pages, webhooks and store "
        "integrations. "
        "Authenticate with `Authorization: Bearer <API key or access token>`.",
        # The interactive reference lives at /v1/docs (admin/http/docs.py, served from
        # this process only); the schema itself at /v1/openapi.json (openapi_json
        # below). Mounting the OpenAPI router at /v1 would let its catch-all route
        # swallow unknown /v1 paths.
        path=DOCS_PATH,
        openapi_router=docs_router(),
        render_plugins=[ReferencePage()],
        components=Components(
            security_schemes={
                BEARER: SecurityScheme(
                    type="http",
                    scheme="bearer",
                    description="An API key (svc_live_…, svc_test_…) or an "
                    "access token from POST /v1/auth/login.",
                ),
            }
        ),
        security=[{BEARER: []}],
        use_handler_docstrings=True,
    )


@get(
    "/v1/openapi.json",
    security=[{}],
    include_in_schema=False,
    media_type="application/vnd.oai.openapi+json",
    sync_to_thread=False,
)
def openapi_json(request: Request[Any, Any, Any]) -> Response[dict[str, Any]]:
    """The OpenAPI 3.1 document of this API."""
    return Response(_schema_of(request.app), media_type="application/vnd.oai.openapi+json")


@functools.cache
def _schema_of(app: Litestar) -> dict[str, Any]:
    return app.openapi_schema.to_schema()
