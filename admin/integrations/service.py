"""Integrations: connect a store (one checking call first), list, browse products, delete.

Every store call goes through ``Stores.call``, which turns what went wrong into a
problem naming the platform: 502 (failed, refused our address, answered nonsense),
504 (too slow), 503 with Retry-After (rate limited beyond our time-out), and a
refused credential into a ``revoked`` integration answered 409.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Annotated, TypeVar
from urllib.parse import urlunsplit

import msgspec

from admin.audit import record_audit
from admin.auth import Principal
from admin.db import Database
from admin.errors import BadRequest, FieldError, HopError, NotFound, validation
from admin.integrations import repository as repo
from admin.integrations.errors import (
    CredentialNotAccepted,
    IntegrationRevoked,
    StoreFailed,
    StoreThrottled,
    StoreTimedOut,
)
from admin.integrations.platform import (
    PLATFORM_NAMES,
    AddressRefused,
    Credential,
    CredentialRefused,
    ShopifyCredential,
    StoreInfo,
    StoreProblem,
    StoreProduct,
    StoreSlow,
    StoreThrottling,
    WooCredential,
)
from admin.integrations.repository import IntegrationRow, NewIntegration
from admin.integrations.schemas import (
    ConnectRequest,
    Integration,
    IntegrationList,
    Product,
    ProductPage,
)
from admin.integrations.shopify import ShopifyClient
from admin.integrations.woocommerce import WooClient
from admin.links import LinkService
from admin.outbound.policy import RefusedEndpoint, parse_endpoint
from admin.pagination import Position
from admin.pagination import decode_cursor as decode_position
from admin.pagination import encode_cursor as encode_position
from admin.secretbox import SecretBox
from common.timefmt import iso_utc

logger = logging.getLogger(__name__)
T = TypeVar("T")
MAX_PAGE_SIZE = 100


def to_resource(row: IntegrationRow) -> Integration:
    return Integration(
        id=row.id,
        platform="shopify" if row.platform == "shopify" else "woocommerce",
        store_url=row.store_url,
        name=row.name,
        status="active" if row.status == "active" else "revoked",
        created_at=iso_utc(row.created_at),
        currency=row.currency,
        connected_via="oauth" if row.connected_via == "oauth" else "token",
        revoked_reason=row.revoked_reason,
        revoked_at=iso_utc(row.revoked_at) if row.revoked_at else None,
        updated_at=iso_utc(row.updated_at),
        created_by=row.created_by,
    )


def product_resource(product: StoreProduct) -> Product:
    return Product(
        id=product.id,
        title=product.title,
        url=product.url,
        price=product.price,
        currency=product.currency,
        image_url=product.image_url,
        max_price=product.max_price,
        vendor=product.vendor,
        tags=product.tags,
    )


def store_url_of(raw: str, *, allow_http: bool) -> str:
    """The WordPress site address as we store it: scheme, host, port, path; no slash at
    the end; 422 for anything that is not an acceptable store address."""
    try:
        parts = parse_endpoint(raw, allow_http=allow_http)
    except RefusedEndpoint as exc:
        raise validation([FieldError("storeUrl", str(exc))]) from None
    if parts.query:
        raise validation([FieldError("storeUrl", "must not contain a query")])
    host = (parts.hostname or "").lower().rstrip(".")
    netloc = f"[{host}]" if ":" in host else host
    if parts.port:
        netloc = f"{netloc}:{parts.port}"
    return urlunsplit((parts.scheme.lower(), netloc, parts.path.rstrip("/"), "", ""))


class Cursor(Position, frozen=True):
    """Our opaque product cursor: the platform's position, and the listing it continues."""

    position: Annotated[str, msgspec.Meta(min_length=1)]
    query: str
    size: Annotated[int, msgspec.Meta(ge=1, le=MAX_PAGE_SIZE)]


def encode_cursor(cursor: Cursor) -> str:
    return encode_position(cursor)


def decode_cursor(text: str) -> Cursor:
    return decode_position(text, Cursor)


