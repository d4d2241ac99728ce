"""Wire formats of /v1/imports (docs/api.md#imports, docs/import.md)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from admin.api.examples import example
from admin.api.fields import CreatedBy

ImportStatus = Literal["queued", "running", "done", "failed", "cancelled"]
SourceName = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=32,
        description="bitly, rebrandly, shortio, shlink, yourls, kutt or csv (docs/import.md).",
    ),
]


@example(
    {
        "source": "bitly",
        "credentials": {"token": "a-bitly-access-token"},
        "options": {"groupGuid": "Ba1bc23dE4F"},
    }
)
class ImportCreate(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    source: SourceName
    credentials: Annotated[
        dict[str, Any],
        Meta(
            description="As the source names them: Bitly `token`; Rebrandly, Short.io, Shlink "
            "and Kutt `apiKey`; YOURLS `signature`, or `username` and `password`; none for "
            "csv. Sealed at rest, dropped when the job ends, never returned."
        ),
    ] = msgspec.field(default_factory=dict)
    options: Annotated[
        dict[str, Any],
        Meta(
            description="`baseUrl` (required for Shlink, YOURLS and Kutt), and what each "
            "source takes (docs/import.md); csv: `content`, the file's text."
        ),
    ] = msgspec.field(default_factory=dict)


class ImportFailure(msgspec.Struct, kw_only=True, rename="camel"):
    source_id: str
    reason: str


class RemappedCode(msgspec.Struct, kw_only=True, rename="camel"):
    source_id: str
    code: Annotated[str | None, Meta(description="The code at the source.")]
    new_code: Annotated[str, Meta(description="The code it has in Hop.")]
    reason: str


IMPORT_EXAMPLE = {
    "id": "imp_01JQ8X9V4R7M2N5P3K6T8W0Y1Z",
    "source": "bitly",
    "status": "running",
    "total": 12800,
    "imported": 4300,
    "skipped": 0,
    "remapped": 12,
    "failed": 3,
    "errors": [{"sourceId": "bit.ly/3xYz", "reason": "its destination is not an http(s) URL"}],
    "remaps": [],
    "reason": None,
    "createdAt": "2026-03-01T12:00:00Z",
    "startedAt": "2026-03-01T12:00:01Z",
    "finishedAt": None,
    "createdBy": "key_01JQ8X9V4R7M2N5P3K6T8W0Y1A",
}


@example(IMPORT_EXAMPLE)
class ImportJob(msgspec.Struct, kw_only=True, rename="camel"):
    id: str
    source: str
    status: ImportStatus
    total: Annotated[
        int | None, Meta(description="Links the source holds, once it says; null before.")
    ]
    imported: Annotated[int, Meta(description="Links written (remapped ones included).")]
    skipped: Annotated[int, Meta(description="Links an earlier import already brought.")]
    remapped: Annotated[int, Meta(description="Links written under a new code (see remaps).")]
    failed: Annotated[int, Meta(description="Links not written (see errors).")]
    errors: Annotated[
        list[ImportFailure],
        Meta(description="Why links were not written: the first 1,000 (the report has all)."),
    ]
    remaps: Annotated[
        list[RemappedCode],
        Meta(description="Codes that changed, and why: the first 1,000 (the report has all)."),
    ]
    reason: Annotated[
        str | None, Meta(description="Why the job failed or was cancelled; null otherwise.")
    ]
    created_at: str
    started_at: str | None
    finished_at: str | None
    created_by: CreatedBy = None
    base_url: Annotated[
        str | None, Meta(description="The source's address, for the self-hosted ones.")
    ] = None


@example({"data": [IMPORT_EXAMPLE], "nextCursor": None})
class ImportPage(msgspec.Struct, kw_only=True, rename="camel"):
    data: list[ImportJob]
    next_cursor: str | None
