"""The link as stored (``links`` in admin/db/schema.sql): one family of structs, each
the one before it plus what its use adds, so a column is named once.

- ``FeatureColumns``: the features decided at the edge (migration 0011).
- ``LinkFields``: everything a change writes (``update_link``): the features and the
  columns an owner or the safety layer sets.
- ``LinkRow``: the row as read: the fields and what only the database sets (counts,
  times, the namespace). Its fields are the SELECT list of every query that reads a
  whole link: the SQL says ``{link}`` (``{l.link}`` with a table alias) and
  ``with_link_columns`` spells it out, so a column added here is read everywhere.
- ``NewLink``: a link created through /v1/links, as ``insert_link`` writes it.
- ``NewManagedLink``: a link the service keeps for a QR code or Bio page.

Who made a link (``created_by``: the API key, else the person) is written once, by the
inserts, and read with the row; no change writes it.
- ``CacheRow``: a code's entry for the edge's cache (``cache_entries``): a projection
  of the link that holds (or last held) the code.

It sits below the domains rather than in admin/links/: the safety layer, which the
links domain calls to judge a link, reads and writes whole link rows too (verdicts,
re-checks, notices), and so may not import the links domain.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any, Literal

import msgspec


class FeatureColumns(msgspec.Struct, frozen=True, kw_only=True):
    """The columns of the features decided at the edge (migration 0011), shared by every
    row type that reads or writes them; JSON columns hold the API's wire form."""

    rules: list[dict[str, Any]] | None = None
    variants: list[dict[str, Any]] | None = None
    password_hash: str | None = None
    password_verifier: str | None = None
    max_clicks: int | None = None
    expired_url: str | None = None
    title: str | None = None
    notes: str | None = None
    preview: dict[str, Any] | None = None
    utm: dict[str, Any] | None = None
    # A deep link's app URL (migration 0026): the edge opens it for iOS and Android
    # visitors, ios_url / android_url (LinkFields) then being its store fallbacks.
    app_url: str | None = None


class LinkFields(FeatureColumns, frozen=True, kw_only=True):
    """Everything an update writes; a changed short_code or domain must have been moved
    first (move_code)."""

    id: str
    short_code: str
    # The custom domain the code lives on ('' for the default short host). No default:
    # a query that forgot it would write the link's cache entry under the wrong key.
    domain: str
    long_url: str
    tags: list[str]
    expires_at: datetime | None
    redirect_type: int
    forward_query: bool
    ios_url: str | None = None
    android_url: str | None = None
    # The safety layer's verdict (admin/safety/, docs/safety.md), as a change leaves it
    # (admin/safety/verdicts.py decides it).
    host: str | None = None
    site: str | None = None
    safety_verdict: str = "ok"
    safety_reasons: list[str] = msgspec.field(default_factory=list)
    safety_source: str | None = None
    safety_checked_at: datetime | None = None
    safety_override: str | None = None
    # The caller's own id (externalId, migration 0024), unique among the owner's live
    # links; and whether the owner archived it (migration 0019; lists leave it out).
    external_id: str | None = None
    archived: bool = False
    # What /<code>/<more> answers (extraPath): None the 404, "ignore", "append" (issue 30).
    extra_path: str | None = None

    @classmethod
    def of(cls, row: LinkFields) -> LinkFields:
        """The fields of a row (or of any struct of the family), for a change to replace."""
        return LinkFields(**{name: getattr(row, name) for name in LinkFields.__struct_fields__})


