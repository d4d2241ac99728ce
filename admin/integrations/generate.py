"""Generate: a short link to a product (with UTM parameters) and copy for its channels.

- The product comes from the cache the listing filled (``PRODUCT_TTL``), else
  from the store in one call.
- The link is an ordinary link of the caller's account and environment, made through
  LinkService (``link.created`` event, sandbox links under /test/), tagged with the
  integration id and platform. One product and UTM set (source, medium, campaign)
  keeps one link: generating again rewrites the copy and reuses it; a link its
  owner deleted is replaced by a new one.
- Copy comes from the AI endpoint when one is configured (counted against the
  account's monthly quota), else from the template writer; ``finish`` enforces
  every channel's limits either way.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import msgspec

from admin.auth import Principal
from admin.db import Database, DatabaseError
from admin.errors import (
    Conflict,
    FieldError,
    HopError,
    NotFound,
    ServiceUnavailable,
    ValidationFailed,
    validation,
)
from admin.integrations import repository as repo
from admin.integrations.ai import AiWriter
from admin.integrations.copy import CHANNELS, Channel, finish, template_draft
from admin.integrations.errors import GenerationQuotaExceeded, StoreFailed
from admin.integrations.platform import PLATFORM_NAMES, StoreProduct
from admin.integrations.repository import GeneratedCopy, IntegrationRow, ProductLinkRow, UtmKey
from admin.integrations.schemas import (
    GenerateRequest,
    ProductLink,
    ProductLinkPage,
    UtmUsed,
)
from admin.integrations.service import IntegrationService, Stores, active_credential
from admin.links import Link, LinkCreate, LinkService
from admin.pagination import RowCursor, decode_row_cursor, encode_cursor
from admin.urls import InvalidUrl, parse_http_url
from common.settings import GenerationQuota
from common.timefmt import iso_utc

MAX_PAGE_SIZE = 200
# Seconds a product read from a store (by a listing or a generation) is reused for
# generating copy before it is read again.
PRODUCT_TTL = 900
PRODUCT_ID = re.compile(r"[0-9]{1,20}")
# (utm_source, utm_medium) per channel; several channels share one link.
PRESETS: dict[str, tuple[str, str]] = {
    "web": ("hop", "referral"),
    "instagram": ("instagram", "social"),
    "x": ("x", "social"),
    "email": ("newsletter", "email"),
}
MULTI_CHANNEL = ("hop", "multichannel")
_UTM_KEYS = frozenset({"utm_source", "utm_medium", "utm_campaign"})
_NOT_UTM = re.compile(r"[^A-Za-z0-9._~-]+")


def campaign_of(product: StoreProduct) -> str:
    handle = _NOT_UTM.sub("-", product.handle or "").strip("-")[:100]
    return handle or f"product-{product.id}"


def utm_for(product: StoreProduct, channels: list[Channel], data: GenerateRequest) -> UtmUsed:
    source, medium = PRESETS[channels[0]] if len(channels) == 1 else MULTI_CHANNEL
    utm = data.utm
    return UtmUsed(
        source=utm.source if utm and utm.source else source,
        medium=utm.medium if utm and utm.medium else medium,
        campaign=utm.campaign if utm and utm.campaign else campaign_of(product),
    )


def with_utm(url: str, utm: UtmUsed) -> str:
    """``url`` with our UTM parameters instead of any it had; the rest kept in order."""
    parts = urlsplit(url)
    query = [
        (k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k not in _UTM_KEYS
    ]
    query += [
        ("utm_source", utm.source),
        ("utm_medium", utm.medium),
        ("utm_campaign", utm.campaign),
    ]
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(query), parts.fragment))


def _seconds_to_next_month(now: datetime) -> int:
    year, month = (now.year + 1, 1) if now.month == 12 else (now.year, now.month + 1)
    return max(1, int((datetime(year, month, 1, tzinfo=UTC) - now).total_seconds()))


class GenerateService:
    def __init__(
        self,
        integrations: IntegrationService,
        db: Database,
        *,
        stores: Stores,
        links: LinkService,
        writer: AiWriter | None,
        quota: GenerationQuota,
        product_ttl: int = PRODUCT_TTL,
    ) -> None:
        self.integrations = integrations
        self.db = db
        self.stores = stores
        self.links = links
        self.writer = writer
        self.quota = quota
        self.product_ttl = product_ttl

    async def _product(self, row: IntegrationRow, product_id: str) -> StoreProduct:
        if not PRODUCT_ID.fullmatch(product_id):
            raise NotFound(f"No product with id {product_id!r} in this store.")
        active_credential(row)
        async with self.db.connection() as conn:
            product = await repo.cached_product(conn, row.id, product_id, self.product_ttl)
        if product is None:
            product = await self.stores.call(row, lambda: self.stores.product(row, product_id))
            if product is None:
                raise NotFound(f"No product with id {product_id!r} in this store.")
            async with self.db.connection() as conn:
                await repo.cache_products(conn, row.id, [product])
        return product

    def _limit(self, plan: str) -> int:
        return int(getattr(self.quota, plan, self.quota.free))

    async def _draft(
        self,
        principal: Principal,
        product: StoreProduct,
        channels: list[Channel],
        data: GenerateRequest,
    ) -> tuple[Any, str, str | None]:
        use_ai = data.generator == "ai" or (data.generator == "auto" and self.writer is not None)
        if not use_ai:
            return template_draft(product), "template", None
        if self.writer is None:
            raise validation([FieldError("generator", "no AI endpoint is configured here")])
        limit = self._limit(principal.plan)
        async with self.db.connection() as conn:
            taken = await repo.take_generation(conn, principal.workspace_id, limit)
        if not taken:
            raise GenerationQuotaExceeded(limit, _seconds_to_next_month(datetime.now(UTC)))
        try:
            draft, model = await self.writer.write(product, channels, data.tone, data.language)
        except BaseException:
            await self._give_back_generation(principal.workspace_id)
            raise
        return draft, "ai", model

    async def _give_back_generation(self, workspace_id: str) -> None:
        try:
            async with self.db.connection() as conn:
                await repo.give_back_generation(conn, workspace_id)
        except (ServiceUnavailable, DatabaseError):
            return  # one generation counted too many is the lesser harm than failing here

    async def generate(
        self, principal: Principal, integration_id: str, product_id: str, data: GenerateRequest
    ) -> tuple[ProductLink, bool]:
        """The product link and whether it is new (201) rather than regenerated (200)."""
        row = await self.integrations.get_row(principal, integration_id)
        product = await self._product(row, product_id)
        channels: list[Channel] = list(dict.fromkeys(data.channels or CHANNELS))
        utm = utm_for(product, channels, data)
        destination = with_utm(product.url, utm)
        try:
            parse_http_url(destination)
        except InvalidUrl:
            raise StoreFailed(
                f"{PLATFORM_NAMES[row.platform]} gave this product a URL we cannot link to."
            ) from None
        draft, generator, model = await self._draft(principal, product, channels, data)
        key = UtmKey(
            integration_id=row.id,
            product_id=product.id,
            utm_source=utm.source,
            utm_medium=utm.medium,
            utm_campaign=utm.campaign,
        )
        async with self.db.connection() as conn:
            claim = await repo.claim_product_link(conn, principal, key)
        if claim is None:
            raise Conflict(
                "Another generation for this product and UTM set is making its link; retry."
            )
        if claim.link_id is None:
            try:
                link = await self.links.create(
                    principal, LinkCreate(long_url=destination, tags=[row.id, row.platform])
                )
            except HopError as exc:
                async with self.db.connection() as conn:
                    await repo.release_claim(conn, claim)
                if isinstance(exc, ValidationFailed):
                    raise StoreFailed(
                        f"The product's URL cannot be shortened: {exc.detail}"
                    ) from None
                raise
        else:
            link = await self.links.get(principal, claim.link_id)
        generated = GeneratedCopy(
            link_id=link.id,
            generator=generator,
            model=model,
            copy=finish(draft, channels, link.short_url),
            options={"channels": channels, "tone": data.tone, "language": data.language},
        )
        async with self.db.connection() as conn:
            if not await repo.write_copy(conn, claim, generated):
                raise Conflict("This product link changed meanwhile; retry.")
            rows = await repo.list_product_links(conn, row.id, before=None, limit=1, only=claim.id)
        resource = to_resource(rows[0], link)
        resource.link_reused = claim.link_id is not None
        return resource, claim.created

    async def list_links(
        self, principal: Principal, integration_id: str, *, limit: int, cursor: str | None
    ) -> ProductLinkPage:
        if not 1 <= limit <= MAX_PAGE_SIZE:
            raise validation([FieldError("limit", f"must be between 1 and {MAX_PAGE_SIZE}")])
        before = None
        if cursor:
            before = decode_row_cursor(cursor, "pl_")
        row = await self.integrations.get_row(principal, integration_id)
        async with self.db.connection() as conn:
            rows = await repo.list_product_links(conn, row.id, before=before, limit=limit + 1)
        more = len(rows) > limit
        rows = rows[:limit]
        links = await self.links.get_many(principal, [r.link_id for r in rows if r.link_id])
        return ProductLinkPage(
            data=[to_resource(item, links.get(item.link_id or "")) for item in rows],
            next_cursor=encode_cursor(RowCursor(rows[-1].id)) if more else None,
        )


def to_resource(row: ProductLinkRow, link: Link | None) -> ProductLink:
    options = row.options
    return ProductLink(
        id=row.id,
        product_id=row.product_id,
        link=link,
        generator="ai" if row.generator == "ai" else "template",
        model=row.model,
        copy=row.copy,
        created_at=iso_utc(row.created_at),
        updated_at=iso_utc(row.updated_at),
        utm=UtmUsed(source=row.utm_source, medium=row.utm_medium, campaign=row.utm_campaign),
        channels=msgspec.convert(options.get("channels", list(CHANNELS)), list[Channel]),
        tone=str(options.get("tone", "")),
        language=str(options.get("language", "")),
    )
