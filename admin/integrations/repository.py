"""SQL for integrations (queries.sql): typed structs in and out.

Credentials are sealed here (admin/secretbox.py, the integration id as associated
data) and opened here; JSON columns are encoded and decoded here. A product link's
short link is the links domain's: rows here carry its id only.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import msgspec

from admin.auth import Principal
from admin.db import Connection, fetch_all, fetch_one, jsonb, load_queries
from admin.errors import ServiceUnavailable
from admin.integrations.copy import Copy
from admin.integrations.platform import Credential, StoreInfo, StoreProduct
from admin.secretbox import SecretBox, SecretUnreadable
from common.ids import new_id

_SQL = load_queries(__file__)
STALE_CLAIM_SECONDS = 60  # a generation that claimed a row this long ago and made no link died
_SAVE_ATTEMPTS = 3
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
    # Who first connected the store (a reconnect keeps it): an API key's id or a user's;
    # None: made before workspaces.
    created_by: str | None
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
    created_by: str | None
    credentials: bytes | None


class NewIntegration(msgspec.Struct, frozen=True, kw_only=True):
    """A store that accepted ``credential`` (connect, or connect again)."""

    platform: str
    info: StoreInfo
    credential: Credential
    connected_via: str  # 'token' | 'oauth'


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


class GeneratedCopy(msgspec.Struct, frozen=True, kw_only=True):
    """What a generation writes into its claimed row."""

    link_id: str
    generator: str  # 'ai' | 'template'
    model: str | None
    copy: Copy
    options: dict[str, Any]


class ProductLinkRow(msgspec.Struct, kw_only=True):
    id: str
    product_id: str
    link_id: str | None  # the short link it holds (which its owner may have deleted)
    utm_source: str
    utm_medium: str
    utm_campaign: str
    generator: str
    model: str | None
    copy: Copy
    options: dict[str, Any]
    created_at: datetime
    updated_at: datetime


class _RawProductLink(msgspec.Struct, kw_only=True):
    id: str
    product_id: str
    link_id: str | None
    utm_source: str
    utm_medium: str
    utm_campaign: str
    generator: str
    model: str | None
    copy: Any
    options: dict[str, Any] | None
    created_at: datetime
    updated_at: datetime


def _owner(principal: Principal) -> dict[str, Any]:
    return {"workspace_id": principal.workspace_id, "environment": principal.environment}


async def _scalar(conn: Connection, query: str, params: dict[str, Any]) -> Any:
    row = await (await conn.execute(_SQL[query], params)).fetchone()
    return row[0] if row else None


def _opened(raw: _RawIntegration, box: SecretBox) -> IntegrationRow:
    credential: Credential | None = None
    if raw.credentials is not None:
        try:
            text = box.open(bytes(raw.credentials), raw.id)
        except SecretUnreadable:
            raise ServiceUnavailable(
                "A stored store credential cannot be read (the encryption key changed?)."
            ) from None
        credential = _credential_decoder.decode(text)
    fields = msgspec.structs.asdict(raw)
    del fields["credentials"]
    return IntegrationRow(**fields, credential=credential)


async def save_integration(
    conn: Connection, box: SecretBox, principal: Principal, new: NewIntegration
) -> IntegrationRow:
    """Insert, or update the same store's row (reconnect): always the stored row."""
    key = {**_owner(principal), "platform": new.platform, "store_key": new.info.store_key}
    for _ in range(_SAVE_ATTEMPTS):
        known = await _scalar(conn, "integration_id_by_store", key)
        integration_id = str(known) if known else new_id("int")
        sealed = box.seal(msgspec.json.encode(new.credential).decode(), integration_id)
        params = {
            **key,
            "id": integration_id,
            "store_url": new.info.store_url,
            "name": new.info.name,
            "currency": new.info.currency,
            "credentials": sealed,
            "connected_via": new.connected_via,
            "created_by": principal.actor_id,
        }
        raw = await fetch_one(conn, _SQL["upsert_integration"], params, _RawIntegration)
        if raw is not None:
            return _opened(raw, box)
    raise ServiceUnavailable("The integration is being connected concurrently; retry.")


async def get_integration(
    conn: Connection, box: SecretBox, principal: Principal, integration_id: str
) -> IntegrationRow | None:
    params = {"id": integration_id, **_owner(principal)}
    raw = await fetch_one(conn, _SQL["integration_by_id"], params, _RawIntegration)
    return _opened(raw, box) if raw is not None else None


