"""The link lifecycle: validate, write PostgreSQL and the outbox in one transaction,
then write through to Redis for the edge."""

from __future__ import annotations

import base64
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Literal

import msgspec
from msgspec import UNSET

from admin.auth.principal import Principal
from admin.db import Database
from admin.errors import (
    AliasTaken,
    Conflict,
    FieldError,
    NotFound,
    ServiceUnavailable,
    validation,
)
from admin.events.repository import Event
from admin.links import repository as repo
from admin.links.cache import LinkCache
from admin.links.schemas import Link, LinkCreate, LinkPage, LinkUpdate
from admin.urls import InvalidUrl, parse_http_url, public_base, same_host
from common.ids import new_id, new_short_code
from common.timefmt import iso_utc, utc_now

# Codes that would shadow a path of ours or read as one; compared case-insensitively.
RESERVED_ALIASES = frozenset(
    {
        "v1",
        "v2",
        "api",
        "admin",
        "health",
        "_health",
        "static",
        "assets",
        "public",
        "docs",
        "login",
        "logout",
        "signup",
        "register",
        "dashboard",
        "settings",
        "account",
        "billing",
        "help",
        "support",
        "status",
        "www",
        "app",
        "qr",
        "bio",
        "about",
        "terms",
        "privacy",
        "robots",
        "favicon",
        "sitemap",
        "well-known",
    }
)
_CODE_ATTEMPTS = 5
MAX_PAGE_SIZE = 200


def _check_url(field: str, value: str, short_base_url: str, errors: list[FieldError]) -> None:
    try:
        parts = parse_http_url(value)
    except InvalidUrl as exc:
        errors.append(FieldError(field, str(exc)))
        return
    if same_host(parts, short_base_url):
        errors.append(FieldError(field, "must not point at a short link (redirect loop)"))


def _check_alias(alias: str, errors: list[FieldError]) -> None:
    if alias.lower() in RESERVED_ALIASES:
        errors.append(FieldError("alias", "is reserved"))


def _check_expiry(expires_at: datetime, errors: list[FieldError]) -> None:
    if expires_at <= utc_now():
        errors.append(FieldError("expiresAt", "must be in the future"))


def _unique_tags(tags: list[str]) -> list[str]:
    return list(dict.fromkeys(tags))


def _refuse_managed(row: repo.LinkRow) -> None:
    """QR and Bio links change with their code or page, so the two never disagree."""
    if row.managed_by is not None:
        owner = "PATCH or DELETE /v1/qr/:id" if row.managed_by == "qr" else "PUT /v1/bio"
        raise Conflict(f"Link {row.id!r} is managed by a {row.managed_by} resource; use {owner}.")


def encode_cursor(link_id: str) -> str:
    return base64.urlsafe_b64encode(link_id.encode()).decode().rstrip("=")


def decode_cursor(cursor: str) -> str:
    try:
        link_id = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
    except ValueError:  # binascii.Error, non-ASCII input, invalid UTF-8
        link_id = ""
    if not link_id.startswith("lnk_") or not link_id.isascii():
        raise validation([FieldError("cursor", "is not a cursor this API returned")])
    return link_id


