"""OpenAPI helpers: document problem responses and bearer auth the way the gate enforces them.

The document is Litestar's, derived from the routes, then finished here (``finish``) with
what Litestar cannot derive: each operation's security requirement from the scope its
guard enforces, msgspec's exact schemas of the bodies, the examples registered beside the
wire structs (admin/api/examples.py) and links from each creation to its operations.
The conventions every operation follows are in docs/openapi.md.
"""

from __future__ import annotations

import copy
import functools
import re
from typing import Any

import msgspec
from litestar import Litestar, Request, Response, get
from litestar.handlers import HTTPRouteHandler
from litestar.openapi import OpenAPIConfig
from litestar.openapi.spec import (
    Components,
    SecurityScheme,
)
from litestar.routes import HTTPRoute

from admin.api.examples import EXAMPLES
from admin.api.operations import problem_answer
from admin.http.docs import DOCS_PATH, ReferencePage, docs_router

# The two ways to present a credential (admin/http/gate.py): both are bearer tokens, told
# apart by their form. Operations list the scope they need under each (a role name, as
# OpenAPI 3.1 allows for schemes other than OAuth2).
API_KEY = "ApiKey"
ACCESS_TOKEN = "AccessToken"  # noqa: S105 - the name of a security scheme


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
                API_KEY: SecurityScheme(
                    type="http",
                    scheme="bearer",
                    bearer_format="svc_live_… or svc_test_…",
                    description="An API key: `Authorization: Bearer svc_live_…` (live data) "
                    "or `svc_test_…` (the sandbox). Create one in the dashboard or with "
                    "POST /v1/api-keys; it holds the scopes it was created with.",
                ),
                ACCESS_TOKEN: SecurityScheme(
                    type="http",
                    scheme="bearer",
                    bearer_format="JWT",
                    description="An access token (a JWT) from POST /v1/auth/login or "
                    "POST /v1/auth/refresh; it holds every scope of the account.",
                ),
            }
        ),
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
    return finish(app, app.openapi_schema.to_schema())


def document_of(app: Litestar) -> dict[str, Any]:
    """The document /v1/openapi.json serves (a copy: callers may change it)."""
    return copy.deepcopy(_schema_of(app))


def finish(app: Litestar, document: dict[str, Any]) -> dict[str, Any]:
    """Add what Litestar does not derive: security per operation, bodies and answers as
    msgspec describes them, 422 wherever input can be refused, examples and links."""
    handlers = _handlers_by_operation(app)
    schemas = document.get("components", {}).get("schemas", {})
    # Bodies as msgspec describes them: exactly what the decoder enforces (lengths,
    # patterns, formats, enums, unknown fields, the tag of a tagged union), including the
    # optional fields of partial updates, whose constraints Litestar's generator drops; and
    # answers as the encoder writes them (a nullable enum is `enum | null`, which clients
    # generate as one type).
    bodies = {key: model for key, handler in handlers.items() if (model := _body_type(handler))}
    models = list({repr(model): model for model in bodies.values()}.values())
    answers = {repr(t): t for handler in handlers.values() for t in _answer_types(handler)}
    _, answer_components = msgspec.json.schema_components(answers.values(), ref_template=_REF)
    schemas.update({name: schema for name, schema in answer_components.items() if name in schemas})
    tops, components = msgspec.json.schema_components(models, ref_template=_REF)
    schemas.update(components)
    body_schemas = {repr(model): top for model, top in zip(models, tops, strict=True)}
    for name, (_, value) in EXAMPLES.items():
        if name in schemas:
            schemas[name]["examples"] = [value]
    for path, item in document.get("paths", {}).items():
        for method, operation in item.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            handler = handlers.get((path, method))
            if operation.get("security") != [{}]:
                # Public operations say so on the route (security=[{}]); every other one
                # needs a credential holding the scope its guard checks.
                scope = handler.opt.get("scope") if handler else None
                needed = [scope] if isinstance(scope, str) else []
                operation["security"] = [{API_KEY: needed}, {ACCESS_TOKEN: needed}]
            if "422" not in operation["responses"] and (
                operation.get("parameters") or "requestBody" in operation
            ):
                # A path id over its length, a query value out of range: every operation
                # that takes parameters or a body can answer 422.
                operation["responses"]["422"] = problem_answer(422)
                operation["responses"] = dict(sorted(operation["responses"].items()))
            if (model := bodies.get((path, method))) is not None:
                for media in operation.get("requestBody", {}).get("content", {}).values():
                    media["schema"] = body_schemas[repr(model)]
            for body in [operation.get("requestBody", {}), *operation["responses"].values()]:
                for media in body.get("content", {}).values():
                    _add_example(media, schemas)
    _add_links(document["paths"])
    return document


