"""POST /v1/users/me/export: every piece of the caller's data as one JSON document.

The document is a sequence of sections, each streamed from its own server-side
cursor in batches, inside one read-only REPEATABLE READ transaction (a
consistent snapshot). PostgreSQL builds each row's JSON (sections.sql) and the
admin only joins bytes, so memory stays flat however large the account. A new
kind of data is one more ``Section`` (and query). Format: docs/export.md.

The transaction lives as long as the client takes to read, so exports run on a
pool of their own (``create_export_pool``: few connections, with time-outs),
never the main one, and only as many at once as ``ExportSlots`` allows.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator
from contextlib import aclosing
from typing import NamedTuple

import msgspec

from admin.auth import Principal
from admin.db import Connection, Database
from admin.export import repository as repo
from admin.export.slots import ExportSlots
from admin.urls import public_base
from common.timefmt import iso_utc, utc_now

FORMAT = "hop.export"
VERSION = 1
BATCH_ROWS = 2000


class Section(NamedTuple):
    name: str  # the document's key
    query: str  # named query in sections.sql, one JSON text per row
    many: bool  # an array of rows, else one object (or null)


SECTIONS: tuple[Section, ...] = (
    Section("profile", "profile", many=False),
    Section("apiKeys", "api_keys", many=True),
    Section("links", "links", many=True),
    Section("clicks", "clicks", many=True),
    Section("qrCodes", "qr_codes", many=True),
    Section("bioPage", "bio_page", many=False),
    Section("bioVisits", "bio_visits", many=True),
    Section("webhooks", "webhooks", many=True),
    Section("webhookDeliveries", "webhook_attempts", many=True),
    Section("integrations", "integrations", many=True),
    Section("productLinks", "product_links", many=True),
)
_key = msgspec.json.encode


class ExportService:
    def __init__(
        self, db: Database, slots: ExportSlots, short_base_url: str, idle_timeout: float
    ) -> None:
        self.db = db  # the export pool's, not the main one
        self.slots = slots
        self.short_base_url = short_base_url
        self.idle_timeout = idle_timeout

    async def document(self, principal: Principal) -> AsyncGenerator[bytes, None]:
        """The export, chunk by chunk. Takes a slot (or raises 429/503) and opens its
        transaction on the first chunk; closing the generator gives both back."""
        scope = repo.ExportScope(
            workspace_id=principal.workspace_id,
            environment=principal.environment,
            short_base_url=public_base(self.short_base_url, principal.environment),
        )
        with self.slots.take(principal.workspace_id):
            async with self.db.transaction() as conn:
                await repo.begin_snapshot(conn)
                header = {
                    "format": FORMAT,
                    "version": VERSION,
                    "exportedAt": iso_utc(utc_now()),
                    "userId": principal.user_id,
                    "workspaceId": scope.workspace_id,
                    "environment": scope.environment,
                }
                yield msgspec.json.encode(header)[:-1]  # the object stays open
                for index, section in enumerate(SECTIONS):
                    yield b"," + _key(section.name) + b":"
                    rows = _section(conn, f"hop_export_{index}", section, scope)
                    # aclosing: a closed export closes its cursor now, not when collected.
                    async with aclosing(rows):
                        async for chunk in rows:
                            yield chunk
                yield b',"complete":true}\n'


async def _section(
    conn: Connection, cursor_name: str, section: Section, scope: repo.ExportScope
) -> AsyncGenerator[bytes, None]:
    if not section.many:
        text = await repo.one_json(conn, cursor_name, section.query, scope)
        yield text.encode() if text is not None else b"null"
        return
    yield b"["
    first = True
    batches = repo.json_batches(conn, cursor_name, section.query, scope, BATCH_ROWS)
    async with aclosing(batches):
        async for texts in batches:
            yield (b"\n" if first else b",\n") + ",\n".join(texts).encode()
            first = False
    yield b"]"
