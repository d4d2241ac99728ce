"""The link lifecycle: validate, write PostgreSQL and the outbox in one transaction,
then write through to Redis for the edge."""

from __future__ import annotations

import base64
import functools
from collections.abc import AsyncIterator, Sequence
from datetime import datetime
from typing import Any, Literal

import msgspec
from msgspec import UNSET

from admin.accounts.passwords import Passwords
from admin.auth.principal import Principal
from admin.db import Connection, Database
from admin.domains.service import normal_hostname
from admin.errors import (
    AliasTaken,
    Conflict,
    FieldError,
    HopError,
    NotFound,
    RateLimited,
    ServiceUnavailable,
    ValidationFailed,
    validation,
)
from admin.events.repository import Event
from admin.links import repository as repo
from admin.links.admission import Admission
from admin.links.cache import LinkCache
from admin.links.schemas import (
    MAX_TAGS,
    BulkAction,
    BulkUpdateResult,
    Link,
    LinkCreate,
    LinkPage,
    LinkSafety,
    LinkUpdate,
    LinkUtm,
    Preview,
    Rule,
    TagCount,
    TagList,
    Variant,
    VariantStats,
)
from admin.safety.destinations import destinations, of_link, other_hosts
from admin.safety.notices import flagged_event
from admin.safety.urlforms import locate
from admin.safety.verdicts import Decision
from admin.urls import short_url
from common.ids import new_id, new_short_code
from common.linkpass import LinkPasswords
from common.targeting import COUNTRIES, WEIGHT_TOTAL
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
BULK_MAX = 1000  # items in one POST /v1/links/bulk or /v1/links/import
BULK_CHUNK = 100  # items per transaction
EXPORT_PAGE = 500  # links per read of the CSV export
MAX_PAGE_SIZE = 200
MAX_TAG_LIST = 1000


class NoFreeCode(ServiceUnavailable):
    """No random code was free after _CODE_ATTEMPTS tries (the same problem as before:
    only the class tells it apart from a lost database)."""

    def __init__(self) -> None:
        super().__init__("Could not allocate a short code; retry.")


class _Admitted(msgspec.Struct, frozen=True):
    """A create that passed its checks, with the safety verdict of its destinations, its
    id (a password's verifier is bound to it) and its optional features as stored."""

    data: LinkCreate
    decision: Decision
    link_id: str
    features: repo.FeatureColumns
    password_hash: str | None
    password_verifier: str | None
    domain: str  # normalised; "" for the default short host


# A bulk item not yet written (replaced before create_many returns).
_PENDING: HopError = HopError("pending")


def _check_url(field: str, value: str, own: Admission, errors: list[FieldError]) -> None:
    own.check_url(field, value, errors)


def _check_rules(rules: list[Rule], own: Admission, errors: list[FieldError]) -> None:
    for i, rule in enumerate(rules):
        when = rule.when
        if not (when.country or when.device or when.os or when.language):
            errors.append(FieldError(f"rules[{i}].when", "needs at least one condition"))
        for j, country in enumerate(when.country or ()):
            if country not in COUNTRIES:
                errors.append(
                    FieldError(
                        f"rules[{i}].when.country[{j}]",
                        "is not an ISO 3166-1 alpha-2 country code",
                    )
                )
        _check_url(f"rules[{i}].url", rule.url, own, errors)


def _check_variants(variants: list[Variant], own: Admission, errors: list[FieldError]) -> None:
    total = sum(variant.weight for variant in variants)
    if total != WEIGHT_TOTAL:
        errors.append(
            FieldError("variants", f"weights must add up to {WEIGHT_TOTAL}; they add up to {total}")
        )
    for i, variant in enumerate(variants):
        _check_url(f"variants[{i}].url", variant.url, own, errors)


def _check_features(
    data: LinkCreate | LinkUpdate, own: Admission, errors: list[FieldError]
) -> None:
    """What decides a visit at the edge: every destination is checked like longUrl."""
    if isinstance(data.rules, list):
        _check_rules(data.rules, own, errors)
    if isinstance(data.variants, list):
        _check_variants(data.variants, own, errors)
    if isinstance(data.expired_url, str):
        _check_url("expiredUrl", data.expired_url, own, errors)
    if isinstance(data.preview, Preview) and data.preview.image is not None:
        _check_url("preview.image", data.preview.image, own, errors)


