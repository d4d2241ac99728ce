"""A stored link as the API shows it: the ``Link`` resource (also the data of
``link.created`` and ``link.updated``)."""

from __future__ import annotations

from typing import Literal

import msgspec

from admin.db import Database
from admin.link_model import LinkRow
from admin.links import repository as repo
from admin.links.schemas import (
    Link,
    LinkHealth,
    LinkSafety,
    LinkUtm,
    Preview,
    Rule,
    VariantStats,
)
from admin.urls import short_url
from common.timefmt import iso_utc, utc_now


def _extra_path(stored: str | None) -> Literal["ignore", "append"] | None:
    """The column as the API's literal (the column's CHECK allows only these)."""
    if stored == "append":
        return "append"
    return "ignore" if stored == "ignore" else None


class Resources:
    def __init__(self, db: Database, short_base_url: str) -> None:
        self.db = db
        self.short_base_url = short_base_url

    def of(self, row: LinkRow, variant_clicks: dict[int, int] | None = None) -> Link:
        """The resource; a variant's clicks from ``variant_clicks`` (0 without)."""
        counts = variant_clicks or {}
        return Link(
            id=row.id,
            short_code=row.short_code,
            short_url=short_url(self.short_base_url, row.environment, row.short_code, row.domain),
            long_url=row.long_url,
            tags=row.tags,
            expires_at=iso_utc(row.expires_at) if row.expires_at else None,
            created_at=iso_utc(row.created_at),
            updated_at=iso_utc(row.updated_at),
            status=_status(row),
            clicks=row.clicks,
            redirect_type=row.redirect_type,
            forward_query=row.forward_query,
            safety=_safety(row),
            rules=msgspec.convert(row.rules, list[Rule]) if row.rules else None,
            variants=(
                [
                    VariantStats(url=v["url"], weight=v["weight"], clicks=counts.get(i, 0))
                    for i, v in enumerate(row.variants)
                ]
                if row.variants
                else None
            ),
            password_protected=row.password_hash is not None,
            max_clicks=row.max_clicks,
            expired_url=row.expired_url,
            exhausted_at=iso_utc(row.exhausted_at) if row.exhausted_at else None,
            title=row.title,
            notes=row.notes,
            preview=msgspec.convert(row.preview, Preview) if row.preview else None,
            utm=msgspec.convert(row.utm, LinkUtm) if row.utm else None,
            domain=row.domain or None,
            created_by=row.created_by,
            imported_clicks=row.imported_clicks,
            archived=row.archived,
            external_id=row.external_id,
            health=_health(row),
            app_url=row.app_url,
            ios_url=row.ios_url,
            android_url=row.android_url,
            extra_path=_extra_path(row.extra_path),
        )

    async def with_counts(self, rows: list[LinkRow]) -> list[Link]:
        """Resources, with per-variant clicks for the links that have variants."""
        ids = [row.id for row in rows if row.variants]
        counts: dict[str, dict[int, int]] = {}
        if ids:
            async with self.db.connection() as conn:
                counts = await repo.variant_clicks(conn, ids)
        return [self.of(row, counts.get(row.id)) for row in rows]


def _status(row: LinkRow) -> Literal["active", "expired", "flagged", "blocked"]:
    if row.safety_verdict == "block":
        return "blocked"
    if row.safety_verdict == "warn":
        return "flagged"
    if row.exhausted_at is not None or (row.expires_at is not None and row.expires_at <= utc_now()):
        return "expired"
    return "active"


def _safety(row: LinkRow) -> LinkSafety:
    return LinkSafety(
        verdict=row.safety_verdict,  # type: ignore[arg-type]  # the column's CHECK
        reasons=row.safety_reasons,
        source=row.safety_source,  # type: ignore[arg-type]
        checked_at=iso_utc(row.safety_checked_at) if row.safety_checked_at else None,
        review_requested_at=(iso_utc(row.review_requested_at) if row.review_requested_at else None),
    )


def _health(row: LinkRow) -> LinkHealth | None:
    if row.health_status is None or row.health_checked_at is None:
        return None
    return LinkHealth(
        status=row.health_status,  # type: ignore[arg-type]  # the column's CHECK
        http_status=row.health_http_status,
        checked_at=iso_utc(row.health_checked_at),
        url=row.health_url,
    )
