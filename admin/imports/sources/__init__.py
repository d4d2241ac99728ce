"""The import sources, by the name ``POST /v1/imports`` takes (docs/import.md)."""

from __future__ import annotations

from typing import cast

from admin.imports.sources.base import (
    BadCredential,
    ImportProblem,
    Page,
    Source,
    SourceFailed,
    SourceHttp,
    SourceKind,
    SourceLink,
)
from admin.imports.sources.kutt import Kutt
from admin.imports.sources.rebrandly import Rebrandly
from admin.imports.sources.shortio import Shortio

# Filled as sources land: name -> kind. Each kind is its source's class; the cast is
# there because mypy never matches a protocol's ClassVar members against a class object.
SOURCES: dict[str, SourceKind] = {
    "kutt": cast("SourceKind", Kutt),
    "rebrandly": cast("SourceKind", Rebrandly),
    "shortio": cast("SourceKind", Shortio),
}

__all__ = [
    "SOURCES",
    "BadCredential",
    "ImportProblem",
    "Page",
    "Source",
    "SourceFailed",
    "SourceHttp",
    "SourceKind",
    "SourceLink",
]
