"""OpenAPI helpers: document problem responses and bearer auth the way the gate enforces them."""

from __future__ import annotations

import functools
from typing import Any

from litestar import Litestar, Request, Response, get
from litestar.openapi import OpenAPIConfig, ResponseSpec
from litestar.openapi.spec import Components, SecurityScheme

from admin.body import STRICT_SCHEMAS
from admin.docs import DOCS_PATH, ReferencePage, docs_router
from admin.problems import PROBLEM_MEDIA_TYPE, Problem

_DESCRIPTIONS = {
    400: "Bad Request: invalid JSON, wrong Content-Type, a missing field or a NUL byte in the URL.",
    401: "Unauthorized: missing, malformed, unknown, revoked or expired token.",
    403: "Forbidden: the token lacks the scope this operation needs.",
    404: "Not Found.",
    409: "Conflict: the alias is taken, the same Idempotency-Key is in flight, an attempt "
    "of the delivery to redeliver is in flight, or the integration is revoked.",
    413: "Payload Too Large: the body exceeds the server's limit (1 MiB by default).",
    422: "Validation: a field has an invalid value.",
    429: "Rate Limited: over the quota, or (export) one of the account's is running; see "
    "Retry-After.",
    503: "Service Unavailable: a backing store is unreachable, or (export) every export slot "
    "is busy, or (integrations) the store or the AI endpoint asks us to slow down; retry, "
    "after Retry-After when given.",
    502: "Bad Gateway: the store or the AI endpoint failed, refused or answered nonsense; "
    "the detail names it.",
    504: "Gateway Timeout: the store or the AI endpoint did not answer in time.",
}
BEARER = "BearerToken"
# (path, method) → media types of a 200 whose body is a file, not JSON. Litestar
# documents one media type per handler; _schema_of lists them all.
BINARY_RESPONSES: dict[tuple[str, str], tuple[str, ...]] = {}


def binary_response(path: str, method: str, *media_types: str) -> None:
    BINARY_RESPONSES[(path, method)] = media_types


def problems(*statuses: int) -> dict[int, ResponseSpec]:
    """Problem responses for ``statuses``; 400, 413, 429 and 503 can answer any request."""
    return {
        status: ResponseSpec(
            Problem,
            description=_DESCRIPTIONS[status],
            media_type=PROBLEM_MEDIA_TYPE,
            generate_examples=False,
        )
        for status in sorted({*statuses, 400, 413, 429, 503})
    }


def openapi_config() -> OpenAPIConfig:
    return OpenAPIConfig(
        title="Hop API",
        version="1.0.0",
        description="Short links, analytics, QR codes, Bio pages and webhooks. "
        "Authenticate with `Authorization: Bearer <API key or access token>`.",
        # The interactive reference lives at /v1/docs (admin/docs.py, served from
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
    document = app.openapi_schema.to_schema()
    for name, component in document.get("components", {}).get("schemas", {}).items():
        if name in STRICT_SCHEMAS:
            component["additionalProperties"] = False
    for (path, method), media_types in BINARY_RESPONSES.items():
        response = document["paths"][path][method]["responses"]["200"]
        binary = {"type": "string", "format": "binary"}
        response["content"] = {media_type: {"schema": binary} for media_type in media_types}
    return document