class LinkService:
    def __init__(
        self, db: Database, cache: LinkCache, short_base_url: str, reservation_days: int
    ) -> None:
        self.db = db
        self.cache = cache
        self.short_base_url = short_base_url
        # How long a freed code stays reserved for its owner (HOP_CODE_RESERVATION_DAYS).
        self.reservation_days = reservation_days

    def to_resource(self, row: repo.LinkRow) -> Link:
        status: Literal["active", "expired", "flagged"]
        if row.flagged_at is not None:
            status = "flagged"
        elif row.expires_at is not None and row.expires_at <= utc_now():
            status = "expired"
        else:
            status = "active"
        return Link(
            id=row.id,
            short_code=row.short_code,
            short_url=f"{public_base(self.short_base_url, row.environment)}/{row.short_code}",
            long_url=row.long_url,
            tags=row.tags,
            expires_at=iso_utc(row.expires_at) if row.expires_at else None,
            created_at=iso_utc(row.created_at),
            updated_at=iso_utc(row.updated_at),
            status=status,
            clicks=row.clicks,
            redirect_type=row.redirect_type,
            forward_query=row.forward_query,
        )

    async def create(self, principal: Principal, data: LinkCreate) -> Link:
        errors: list[FieldError] = []
        _check_url("longUrl", data.long_url, self.short_base_url, errors)
        if data.alias is not None:
            _check_alias(data.alias, errors)
        if data.expires_at is not None:
            _check_expiry(data.expires_at, errors)
        if errors:
            raise validation(errors)

        now = utc_now()
        tags = _unique_tags(data.tags)
        async with self.db.connection() as conn:
            for _ in range(1 if data.alias else _CODE_ATTEMPTS):
                row = repo.LinkRow(
                    id=new_id("lnk"),
                    environment=principal.environment,
                    short_code=data.alias or new_short_code(),
                    long_url=data.long_url,
                    tags=tags,
                    expires_at=data.expires_at,
                    redirect_type=data.redirect_type,
                    forward_query=data.forward_query,
                    flagged_at=None,
                    clicks=0,
                    created_at=now,
                    updated_at=now,
                    deleted_at=None,
                )
                link = self.to_resource(row)
                new = repo.NewLink(
                    id=row.id,
                    short_code=row.short_code,
                    long_url=row.long_url,
                    tags=tags,
                    expires_at=row.expires_at,
                    redirect_type=row.redirect_type,
                    forward_query=row.forward_query,
                    created_at=now,
                )
                created = Event("link.created", msgspec.to_builtins(link))
                if await repo.insert_link(
                    conn, principal, new, created, reservation_days=self.reservation_days
                ):
                    break
            else:
                if data.alias:
                    raise AliasTaken(data.alias)
                raise ServiceUnavailable("Could not allocate a short code; retry.")
        await self.cache.write([row])
        return link

    async def get(self, principal: Principal, link_id: str) -> Link:
        async with self.db.connection() as conn:
            row = await repo.get_link(conn, principal, link_id)
        if row is None:
            raise NotFound(f"No link with id {link_id!r}.")
        return self.to_resource(row)

    async def get_many(self, principal: Principal, link_ids: Sequence[str]) -> dict[str, Link]:
        """The owner's live links among ``link_ids``, by id (other domains' rows point at
        links: a deleted or unknown one is simply absent)."""
        if not link_ids:
            return {}
        async with self.db.connection() as conn:
            rows = await repo.links_by_ids(conn, principal, [*link_ids])
        return {row.id: self.to_resource(row) for row in rows}

    async def list(
        self,
        principal: Principal,
        *,
        limit: int,
        cursor: str | None,
        tag: str | None,
        q: str | None,
    ) -> LinkPage:
        if not 1 <= limit <= MAX_PAGE_SIZE:
            raise validation([FieldError("limit", f"must be between 1 and {MAX_PAGE_SIZE}")])
        before = decode_cursor(cursor) if cursor else None
        pattern = None
        if q:
            escaped = q.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
            pattern = f"%{escaped}%"
        async with self.db.connection() as conn:
            rows = await repo.list_links(
                conn, principal, before=before, tag=tag or None, pattern=pattern, limit=limit + 1
            )
        more = len(rows) > limit
        rows = rows[:limit]
        return LinkPage(
            data=[self.to_resource(row) for row in rows],
            next_cursor=encode_cursor(rows[-1].id) if more else None,
        )

    async def update(self, principal: Principal, link_id: str, data: LinkUpdate) -> Link:
        errors: list[FieldError] = []
        if data.long_url is not UNSET:
            _check_url("longUrl", data.long_url, self.short_base_url, errors)
        if data.alias is not UNSET:
            _check_alias(data.alias, errors)
        if data.expires_at is not UNSET and data.expires_at is not None:
            _check_expiry(data.expires_at, errors)
        if errors:
            raise validation(errors)

        async with self.db.transaction() as conn:
            current = await repo.get_link(conn, principal, link_id, for_update=True)
            if current is None:
                raise NotFound(f"No link with id {link_id!r}.")
            _refuse_managed(current)
            fields = repo.LinkFields.of(current)
            changes = {
                "short_code": data.alias,
                "long_url": data.long_url,
                "tags": _unique_tags(data.tags or []) if data.tags is not UNSET else UNSET,
                "expires_at": data.expires_at,
                "redirect_type": data.redirect_type,
                "forward_query": data.forward_query,
            }
            changed = [
                name
                for name, value in changes.items()
                if value is not UNSET and value != getattr(fields, name)
            ]
            if not changed:
                return self.to_resource(current)
            fields = msgspec.structs.replace(fields, **{name: changes[name] for name in changed})
            if "short_code" in changed:
                await repo.move_code(
                    conn,
                    principal,
                    current.id,
                    old_code=current.short_code,
                    new_code=fields.short_code,
                    reservation_days=self.reservation_days,
                )
            row = await repo.update_link(
                conn, principal, fields, lambda row: self._updated(row, current, changed)
            )
        written = [row]
        if row.short_code != current.short_code:  # the old code answers 410 while reserved
            written.append(
                msgspec.structs.replace(
                    row, short_code=current.short_code, deleted_at=row.updated_at
                )
            )
        await self.cache.write(written)
        return self.to_resource(row)

    async def delete(self, principal: Principal, link_id: str) -> None:
        async with self.db.transaction() as conn:
            current = await repo.get_link(conn, principal, link_id, for_update=True)
            if current is not None:
                _refuse_managed(current)
            row = await repo.delete_link(conn, principal, link_id, _deleted)
            if row is None:
                raise NotFound(f"No link with id {link_id!r}.")
        await self.cache.write([row])

    def _updated(self, row: repo.LinkRow, before: repo.LinkRow, changed: Sequence[str]) -> Event:
        return Event(
            "link.updated",
            {
                **msgspec.to_builtins(self.to_resource(row)),
                "changes": [_WIRE_NAMES[name] for name in changed],
                "previous": {
                    _WIRE_NAMES[name]: _wire_value(getattr(before, name)) for name in changed
                },
            },
        )


def _deleted(row: repo.LinkRow) -> Event:
    assert row.deleted_at is not None
    return Event(
        "link.deleted",
        {
            "id": row.id,
            "shortCode": row.short_code,
            "longUrl": row.long_url,
            "deletedAt": iso_utc(row.deleted_at),
        },
    )


_WIRE_NAMES = {
    "short_code": "shortCode",
    "long_url": "longUrl",
    "tags": "tags",
    "expires_at": "expiresAt",
    "redirect_type": "redirectType",
    "forward_query": "forwardQuery",
}


def _wire_value(value: Any) -> Any:
    return iso_utc(value) if isinstance(value, datetime) else value
