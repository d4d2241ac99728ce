"""The import sources, by the name ``POST /v1/imports`` takes (docs/import.md)."""

from __future__ import annotations

from admin.imports.sources.base import (
    BadCredential,
    ImportProblem,
    OutboundHttp,
    Page,
    Source,
    SourceFailed,
    SourceHttp,
    SourceKind,
    SourceLink,
)
from admin.imports.sources.bitly import BitlySource
from admin.imports.sources.csv import CsvSource
from admin.imports.sources.kutt import Kutt
from admin.imports.sources.rebrandly import Rebrandly
from admin.imports.sources.shlink import ShlinkSource
from admin.imports.sources.shortio import Shortio
from admin.imports.sources.yourls import YourlsSource

# name -> kind: each kind is its source's class.
SOURCES: dict[str, SourceKind] = {
    "bitly": BitlySource,
    "csv": CsvSource,
    "kutt": Kutt,
    "rebrandly": Rebrandly,
    "shlink": ShlinkSource,
    "shortio": Shortio,
    "yourls": YourlsSource,
}

__all__ = [
    "SOURCES",
    "BadCredential",
    "ImportProblem",
    "OutboundHttp",
    "Page",
    "Source",
    "SourceFailed",
    "SourceHttp",
    "SourceKind",
    "SourceLink",
]