async def list_integrations(
    conn: Connection, principal: Principal, status: str | None
) -> list[IntegrationRow]:
    """Without their credentials."""
    params = {**_owner(principal), "status": status}
    rows = await fetch_all(conn, _SQL["list_integrations"], params, _RawIntegration)
    return [
        IntegrationRow(
            **{k: v for k, v in msgspec.structs.asdict(raw).items() if k != "credentials"}
        )
        for raw in rows
    ]


async def revoke_integration(conn: Connection, integration_id: str, reason: str) -> bool:
    return bool(await _scalar(conn, "revoke_integration", {"id": integration_id, "reason": reason}))


async def revoke_shop(conn: Connection, shop: str, reason: str) -> int:
    return int(await _scalar(conn, "revoke_shop", {"shop": shop, "reason": reason}) or 0)


async def product_link_ids(conn: Connection, integration_id: str) -> list[str]:
    """The short links the integration's product links hold."""
    cursor = await conn.execute(_SQL["product_link_ids"], {"id": integration_id})
    return [str(link_id) for (link_id,) in await cursor.fetchall()]


async def delete_integration(conn: Connection, principal: Principal, integration_id: str) -> bool:
    """Delete it with its cached products and product links; False if there is none."""
    params = {"id": integration_id, **_owner(principal)}
    return await _scalar(conn, "delete_integration", params) is not None


async def cache_products(
    conn: Connection, integration_id: str, products: list[StoreProduct]
) -> None:
    if not products:
        return
    params = {
        "integration_id": integration_id,
        "ids": [product.id for product in products],
        "data": [jsonb(msgspec.to_builtins(product)) for product in products],
    }
    await conn.execute(_SQL["cache_products"], params)


async def cached_product(
    conn: Connection, integration_id: str, product_id: str, max_age: int
) -> StoreProduct | None:
    params = {"integration_id": integration_id, "product_id": product_id, "max_age": max_age}
    data = await _scalar(conn, "cached_product", params)
    return msgspec.convert(data, StoreProduct) if data is not None else None


async def claim_product_link(conn: Connection, principal: Principal, key: UtmKey) -> Claim | None:
    """Who makes the link: a new row or a take-over (``link_id`` None), or the link to
    keep; None while another generation is making it."""
    params = {**msgspec.structs.asdict(key), **_owner(principal), "id": new_id("pl")}
    created = await _scalar(conn, "claim_product_link", params)
    if created is not None:
        return Claim(id=str(created), link_id=None, created=True)
    params["stale"] = STALE_CLAIM_SECONDS
    taken = await _scalar(conn, "take_over_product_link", params)
    if taken is not None:
        return Claim(id=str(taken), link_id=None, created=False)
    row = await (await conn.execute(_SQL["product_link_by_key"], params)).fetchone()
    if row is None or row[1] is None:
        return None
    return Claim(id=str(row[0]), link_id=str(row[1]), created=False)


async def release_claim(conn: Connection, claim: Claim) -> None:
    await conn.execute(_SQL["release_claim"], {"id": claim.id})


async def write_copy(conn: Connection, claim: Claim, copy: GeneratedCopy) -> bool:
    """False when the row changed meanwhile (its link is no longer the one given)."""
    params = {
        **msgspec.structs.asdict(copy),
        "id": claim.id,
        "copy": jsonb(msgspec.to_builtins(copy.copy)),
        "options": jsonb(copy.options),
    }
    return await _scalar(conn, "write_copy", params) is not None


async def list_product_links(
    conn: Connection,
    integration_id: str,
    *,
    before: str | None,
    limit: int,
    only: str | None = None,
) -> list[ProductLinkRow]:
    """Newest first; ``only`` one of them by id."""
    params = {"integration_id": integration_id, "before": before, "limit": limit, "id": only}
    rows = await fetch_all(conn, _SQL["list_product_links"], params, _RawProductLink)
    return [
        ProductLinkRow(
            **{
                **msgspec.structs.asdict(raw),
                "copy": msgspec.convert(raw.copy, Copy),
                "options": raw.options or {},
            }
        )
        for raw in rows
    ]


async def take_generation(conn: Connection, workspace_id: str, limit: int) -> bool:
    """One AI generation of the month, if the account has one left under ``limit``."""
    if limit <= 0:
        return False
    params = {"workspace_id": workspace_id, "limit": limit}
    return await _scalar(conn, "take_generation", params) is not None


async def give_back_generation(conn: Connection, workspace_id: str) -> None:
    await conn.execute(_SQL["give_back_generation"], {"workspace_id": workspace_id})
