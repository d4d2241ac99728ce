"""Static files of the dashboard (stylesheet, scripts, vendored htmx), from memory.

Every file is served under ``/static/<version>/<path>``, where the version is a hash
of all of them: a new release gets new addresses, so browsers may keep each answer
for a year (``immutable``). The front door lets ``/static/`` through without
authentication or rate limit, like ``/health``: these are the same bytes for everyone.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
from pathlib import Path
from typing import Any

from litestar import Request, Response, get

from admin.errors import NotFound

STATIC_PREFIX = "/static/"
ROOT = Path(__file__).parent / "static"
_IMMUTABLE = "public, max-age=31536000, immutable"
_MEDIA_TYPES = {
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
}


@functools.cache
def _files() -> dict[str, bytes]:
    return {
        path.relative_to(ROOT).as_posix(): path.read_bytes()
        for path in sorted(ROOT.rglob("*"))
        if path.is_file() and path.suffix in _MEDIA_TYPES
    }


@functools.cache
def version() -> str:
    digest = hashlib.sha256()
    for name, body in _files().items():
        digest.update(name.encode() + b"\0" + hashlib.sha256(body).digest())
    return digest.hexdigest()[:16]


@functools.cache
def _compressed(name: str) -> bytes:
    return gzip.compress(_files()[name], compresslevel=6, mtime=0)


def asset_url(name: str) -> str:
    """The address of a static file (a template global: ``asset('hop.css')``)."""
    if name not in _files():
        raise KeyError(f"no static file {name!r}")
    return f"{STATIC_PREFIX}{version()}/{name}"


@get(
    "/static/{release:str}/{name:path}",
    include_in_schema=False,
    security=[{}],
    sync_to_thread=False,
)
def static_file(release: str, name: str, request: Request[Any, Any, Any]) -> Response[bytes]:
    name = name.lstrip("/")
    body = _files().get(name)
    if body is None or release != version():
        raise NotFound(f"No static file {name!r}.")
    headers = {"Cache-Control": _IMMUTABLE, "Vary": "Accept-Encoding"}
    if len(body) > 1024 and "gzip" in request.headers.get("accept-encoding", ""):
        body = _compressed(name)
        headers["Content-Encoding"] = "gzip"
    media_type = _MEDIA_TYPES[Path(name).suffix]
    return Response(body, media_type=media_type, headers=headers)