_PATH_PARAMETER = re.compile(r"\{([^}]+)\}")


def _add_links(paths: dict[str, Any]) -> None:
    """OpenAPI links from each creation to the operations on what it created.

    A ``POST <collection>`` answering 201 with a body that has an ``id`` links to every
    operation under ``<collection>/{param}`` that needs no other path parameter, with
    ``param`` taken from the answer's ``id``: clients (and schemathesis' stateful phase)
    go from a new link, QR code, webhook or key to reading, changing and deleting it.
    """
    for collection, item in paths.items():
        created = item.get("post", {}).get("responses", {}).get("201")
        if not created or "{" in collection:
            continue
        links: dict[str, Any] = {}
        for path, target_item in sorted(paths.items()):
            names = _PATH_PARAMETER.findall(path)
            if len(names) != 1 or not path.startswith(f"{collection}/{{{names[0]}}}"):
                continue
            for target in target_item.values():
                if isinstance(target, dict) and (target_id := target.get("operationId")):
                    links[target_id] = {
                        "operationId": target_id,
                        "parameters": {names[0]: "$response.body#/id"},
                    }
        if links:
            created["links"] = links


_REF = "#/components/schemas/{name}"


def _handlers_by_operation(app: Litestar) -> dict[tuple[str, str], HTTPRouteHandler]:
    """(path as the document writes it, lower-case method) -> the handler answering it."""
    handlers: dict[tuple[str, str], HTTPRouteHandler] = {}
    for route in app.routes:
        if isinstance(route, HTTPRoute):
            for handler in route.route_handlers:
                for method in handler.http_methods:
                    handlers[(route.path_format or "/", method.lower())] = handler
    return handlers


def _answer_types(handler: HTTPRouteHandler) -> list[type[msgspec.Struct]]:
    """The structs a handler answers with: its return type and any declared response."""
    returned = handler.parsed_fn_signature.return_type
    candidates = [returned.annotation, *(inner.annotation for inner in returned.inner_types)]
    candidates += [spec.data_container for spec in (handler.responses or {}).values()]
    return [
        candidate
        for candidate in candidates
        if isinstance(candidate, type) and issubclass(candidate, msgspec.Struct)
    ]


def _body_type(handler: HTTPRouteHandler) -> Any:
    """The struct (or union of structs) a handler's strict JSON body decodes into."""
    return getattr(handler.resolve_data_dto(), "model_type", None)


def _add_example(media: dict[str, Any], schemas: dict[str, Any]) -> None:
    """Give a JSON body the example of the struct its schema names (or of its first variant)."""
    if "example" in media or "examples" in media:
        return
    value = _example_of(media.get("schema", {}), schemas)
    if value is not None:
        media["example"] = value


def _example_of(schema: dict[str, Any], schemas: dict[str, Any]) -> Any:
    if ref := schema.get("$ref"):
        examples = schemas.get(ref.rsplit("/", 1)[-1], {}).get("examples")
        return examples[0] if examples else None
    for variant in schema.get("oneOf", schema.get("anyOf", [])):
        if (value := _example_of(variant, schemas)) is not None:
            return value
    if schema.get("type") == "array" and (value := _example_of(schema.get("items", {}), schemas)):
        return [value]
    return None
