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
from admin.imports.sources.shlink import ShlinkSource
from admin.imports.sources.yourls import YourlsSource

# Filled as sources land: name -> kind.
SOURCES: dict[str, SourceKind] = {
    "shlink": ShlinkSource,
    "yourls": YourlsSource,
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