class Stores:
    """The platform clients, and the translation of their failures into problems."""

    def __init__(self, db: Database, shopify: ShopifyClient, woo: WooClient) -> None:
        self.db = db
        self.shopify = shopify
        self.woo = woo

    async def call(self, row: IntegrationRow, operation: Callable[[], Awaitable[T]]) -> T:
        name = PLATFORM_NAMES.get(row.platform, row.platform)
        try:
            return await operation()
        except CredentialRefused as exc:
            async with self.db.connection() as conn:
                await repo.revoke_integration(conn, row.id, str(exc))
            logger.warning(
                "store refused the credential; integration revoked",
                extra={"action": "integration.revoked", "integration": row.id},
            )
            raise IntegrationRevoked(
                f"{exc}. The integration {row.id} is now revoked: connect the store again."
            ) from None
        except StoreProblem as exc:
            raise store_problem(name, exc) from None

    async def product(self, row: IntegrationRow, product_id: str) -> StoreProduct | None:
        credential = active_credential(row)
        if isinstance(credential, ShopifyCredential):
            return await self.shopify.get_product(row.store_key, credential, product_id)
        return await self.woo.get_product(row.store_url, credential, product_id, row.currency)


def store_problem(name: str, exc: StoreProblem) -> HopError:
    if isinstance(exc, StoreSlow):
        return StoreTimedOut(f"{exc}.")
    if isinstance(exc, StoreThrottling):
        return StoreThrottled(f"{exc}; retry later.", exc.retry_after)
    if isinstance(exc, AddressRefused):
        if exc.detail:
            logger.warning(
                "store address refused",
                extra={"action": "integration.address_refused", "detail": exc.detail},
            )
        return StoreFailed(f"{name}: {exc}.")
    return StoreFailed(f"{exc}.")


_WOO_FIELDS = ("store_url", "consumer_key", "consumer_secret")