class LinkRow(LinkFields, frozen=True, kw_only=True):
    """A link as read back: its fields and what only the database sets."""

    environment: str  # 'live' | 'test': the namespace of short_code
    flagged_at: datetime | None
    clicks: int
    created_at: datetime
    updated_at: datetime
    deleted_at: datetime | None
    managed_by: str | None = None  # 'qr' | 'bio': changed only through /v1/qr or /v1/bio
    review_requested_at: datetime | None = None
    exhausted_at: datetime | None = None
    # Who made it (createdBy): an API key's id or a user's, written once at creation;
    # None for links made before workspaces.
    created_by: str | None = None
    # An imported link's lifetime clicks at its source (importedClicks).
    imported_clicks: int = 0
    # What the worker's last check of its destinations found (migration 0025,
    # admin/links/health.py); None before the first check.
    health_status: str | None = None
    health_http_status: int | None = None
    health_url: str | None = None
    health_checked_at: datetime | None = None
    # The code's name as short_codes holds it (lower-cased on a case-insensitive host):
    # the name of its entry in Redis. None: its short_code (links before issue 30).
    code_key: str | None = None


class NewLink(LinkFields, frozen=True, kw_only=True):
    """A link created through /v1/links: every field is written (insert_link), and it is
    judged at ``created_at``."""

    created_at: datetime
    domain: str = ""
    safety_source: str | None = "heuristic"
    # (site, host) of its other destinations (link_destination_hosts, admin/safety/).
    other_hosts: list[tuple[str, str]] = msgspec.field(default_factory=list)
    created_by: str | None = None  # the creating Principal's actor_id

    def row(self, environment: str) -> LinkRow:
        """The row ``insert_link`` writes, as a read would return it (judged when
        created)."""
        fields = {name: getattr(self, name) for name in LinkFields.__struct_fields__}
        return LinkRow(
            **{**fields, "safety_checked_at": self.created_at},
            environment=environment,
            flagged_at=self.created_at if self.safety_verdict != "ok" else None,
            clicks=0,
            created_at=self.created_at,
            updated_at=self.created_at,
            deleted_at=None,
            created_by=self.created_by,
        )


class NewManagedLink(msgspec.Struct, frozen=True, kw_only=True):
    """A link the service keeps for a QR code or Bio page (admin/links/managed.py)."""

    id: str
    short_code: str
    long_url: str
    managed_by: Literal["qr", "bio"]
    host: str
    site: str
    ios_url: str | None = None
    android_url: str | None = None
    tags: list[str] = msgspec.field(default_factory=list)
    expires_at: datetime | None = None
    redirect_type: int = 302
    forward_query: bool = True
    # The admission's verdict (admin/links/admission.py); no source: not judged (a link
    # to a page of ours).
    safety_verdict: str = "ok"
    safety_reasons: list[str] = msgspec.field(default_factory=list)
    safety_source: str | None = None
    created_by: str | None = None  # the creating Principal's actor_id


class CacheRow(FeatureColumns, frozen=True, kw_only=True):
    """A code's cache entry: the link that holds it, or for a freed code the link that
    last held it (``deleted_at`` is then when the code was freed)."""

    environment: str
    short_code: str
    domain: str
    id: str
    long_url: str
    expires_at: datetime | None
    redirect_type: int
    forward_query: bool
    deleted_at: datetime | None
    managed_by: str | None = None
    ios_url: str | None = None
    android_url: str | None = None
    safety_verdict: str = "ok"
    safety_reasons: list[str] = msgspec.field(default_factory=list)
    exhausted_at: datetime | None = None
    code_key: str | None = None
    extra_path: str | None = None


LINK_COLUMNS = LinkRow.__struct_fields__
_LINK_PLACEHOLDER = re.compile(r"\{(?:([a-z_]+)\.)?link\}")


def with_link_columns(queries: dict[str, str]) -> dict[str, str]:
    """The named queries with ``{link}`` (or ``{alias.link}``) spelled out as LinkRow's
    columns: the one place a whole link's SELECT list is written."""

    def spelled(match: re.Match[str]) -> str:
        prefix = f"{match[1]}." if match[1] else ""
        return ", ".join(prefix + column for column in LINK_COLUMNS)

    return {name: _LINK_PLACEHOLDER.sub(spelled, sql) for name, sql in queries.items()}
