"""PostgreSQL for integrations: typed structs in and out, nothing of psycopg above it.

Credentials are sealed here (AES-256-GCM, the integration id as associated data)
and opened here; JSON columns are encoded and decoded here; driver errors stop
here (admin/db turns a lost database into 503).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, TypeVar

import msgspec
import psycopg
from psycopg.rows import class_row
from psycopg.types.json import Jsonb

from admin.auth.principal import Principal
from admin.db import Database, load_queries
from admin.errors import ServiceUnavailable
from admin.integrations.copy import Copy
from admin.integrations.platform import Credential, StoreInfo, StoreProduct
from admin.links.repository import LinkRow
from admin.webhooks.crypto import SecretBox, SecretUnreadable
from common.ids import new_id

_SQL = load_queries(__file__)
R = TypeVar("R")
STALE_CLAIM_SECONDS = 60  # a generation that claimed a row this long ago and made no link died
_credential_decoder = msgspec.json.Decoder(Credential)


class IntegrationRow(msgspec.Struct, kw_only=True):
    id: str
    platform: str
    store_key: str
    store_url: str
    name: str
    currency: str | None
    status: str
    revoked_reason: str | None
    revoked_at: datetime | None
    connected_via: str
    created_at: datetime
    updated_at: datetime
    credential: Credential | None = None  # opened; None when revoked or not asked for


class _RawIntegration(msgspec.Struct, kw_only=True):
    id: str
    platform: str
    store_key: str
    store_url: str
    name: str
    currency: str | None
    status: str
    revoked_reason: str | None
    revoked_at: datetime | None
    connected_via: str
    created_at: datetime
    updated_at: datetime
    credentials: bytes | None


class UtmKey(msgspec.Struct, frozen=True, kw_only=True):
    integration_id: str
    product_id: str
    utm_source: str
    utm_medium: str
    utm_campaign: str


class Claim(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    link_id: str | None  # the link to keep; None: the caller makes one (it holds the claim)
    created: bool  # the row is new


class ProductLinkRow(msgspec.Struct, kw_only=True):
    id: str
    product_id: str
    utm_source: str
    utm_medium: str
    utm_campaign: str
    generator: str
    model: str | None
    copy: Copy
    options: dict[str, Any]
    created_at: datetime
    updated_at: datetime
    link: LinkRow | None


def _owner(principal: Principal) -> dict[str, Any]:
    return {"user_id": principal.user_id, "environment": principal.environment}


class IntegrationRepository:
    def __init__(self, db: Database, box: SecretBox) -> None:
        self.db = db
        self.box = box

    def _open(self, raw: _RawIntegration) -> IntegrationRow:
        credential: Credential | None = None
        if raw.credentials is not None:
            try:
                text = self.box.open(bytes(raw.credentials), raw.id)
            except SecretUnreadable:
                raise ServiceUnavailable(
                    "A stored store credential cannot be read (the encryption key changed?)."
                ) from None
            credential = _credential_decoder.decode(text)
        fields = msgspec.structs.asdict(raw)
        del fields["credentials"]
        return IntegrationRow(**fields, credential=credential)

    async def _one(self, row: type[R], query: str, params: dict[str, Any]) -> R | None:
        async with self.db.connection() as conn, conn.cursor(row_factory=class_row(row)) as cur:
            await cur.execute(_SQL[query], params)
            return await cur.fetchone()

    async def _scalar(self, query: str, params: dict[str, Any]) -> Any:
        async with self.db.connection() as conn:
            cursor = await conn.execute(_SQL[query], params)
            row = await cursor.fetchone()
            return row[0] if row else None

    async def save(
        self, principal: Principal, info: StoreInfo, platform: str, credential: Credential, via: str
    ) -> IntegrationRow:
        """Insert, or update the same store's row (reconnect): always the stored row."""
        key = {**_owner(principal), "platform": platform, "store_key": info.store_key}
        for _ in range(3):
            known = await self._scalar("integration_id_by_store", key)
            integration_id = str(known) if known else new_id("int")
            sealed = self.box.seal(msgspec.json.encode(credential).decode(), integration_id)
            params = {
                **key,
                "id": integration_id,
                "store_url": info.store_url,
                "name": info.name,
                "currency": info.currency,
                "credentials": sealed,
                "connected_via": via,
            }
            raw = await self._one(_RawIntegration, "upsert_integration", params)
            if raw is not None:
                return self._open(raw)
        raise ServiceUnavailable("The integration is being connected concurrently; retry.")

    async def get(self, principal: Principal, integration_id: str) -> IntegrationRow | None:
        params = {"id": integration_id, **_owner(principal)}
        raw = await self._one(_RawIntegration, "integration_by_id", params)
        return self._open(raw) if raw is not None else None

    async def list_owned(self, principal: Principal, status: str | None) -> list[IntegrationRow]:
        async with (
            self.db.connection() as conn,
            conn.cursor(row_factory=class_row(_RawIntegration)) as cur,
        ):
            await cur.execute(_SQL["list_integrations"], {**_owner(principal), "status": status})
            return [self._open(raw) for raw in await cur.fetchall()]

    async def revoke(self, integration_id: str, reason: str) -> bool:
        return bool(
            await self._scalar("revoke_integration", {"id": integration_id, "reason": reason})
        )

    async def revoke_shop(self, shop: str, reason: str) -> int:
        return int(await self._scalar("revoke_shop", {"shop": shop, "reason": reason}) or 0)

    async def product_link_ids(self, integration_id: str) -> list[str]:
        """The short links the integration's product links hold."""
        async with self.db.connection() as conn:
            cursor = await conn.execute(_SQL["product_link_ids"], {"id": integration_id})
            return [str(link_id) for (link_id,) in await cursor.fetchall()]

    async def delete(self, principal: Principal, integration_id: str) -> bool:
        """Delete it with its cached products and product links; False if there is none."""
        params = {"id": integration_id, **_owner(principal)}
        return await self._scalar("delete_integration", params) is not None

    async def cache_products(self, integration_id: str, products: list[StoreProduct]) -> None:
        if not products:
            return
        params = {
            "integration_id": integration_id,
            "ids": [product.id for product in products],
            "data": [Jsonb(msgspec.to_builtins(product)) for product in products],
        }
        async with self.db.connection() as conn:
            await conn.execute(_SQL["cache_products"], params)

    async def cached_product(
        self, integration_id: str, product_id: str, max_age: int
    ) -> StoreProduct | None:
        params = {"integration_id": integration_id, "product_id": product_id, "max_age": max_age}
        data = await self._scalar("cached_product", params)
        return msgspec.convert(data, StoreProduct) if data is not None else None

    async def claim(self, principal: Principal, key: UtmKey) -> Claim | None:
        """Who makes the link: a new row or a take-over (``link_id`` None), or the link to
        keep; None while another generation is making it."""
        params = {**msgspec.structs.asdict(key), **_owner(principal), "id": new_id("pl")}
        created = await self._scalar("claim_product_link", params)
        if created is not None:
            return Claim(id=str(created), link_id=None, created=True)
        taken = await self._scalar(
            "take_over_product_link", {**params, "stale": STALE_CLAIM_SECONDS}
        )
        if taken is not None:
            return Claim(id=str(taken), link_id=None, created=False)
        async with self.db.connection() as conn:
            cursor = await conn.execute(_SQL["product_link_by_key"], params)
            row = await cursor.fetchone()
        if row is None or row[1] is None:
            return None
        return Claim(id=str(row[0]), link_id=str(row[1]), created=False)

    async def release(self, claim: Claim) -> None:
        async with self.db.connection() as conn:
            await conn.execute(_SQL["release_claim"], {"id": claim.id})

    async def write_copy(
        self,
        product_link_id: str,
        link_id: str,
        *,
        generator: str,
        model: str | None,
        copy: Copy,
        options: dict[str, Any],
    ) -> bool:
        params = {
            "id": product_link_id,
            "link_id": link_id,
            "generator": generator,
            "model": model,
            "copy": Jsonb(msgspec.to_builtins(copy)),
            "options": Jsonb(options),
        }
        return await self._scalar("write_copy", params) is not None

    async def product_links(
        self, integration_id: str, *, before: str | None, limit: int, only: str | None = None
    ) -> list[ProductLinkRow]:
        params = {"integration_id": integration_id, "before": before, "limit": limit, "id": only}
        async with self.db.connection() as conn, conn.cursor() as cursor:
            await cursor.execute(_SQL["list_product_links"], params)
            names = [column.name for column in cursor.description or ()]
            return [
                _product_link(dict(zip(names, row, strict=True))) for row in await cursor.fetchall()
            ]

    async def take_generation(self, user_id: str, limit: int) -> bool:
        if limit <= 0:
            return False
        return (
            await self._scalar("take_generation", {"user_id": user_id, "limit": limit}) is not None
        )

    async def give_back_generation(self, user_id: str) -> None:
        try:
            async with self.db.connection() as conn:
                await conn.execute(_SQL["give_back_generation"], {"user_id": user_id})
        except (ServiceUnavailable, psycopg.Error):
            return  # one generation counted too many is the lesser harm than failing here


def _product_link(row: dict[str, Any]) -> ProductLinkRow:
    link = None
    if row["l_id"] is not None:
        link = LinkRow(
            id=row["l_id"],
            environment=row["l_environment"],
            short_code=row["l_short_code"],
            long_url=row["l_long_url"],
            tags=row["l_tags"],
            expires_at=row["l_expires_at"],
            redirect_type=row["l_redirect_type"],
            forward_query=row["l_forward_query"],
            flagged_at=row["l_flagged_at"],
            clicks=row["l_clicks"],
            created_at=row["l_created_at"],
            updated_at=row["l_updated_at"],
            deleted_at=None,
        )
    return ProductLinkRow(
        id=row["id"],
        product_id=row["product_id"],
        utm_source=row["utm_source"],
        utm_medium=row["utm_medium"],
        utm_campaign=row["utm_campaign"],
        generator=row["generator"],
        model=row["model"],
        copy=msgspec.convert(row["copy"], Copy),
        options=row["options"] or {},
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        link=link,
    )