def _json_of(value: Any) -> Any:
    """A feature's wire form as stored in its JSON column (absent fields left out)."""
    if value is None:
        return None
    built = msgspec.to_builtins(value)
    return _strip_none(built)


def _strip_none(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _strip_none(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [_strip_none(item) for item in value]
    return value


Password = tuple[str | None, str | None]  # (argon2id hash, edge verifier); (None, None) clears


def _changes(
    data: LinkUpdate, fields: repo.LinkFields, password: Password | None
) -> tuple[dict[str, Any], list[str]]:
    """What a PATCH asks for, and the names of the fields it really changes."""
    changes = {
        "short_code": data.alias,
        "domain": _domain_of(data.domain) if data.domain is not UNSET else UNSET,
        "long_url": data.long_url,
        "tags": _unique_tags(data.tags or []) if data.tags is not UNSET else UNSET,
        "expires_at": data.expires_at,
        "redirect_type": data.redirect_type,
        "forward_query": data.forward_query,
        "rules": _json_of(data.rules) if data.rules is not UNSET else UNSET,
        "variants": _json_of(data.variants) if data.variants is not UNSET else UNSET,
        "password_hash": password[0] if password is not None else UNSET,
        "password_verifier": password[1] if password is not None else UNSET,
        "max_clicks": data.max_clicks,
        "expired_url": data.expired_url,
        "title": data.title,
        "notes": data.notes,
        "preview": _json_of(data.preview) if data.preview is not UNSET else UNSET,
        "utm": _json_of(data.utm) if data.utm is not UNSET else UNSET,
    }
    changed = [
        name
        for name, value in changes.items()
        if value is not UNSET and value != getattr(fields, name)
    ]
    # A hash is salted, new every time; the verifier says whether the password changed.
    # Either way the change is named once, as password_hash (passwordProtected).
    if "password_verifier" in changed:
        changed.remove("password_verifier")
        if "password_hash" not in changed:
            changed.append("password_hash")
    elif "password_hash" in changed:
        changed.remove("password_hash")  # the same password again: no change
    return changes, changed


def _check_update(data: LinkUpdate, own: Admission) -> None:
    errors: list[FieldError] = []
    if data.long_url is not UNSET:
        _check_url("longUrl", data.long_url, own, errors)
    if data.alias is not UNSET:
        _check_alias(data.alias, errors)
    if data.expires_at is not UNSET and data.expires_at is not None:
        _check_expiry(data.expires_at, errors)
    _check_features(data, own, errors)
    if errors:
        raise validation(errors)


def _domain_of(domain: str | None) -> str:
    """A request's domain as stored: lower case, no final dot; "" for the default host."""
    return normal_hostname(domain, field="domain") if domain else ""


def _unknown_domain(domain: str) -> ValidationFailed:
    return validation(
        [FieldError("domain", f"{domain} is not a verified domain of yours (POST /v1/domains)")]
    )


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


SORTS = ("-created", "created", "-clicks", "clicks")
DEFAULT_DOMAIN = "default"  # the list filter's name for the default short host
STATUSES = ("active", "expired", "flagged", "blocked")


def encode_cursor(link_id: str, clicks: int | None = None) -> str:
    """The last link of a page; in a clicks order also its count (``<id>~<clicks>``)."""
    raw = link_id if clicks is None else f"{link_id}~{clicks}"
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def decode_cursor(cursor: str, sort: str = "-created") -> repo.ListPosition:
    """The position a cursor names, checked against the order it is used with: a cursor
    of one order means nothing in another."""
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
    except ValueError:  # binascii.Error, non-ASCII input, invalid UTF-8
        raw = ""
    link_id, _, count = raw.partition("~")
    by_clicks = sort in ("clicks", "-clicks")
    valid = (
        link_id.startswith("lnk_")
        and link_id.isascii()
        and (count.isdigit() and count.isascii() if by_clicks else not count and "~" not in raw)
    )
    if not valid:
        raise validation([FieldError("cursor", "is not a cursor this API returned")])
    return repo.ListPosition(link_id=link_id, clicks=int(count) if by_clicks else None)


def like_pattern(q: str | None) -> str | None:
    """``q`` as an ILIKE pattern matching it anywhere, its wildcards taken literally."""
    if not q:
        return None
    escaped = q.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def link_filter(
    *,
    tags: Sequence[str] = (),
    tag_match: str = "all",
    q: str | None = None,
    status: str | None = None,
    created_from: datetime | None = None,
    created_to: datetime | None = None,
    domain: str | None = None,
    prefix: str = "",
) -> repo.LinkFilter:
    """The filter of GET /v1/links (and of its export and bulk changes), checked: a bad
    value is a 422 naming the field (``prefix`` places it in a body: ``filter.``)."""
    errors: list[FieldError] = []
    if len(tags) > MAX_TAGS:
        errors.append(FieldError(f"{prefix}tag", f"at most {MAX_TAGS} tags"))
    if any(not 1 <= len(tag) <= 64 for tag in tags):
        errors.append(FieldError(f"{prefix}tag", "each tag is 1-64 characters"))
    if tag_match not in ("all", "any"):
        errors.append(FieldError(f"{prefix}tagMatch", "must be all or any"))
    if status is not None and status not in STATUSES:
        errors.append(FieldError(f"{prefix}status", f"must be one of {', '.join(STATUSES)}"))
    if created_from is not None and created_to is not None and created_to <= created_from:
        errors.append(FieldError(f"{prefix}createdTo", "must be later than createdFrom"))
    stored_domain: str | None = None
    if domain is not None:
        # "default": the default short host's links (never a host name: it has one label)
        try:
            stored_domain = "" if domain == DEFAULT_DOMAIN else _domain_of(domain)
        except ValidationFailed:
            errors.append(FieldError(f"{prefix}domain", f"must be a host name or {DEFAULT_DOMAIN}"))
    if errors:
        raise validation(errors)
    return repo.LinkFilter(
        tags=_unique_tags([*tags]),
        all_tags=tag_match == "all",
        pattern=like_pattern(q),
        status=status,
        created_from=created_from,
        created_to=created_to,
        domain=stored_domain,
    )


def _status(row: repo.LinkRow) -> Literal["active", "expired", "flagged", "blocked"]:
    if row.safety_verdict == "block":
        return "blocked"
    if row.safety_verdict == "warn":
        return "flagged"
    if row.exhausted_at is not None or (row.expires_at is not None and row.expires_at <= utc_now()):
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
        admission: Admission,
        passwords: Passwords | None = None,
        link_passwords: LinkPasswords | None = None,
    ) -> None:
        self.db = db
        self.cache = cache
        self.short_base_url = short_base_url
        # How long a freed code stays reserved for its owner (HOP_CODE_RESERVATION_DAYS).
        self.reservation_days = reservation_days
        # The way in every redirect takes, QR codes' and Bio pages' too: the loop check,
        # the new-account quota and the verdict of every destination (admission.py).
        self.admission = admission
        # argon2id hashes (the record) and the edge's verifiers (HOP_LINK_PASSWORD_KEY);
        # without the key, links cannot be given a password.
        self.passwords = passwords
        self.link_passwords = link_passwords

    async def _password(self, link_id: str, password: str) -> tuple[str, str]:
        """The argon2id hash and the edge's verifier of a link's password."""
        if self.passwords is None or self.link_passwords is None:
            raise validation(
                [FieldError("password", "password-protected links are not enabled here")]
            )
        with self.passwords.slot() as slot:
            hashed = await slot.hash(password)
        return hashed, self.link_passwords.verifier(link_id, password)

    def to_resource(self, row: repo.LinkRow, variant_clicks: dict[int, int] | None = None) -> Link:
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
        )

    async def _with_counts(self, rows: list[repo.LinkRow]) -> list[Link]:
        """Resources, with per-variant clicks for the links that have variants."""
        ids = [row.id for row in rows if row.variants]
        counts: dict[str, dict[int, int]] = {}
        if ids:
            async with self.db.connection() as conn:
                counts = await repo.variant_clicks(conn, ids)
        return [self.to_resource(row, counts.get(row.id)) for row in rows]

    async def create(self, principal: Principal, data: LinkCreate) -> Link:
        admitted = await self._admit(principal, data)
        # An ok link is one autocommit statement (the hot path); a flagged one also
        # writes its security.flagged event, in the same transaction.
        # On a custom domain too: the domain is locked for the insert (repo.lock_domain).
        flagged = admitted.decision.verdict != "ok"
        opened = self.db.transaction() if flagged or admitted.domain else self.db.connection()
        async with opened as conn:
            row, link = await self._insert(conn, principal, admitted)
        await self.cache.write([row])
        return link

    async def create_many(
        self, principal: Principal, items: Sequence[LinkCreate | HopError]
    ) -> list[Link | HopError]:
        """Bulk create: each item as ``create`` would make it (the same checks, quota and
        safety verdict), in chunks of BULK_CHUNK, one transaction per chunk. An item
        given as an error (it did not decode) or failing its checks is answered with
        that error and does not stop the others. A chunk the database cannot take
        answers each of its items 503 (nothing of it was written; retry those)."""
        results: list[Link | HopError] = []
        for start in range(0, len(items), BULK_CHUNK):
            results += await self._create_chunk(principal, items[start : start + BULK_CHUNK])
        return results

    async def _create_chunk(
        self, principal: Principal, items: Sequence[LinkCreate | HopError]
    ) -> list[Link | HopError]:
        results: list[Link | HopError] = []
        admitted: dict[int, _Admitted] = {}
        for index, item in enumerate(items):
            if isinstance(item, HopError):
                results.append(item)
                continue
            try:
                admitted[index] = await self._admit(principal, item)
            except (ValidationFailed, RateLimited, ServiceUnavailable) as error:
                # A store lost while checking is this item's 503, not the request's: the
                # answer (kept for an Idempotency-Key) then says which items to retry.
                results.append(error)
                continue
            results.append(_PENDING)
        rows: list[repo.LinkRow] = []
        try:
            async with self.db.transaction() as conn:
                for index, admission in admitted.items():
                    try:
                        row, link = await self._insert(conn, principal, admission)
                    except (AliasTaken, NoFreeCode, ValidationFailed) as error:
                        results[index] = error
                        continue
                    rows.append(row)
                    results[index] = link
        except ServiceUnavailable:
            lost = ServiceUnavailable("The database is unavailable; retry this item.")
            return [lost if index in admitted else result for index, result in enumerate(results)]
        await self.cache.write(rows)
        return results

    async def _admit(self, principal: Principal, data: LinkCreate) -> _Admitted:
        """Everything a create decides before writing: field checks (422), the new-account
        quota (429), the safety verdict."""
        errors: list[FieldError] = []
        domain = _domain_of(data.domain)
        _check_url("longUrl", data.long_url, self.admission, errors)
        if data.alias is not None:
            _check_alias(data.alias, errors)
        if data.expires_at is not None:
            _check_expiry(data.expires_at, errors)
        _check_features(data, self.admission, errors)
        if errors:
            raise validation(errors)
        features = repo.FeatureColumns(
            rules=_json_of(data.rules),
            variants=_json_of(data.variants),
            max_clicks=data.max_clicks,
            expired_url=data.expired_url,
            title=data.title,
            notes=data.notes,
            preview=_json_of(data.preview),
            utm=_json_of(data.utm),
        )
        decision = await self.admission.admit(principal, destinations(data.long_url, features))
        # The verifier binds the password to the link id: the id is fixed before hashing.
        link_id = new_id("lnk")
        password_hash = password_verifier = None
        if data.password is not None:
            password_hash, password_verifier = await self._password(link_id, data.password)
        return _Admitted(
            data=data,
            decision=decision,
            link_id=link_id,
            features=features,
            password_hash=password_hash,
            password_verifier=password_verifier,
            domain=domain,
        )

    async def _insert(
        self, conn: Connection, principal: Principal, admitted: _Admitted
    ) -> tuple[repo.LinkRow, Link]:
        """Write an admitted link (a random code is tried _CODE_ATTEMPTS times); AliasTaken
        or NoFreeCode when no code could be had, a 422 when its domain is not (or no
        longer) a verified domain of the owner's. A link on a custom domain needs the
        caller's transaction: the domain stays locked until it commits."""
        data, decision, features = admitted.data, admitted.decision, admitted.features
        if admitted.domain and not await repo.lock_domain(conn, principal, admitted.domain):
            raise _unknown_domain(admitted.domain)
        host, site = locate(data.long_url)
        others = other_hosts(destinations(data.long_url, features))
        now = utc_now()
        tags = _unique_tags(data.tags)
        flagged = decision.verdict != "ok"
        for _ in range(1 if data.alias else _CODE_ATTEMPTS):
            row = repo.LinkRow(
                id=admitted.link_id,
                environment=principal.environment,
                short_code=data.alias or new_short_code(),
                domain=admitted.domain,
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
                rules=features.rules,
                variants=features.variants,
                password_hash=admitted.password_hash,
                password_verifier=admitted.password_verifier,
                max_clicks=data.max_clicks,
                expired_url=data.expired_url,
                title=data.title,
                notes=data.notes,
                preview=features.preview,
                utm=features.utm,
            )
            link = self.to_resource(row)
            new = repo.NewLink(
                id=row.id,
                short_code=row.short_code,
                domain=row.domain,
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
                rules=row.rules,
                variants=row.variants,
                password_hash=row.password_hash,
                password_verifier=row.password_verifier,
                max_clicks=row.max_clicks,
                expired_url=row.expired_url,
                title=row.title,
                notes=row.notes,
                preview=row.preview,
                utm=row.utm,
                other_hosts=others,
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
                return row, link
        if data.alias:
            raise AliasTaken(data.alias, admitted.domain)
        raise NoFreeCode()

    async def get(self, principal: Principal, link_id: str) -> Link:
        async with self.db.connection() as conn:
            row = await repo.get_link(conn, principal, link_id)
        if row is None:
            raise NotFound(f"No link with id {link_id!r}.")
        return (await self._with_counts([row]))[0]

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
        where: repo.LinkFilter,
        *,
        limit: int,
        cursor: str | None,
        sort: str = "-created",
    ) -> LinkPage:
        if not 1 <= limit <= MAX_PAGE_SIZE:
            raise validation([FieldError("limit", f"must be between 1 and {MAX_PAGE_SIZE}")])
        if sort not in SORTS:
            raise validation([FieldError("sort", f"must be one of {', '.join(SORTS)}")])
        after = decode_cursor(cursor, sort) if cursor else None
        async with self.db.connection() as conn:
            rows = await repo.list_links(
                conn, principal, where, sort=sort, after=after, limit=limit + 1
            )
        more = len(rows) > limit
        rows = rows[:limit]
        last = rows[-1] if more else None
        return LinkPage(
            data=await self._with_counts(rows),
            next_cursor=(
                encode_cursor(last.id, last.clicks if sort.endswith("clicks") else None)
                if last
                else None
            ),
        )

    async def tags(self, principal: Principal, *, limit: int) -> TagList:
        if not 1 <= limit <= MAX_TAG_LIST:
            raise validation([FieldError("limit", f"must be between 1 and {MAX_TAG_LIST}")])
        async with self.db.connection() as conn:
            counts = await repo.tag_counts(conn, principal, limit=limit)
        return TagList(data=[TagCount(tag=row.tag, links=row.links) for row in counts])

    async def pages(
        self, principal: Principal, where: repo.LinkFilter, *, size: int = EXPORT_PAGE
    ) -> AsyncIterator[Sequence[Link]]:
        """Every matching link, newest first, a page at a time (the CSV export): each page
        is its own short read, so a slow reader holds no transaction open."""
        after: repo.ListPosition | None = None
        while True:
            async with self.db.connection() as conn:
                rows = await repo.list_links(
                    conn, principal, where, sort="-created", after=after, limit=size
                )
            if rows:
                yield [self.to_resource(row) for row in rows]
            if len(rows) < size:
                return
            after = repo.ListPosition(link_id=rows[-1].id)

    async def bulk_update(
        self, principal: Principal, where: repo.LinkFilter, action: BulkAction
    ) -> BulkUpdateResult:
        """Apply ``action`` to every link ``where`` matches, BULK_CHUNK links a transaction,
        each change as PATCH or DELETE /v1/links/:id makes it (its event included)."""
        if action.type != "delete" and not action.tags:
            raise validation([FieldError("action.tags", "name at least one tag")])
        if action.type == "delete" and where == repo.LinkFilter():
            raise validation(
                [FieldError("filter", "name at least one criterion to delete by filter")]
            )
        tags = _unique_tags(action.tags)
        matched = changed = 0
        before: str | None = None
        while True:
            written: list[repo.LinkRow] = []
            async with self.db.transaction() as conn:
                rows = await repo.matching_for_update(
                    conn, principal, where, before=before, limit=BULK_CHUNK
                )
                for current in rows:
                    if action.type == "delete":
                        row = await repo.delete_link(conn, principal, current.id, _deleted)
                        if row is not None:
                            written.append(row)
                        continue
                    new_tags = (
                        _unique_tags([*current.tags, *tags])
                        if action.type == "addTags"
                        else [tag for tag in current.tags if tag not in tags]
                    )
                    if new_tags == current.tags or len(new_tags) > MAX_TAGS:
                        continue
                    fields = msgspec.structs.replace(repo.LinkFields.of(current), tags=new_tags)
                    written.append(
                        await repo.update_link(
                            conn,
                            principal,
                            fields,
                            functools.partial(self._tags_updated, before=current),
                        )
                    )
            matched += len(rows)
            changed += len(written)
            if action.type == "delete":  # tags are not in the edge's entry
                await self.cache.write(written)
            if len(rows) < BULK_CHUNK:
                return BulkUpdateResult(matched=matched, changed=changed)
            before = rows[-1].id

    async def update(self, principal: Principal, link_id: str, data: LinkUpdate) -> Link:
        _check_update(data, self.admission)
        password: Password | None = None
        if data.password is not UNSET:
            password = (None, None)
            if data.password is not None:
                password = await self._password(link_id, data.password)

        async with self.db.transaction() as conn:
            current = await repo.get_link(conn, principal, link_id, for_update=True)
            if current is None:
                raise NotFound(f"No link with id {link_id!r}.")
            _refuse_managed(current)
            fields = repo.LinkFields.of(current)
            changes, changed = _changes(data, fields, password)
            if not changed:
                return (await self._with_counts([current]))[0]
            fields = msgspec.structs.replace(fields, **{name: changes[name] for name in changed})
            if "password_hash" in changed:
                fields = msgspec.structs.replace(
                    fields, password_verifier=changes["password_verifier"]
                )
            moved = bool({"long_url", "rules", "variants", "expired_url"} & set(changed))
            if moved:
                fields = await self._rechecked(principal, current, fields)
            if "variants" in changed:
                await repo.reset_variant_clicks(conn, current.id)
            if (
                fields.domain
                and "domain" in changed
                and not await repo.lock_domain(conn, principal, fields.domain)
            ):
                raise _unknown_domain(fields.domain)
            if {"short_code", "domain"} & set(changed):
                await repo.move_code(
                    conn,
                    principal,
                    current.id,
                    old=(current.domain, current.short_code),
                    new=(fields.domain, fields.short_code),
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
            if moved:
                await repo.replace_other_hosts(conn, row.id, other_hosts(of_link(row)))
        written = [row]
        # The old place answers 410 while reserved.
        if (row.domain, row.short_code) != (current.domain, current.short_code):
            written.append(
                msgspec.structs.replace(
                    row,
                    short_code=current.short_code,
                    domain=current.domain,
                    deleted_at=row.updated_at,
                )
            )
        await self.cache.write(written)
        return (await self._with_counts([row]))[0]

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
        decision = await self.admission.verdict(principal, of_link(fields), override=override)
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

    def _tags_updated(self, row: repo.LinkRow, *, before: repo.LinkRow) -> Event:
        return self._updated(row, before, ["tags"])

    def _updated(self, row: repo.LinkRow, before: repo.LinkRow, changed: Sequence[str]) -> Event:
        return Event(
            "link.updated",
            {
                **msgspec.to_builtins(self.to_resource(row)),
                "changes": [_WIRE_NAMES[name] for name in changed],
                # Never a password hash: its "previous" is whether there was one.
                "previous": {
                    _WIRE_NAMES[name]: (
                        before.password_hash is not None
                        if name == "password_hash"
                        else (before.domain or None)
                        if name == "domain"
                        else _wire_value(getattr(before, name))
                    )
                    for name in changed
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
            # Appended with custom domains: the code was freed on this host (null: the
            # short host), so a receiver can tell two links with the same code apart.
            "domain": row.domain or None,
        },
    )


_WIRE_NAMES = {
    "short_code": "shortCode",
    "domain": "domain",
    "long_url": "longUrl",
    "tags": "tags",
    "expires_at": "expiresAt",
    "redirect_type": "redirectType",
    "forward_query": "forwardQuery",
    "rules": "rules",
    "variants": "variants",
    "password_hash": "passwordProtected",
    "max_clicks": "maxClicks",
    "expired_url": "expiredUrl",
    "title": "title",
    "notes": "notes",
    "preview": "preview",
    "utm": "utm",
}


def _wire_value(value: Any) -> Any:
    return iso_utc(value) if isinstance(value, datetime) else value