def _wire(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


def _fields(data: ConnectRequest, *, required: tuple[str, ...], refused: tuple[str, ...]) -> None:
    """The platform's fields present (400 as for any missing field), the other's absent."""
    for name in required:
        if getattr(data, name) is None:
            field = _wire(name)
            raise BadRequest(
                f"The field {field!r} is required for {data.platform}.",
                [FieldError(field, "is required")],
            )
    extra = [FieldError(_wire(name), f"is not a {data.platform} field") for name in refused]
    extra = [error for error, name in zip(extra, refused, strict=True) if getattr(data, name)]
    if extra:
        raise validation(extra)


def active_credential(row: IntegrationRow) -> Credential:
    if row.status != "active" or row.credential is None:
        raise IntegrationRevoked(
            f"The integration {row.id} is revoked ({row.revoked_reason or 'no reason given'}); "
            "connect the store again."
        )
    return row.credential


class IntegrationService:
    def __init__(
        self,
        db: Database,
        box: SecretBox,
        stores: Stores,
        links: LinkService,
        *,
        allow_http: bool,
    ) -> None:
        self.db = db
        self.box = box
        self.stores = stores
        self.links = links
        self.allow_http = allow_http

    async def check_and_save(
        self, principal: Principal, platform: str, credential: Credential, via: str, store: str
    ) -> Integration:
        """One real call with the credential; saved only if the store accepted it."""
        info = await self.check(platform, credential, store)
        return await self.save(principal, platform, info, credential, via)

    async def check(self, platform: str, credential: Credential, store: str) -> StoreInfo:
        """What the store says about itself, asked with ``credential`` (422 if refused)."""
        name = PLATFORM_NAMES[platform]
        field = "accessToken" if platform == "shopify" else "consumerKey"
        try:
            info: StoreInfo
            if isinstance(credential, ShopifyCredential):
                info = await self.stores.shopify.shop_info(store, credential)
            else:
                info = await self.stores.woo.store_info(store, credential)
        except CredentialRefused as exc:
            raise CredentialNotAccepted(f"{exc}.", field) from None
        except AddressRefused as exc:
            if exc.detail:
                logger.warning(
                    "store address refused",
                    extra={"action": "integration.address_refused", "detail": exc.detail},
                )
            raise validation(
                [FieldError("storeUrl" if platform != "shopify" else "shop", str(exc))]
            ) from None
        except StoreProblem as exc:
            raise store_problem(name, exc) from None
        return info

    async def save(
        self,
        principal: Principal,
        platform: str,
        info: StoreInfo,
        credential: Credential,
        via: str,
    ) -> Integration:
        """Save a credential the store accepted (``check``)."""
        new = NewIntegration(platform=platform, info=info, credential=credential, connected_via=via)
        async with self.db.transaction() as conn:
            row = await repo.save_integration(conn, self.box, principal, new)
            await record_audit(conn, principal, "integration.installed", row.id)
        return to_resource(row)

    async def connect(self, principal: Principal, data: ConnectRequest) -> Integration:
        if data.platform == "shopify":
            _fields(data, required=("shop", "access_token"), refused=_WOO_FIELDS)
            assert data.shop is not None
            assert data.access_token is not None
            credential: Credential = ShopifyCredential(access_token=data.access_token)
            return await self.check_and_save(
                principal, "shopify", credential, "token", data.shop.lower()
            )
        _fields(data, required=_WOO_FIELDS, refused=("shop", "access_token"))
        assert data.store_url is not None
        assert data.consumer_key is not None
        assert data.consumer_secret is not None
        store = store_url_of(data.store_url, allow_http=self.allow_http)
        credential = WooCredential(
            consumer_key=data.consumer_key, consumer_secret=data.consumer_secret
        )
        return await self.check_and_save(principal, "woocommerce", credential, "token", store)

    async def list_integrations(self, principal: Principal, status: str) -> IntegrationList:
        async with self.db.connection() as conn:
            rows = await repo.list_integrations(
                conn, principal, None if status == "all" else status
            )
        return IntegrationList(data=[to_resource(row) for row in rows])

    async def get_row(self, principal: Principal, integration_id: str) -> IntegrationRow:
        async with self.db.connection() as conn:
            row = await repo.get_integration(conn, self.box, principal, integration_id)
        if row is None:
            raise NotFound(f"No integration with id {integration_id!r}.")
        return row

    async def get(self, principal: Principal, integration_id: str) -> Integration:
        return to_resource(await self.get_row(principal, integration_id))

    async def delete(
        self, principal: Principal, integration_id: str, *, delete_links: bool
    ) -> None:
        row = await self.get_row(principal, integration_id)
        if delete_links:
            async with self.db.connection() as conn:
                link_ids = await repo.product_link_ids(conn, row.id)
            # Links first: a delete cut short can be repeated until the integration goes.
            for link_id in link_ids:
                try:
                    await self.links.delete(principal, link_id)
                except NotFound:
                    continue  # already deleted by its owner
        async with self.db.transaction() as conn:
            deleted = await repo.delete_integration(conn, principal, integration_id)
            if deleted:
                await record_audit(conn, principal, "integration.removed", integration_id)
        if not deleted:
            raise NotFound(f"No integration with id {integration_id!r}.")

    async def products(
        self,
        principal: Principal,
        integration_id: str,
        *,
        limit: int,
        cursor: str | None,
        q: str | None,
    ) -> ProductPage:
        if not 1 <= limit <= MAX_PAGE_SIZE:
            raise validation([FieldError("limit", f"must be between 1 and {MAX_PAGE_SIZE}")])
        query = (q or "").strip()
        position: str | None = None
        if cursor:
            decoded = decode_cursor(cursor)
            if q is not None and query != decoded.query:
                raise validation([FieldError("q", "must stay the same while following a cursor")])
            position, query, limit = decoded.position, decoded.query, decoded.size
        row = await self.get_row(principal, integration_id)
        credential = active_credential(row)

        async def listing() -> tuple[list[StoreProduct], str | None]:
            if isinstance(credential, ShopifyCredential):
                found = await self.stores.shopify.list_products(
                    row.store_key, credential, cursor=position, limit=limit, query=query or None
                )
            else:
                page = int(position) if position and position.isdigit() else 1
                found = await self.stores.woo.list_products(
                    row.store_url,
                    credential,
                    page=page,
                    per_page=limit,
                    query=query or None,
                    currency=row.currency,
                )
            return found.products, found.next_cursor

        products, after = await self.stores.call(row, listing)
        async with self.db.connection() as conn:
            await repo.cache_products(conn, row.id, products)
        return ProductPage(
            data=[product_resource(product) for product in products],
            next_cursor=encode_cursor(Cursor(after, query, limit)) if after else None,
        )
