"""The import sources, by the name ``POST /v1/imports`` takes (docs/import.md)."""

from __future__ import annotations

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
from admin.imports.sources.bitly import BitlySource
from admin.imports.sources.csv import CsvSource

# Filled as sources land: name -> kind. (The ignores: mypy never matches a class object
# to SourceKind's ClassVar members; read-only properties there would match.)
SOURCES: dict[str, SourceKind] = {
    "bitly": BitlySource,  # type: ignore[dict-item]
    "csv": CsvSource,  # type: ignore[dict-item]
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
