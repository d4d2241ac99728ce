"""The API reference page at /v1/docs, served entirely from the admin itself.

The Scalar renderer is vendored in admin/http/static/scalar (version, licence and how to
update it in the README there) and served at an address derived from its content,
so it can be cached for a year. The page is our own: it loads only that script,
points it at /v1/openapi.json, and its Content-Security-Policy keeps scripts and
connections on this origin, so the page works offline and no third party can
change what runs on the admin's origin.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import html
from pathlib import Path
from typing import Any

import msgspec
from litestar import Request, Response, Router, get
from litestar.datastructures import ResponseHeader
from litestar.openapi.plugins import OpenAPIRenderPlugin

from admin.errors import NotFound

DOCS_PATH = "/v1/docs"
SCHEMA_URL = "/v1/openapi.json"
BUNDLE = Path(__file__).parent / "static" / "scalar" / "standalone.js"
_ASSETS = "/assets"

# Scalar's options that would reach its own services, off (see the vendored README).
_CONFIGURATION = {
    "withDefaultFonts": False,
    "telemetry": False,
    "agent": {"disabled": True},
    "mcp": {"disabled": True},
    "showDeveloperTools": "never",
    "hideClientButton": False,
}
# Scalar injects its stylesheet and sets element styles at run time: styles may be
# inline, scripts may not. Images may be data: URIs (icons); nothing leaves the origin.
CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
    )
)
_PAGE_HEADERS = [
    ResponseHeader(name="Content-Security-Policy", value=CONTENT_SECURITY_POLICY),
    ResponseHeader(name="X-Content-Type-Options", value="nosniff"),
    ResponseHeader(name="Referrer-Policy", value="no-referrer"),
]
_IMMUTABLE = "public, max-age=31536000, immutable"


@functools.cache
def _bundle() -> bytes:
    return BUNDLE.read_bytes()


@functools.cache
def bundle_name() -> str:
    """The script's file name: its content hash, so a new version gets a new address."""
    return f"scalar-{hashlib.sha256(_bundle()).hexdigest()[:16]}.js"


def bundle_url() -> str:
    return f"{DOCS_PATH}{_ASSETS}/{bundle_name()}"


@functools.cache
def _compressed() -> bytes:
    return gzip.compress(_bundle(), compresslevel=6, mtime=0)


@functools.cache
def page() -> bytes:
    configuration = html.escape(msgspec.json.encode(_CONFIGURATION).decode(), quote=True)
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hop API reference</title>
<link rel="icon" href="data:,">
</head>
<body>
<script id="api-reference" type="application/json" data-url="{SCHEMA_URL}"
        data-configuration="{configuration}"></script>
<script src="{bundle_url()}"></script>
</body>
</html>
""".encode()


@get(
    f"{_ASSETS}/{{name:str}}",
    include_in_schema=False,
    security=[{}],
    sync_to_thread=True,  # the first request compresses 4 MB
)
def scalar_bundle(name: str, request: Request[Any, Any, Any]) -> Response[bytes]:
    if name != bundle_name():
        raise NotFound(f"No asset {name!r}.")
    headers = {"Cache-Control": _IMMUTABLE, "Vary": "Accept-Encoding"}
    body = _bundle()
    if "gzip" in request.headers.get("accept-encoding", ""):
        body = _compressed()
        headers["Content-Encoding"] = "gzip"
    return Response(body, media_type="text/javascript; charset=utf-8", headers=headers)


class ReferencePage(OpenAPIRenderPlugin):
    """Litestar's hook for the page at the OpenAPI root; also mounts the script route."""

    def __init__(self) -> None:
        super().__init__(path="/")

    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        return page()

    def receive_router(self, router: Router) -> None:
        router.register(scalar_bundle)


def docs_router() -> Router:
    """The router Litestar fills with the reference page (and its own schema routes)."""
    return Router(
        DOCS_PATH,
        route_handlers=[],
        include_in_schema=False,
        response_headers=_PAGE_HEADERS,
    )
