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
from admin.links.schemas import Link, LinkCreate, LinkPage, LinkSafety, LinkUpdate
from admin.safety.checker import SafetyChecker
from admin.safety.notices import flagged_event
from admin.safety.quota import NewAccountQuota
from admin.safety.urlforms import locate
from admin.safety.verdicts import Decision
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


def _status(row: repo.LinkRow) -> Literal["active", "expired", "flagged", "blocked"]:
    if row.safety_verdict == "block":
        return "blocked"
    if row.safety_verdict == "warn":
        return "flagged"
    if row.expires_at is not None and row.expires_at <= utc_now():
        return "expired"
    return "active"


def _safety(row: repo.LinkRow) -> LinkSafety:
    return LinkSafety(
        verdict=row.safety_verdict,  # type: ignore[arg-type]  # the column's CHECK
        reasons=row.safety_reasons,
        source=row.safety_source,  # type: ignore[arg-type]
        checked_at=iso_utc(row.safety_checked_at) if row.safety_checked_at else None,
        review_requested_at=(iso_utc(row.review_requested_at) if row.review_requested_at else None),
    )


class LinkService:
    def __init__(
        self,
        db: Database,
        cache: LinkCache,
        short_base_url: str,
        reservation_days: int,
        *,
        safety: SafetyChecker,
        quota: NewAccountQuota | None = None,
    ) -> None:
        self.db = db
        self.cache = cache
        self.short_base_url = short_base_url
        # How long a freed code stays reserved for its owner (HOP_CODE_RESERVATION_DAYS).
        self.reservation_days = reservation_days
        # Every destination is checked on create and change (admin/safety/checker.py).
        self.safety = safety
        self.quota = quota

    def to_resource(self, row: repo.LinkRow) -> Link:
        return Link(
            id=row.id,
            short_code=row.short_code,
            short_url=f"{public_base(self.short_base_url, row.environment)}/{row.short_code}",
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
        if self.quota is not None:
            await self.quota.spend(principal)
        decision = await self.safety.check(principal.user_id, data.long_url)
        host, site = locate(data.long_url)

        now = utc_now()
        tags = _unique_tags(data.tags)
        # An ok link is one autocommit statement (the hot path); a flagged one also
        # writes its security.flagged event, in the same transaction.
        flagged = decision.verdict != "ok"
        opened = self.db.transaction() if flagged else self.db.connection()
        async with opened as conn:
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
                    flagged_at=now if flagged else None,
                    clicks=0,
                    created_at=now,
                    updated_at=now,
                    deleted_at=None,
                    host=host,
                    site=site,
                    safety_verdict=decision.verdict,
                    safety_reasons=list(decision.reasons),
                    safety_source=decision.source,
                    safety_checked_at=now,
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
                    host=host,
                    site=site,
                    safety_verdict=decision.verdict,
                    safety_reasons=list(decision.reasons),
                    safety_source=decision.source or "heuristic",
                )
                created = Event("link.created", msgspec.to_builtins(link))
                if await repo.insert_link(
                    conn,
                    principal,
                    new,
                    created,
                    reservation_days=self.reservation_days,
                    flagged=flagged_event(row) if flagged else None,
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
            if "long_url" in changed:
                fields = await self._rechecked(principal, current, fields)
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
                conn,
                principal,
                fields,
                lambda row: self._updated(row, current, changed),
                # security.flagged, once per change of verdict
                also=flagged_event if fields.safety_verdict != current.safety_verdict else None,
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

    async def _rechecked(
        self, principal: Principal, current: repo.LinkRow, fields: repo.LinkFields
    ) -> repo.LinkFields:
        """The fields with the new destination's verdict. An operator's block stays with
        the link; an operator's allow was about the old destination and lapses."""
        override = "block" if current.safety_override == "block" else None
        decision: Decision = await self.safety.check(
            principal.user_id, fields.long_url, override=override
        )
        host, site = locate(fields.long_url)
        return msgspec.structs.replace(
            fields,
            host=host,
            site=site,
            safety_verdict=decision.verdict,
            safety_reasons=list(decision.reasons),
            safety_source=decision.source,
            safety_checked_at=utc_now(),
            safety_override=override,
        )

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
