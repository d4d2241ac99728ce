"""Wire formats of /v1/integrations (docs/integrations.md)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from admin.integrations.ai import Tone
from admin.integrations.copy import Channel, Copy
from admin.links.schemas import Link
from admin.patterns import whole

# Credentials travel in HTTP headers (a token, or Basic auth): visible ASCII only.
Secret = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=512,
        pattern=whole("[!-~]+"),
        description="The credential as the platform issued it: visible ASCII characters.",
    ),
]
Shop = Annotated[
    str,
    Meta(
        max_length=255,
        pattern=whole("[a-zA-Z0-9][a-zA-Z0-9-]*[.]myshopify[.]com"),
        description="The shop's myshopify.com host, e.g. `name.myshopify.com`.",
    ),
]
StoreUrl = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=2048,
        description="The WordPress site's address, https (e.g. `https://shop.example`).",
    ),
]
UtmValue = Annotated[str, Meta(min_length=1, max_length=100, pattern=whole("[A-Za-z0-9._~-]+"))]
Language = Annotated[
    str,
    Meta(
        max_length=35,
        pattern=whole("[a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{2,8})*"),
        description="BCP 47 language tag, e.g. `en`, `de`, `pt-BR`.",
    ),
]


class ConnectRequest(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, rename="camel"):
    """Shopify: ``shop`` and ``accessToken``; WooCommerce: ``storeUrl``, ``consumerKey``,
    ``consumerSecret``."""

    platform: Literal["shopify", "woocommerce"]
    shop: Shop | None = None
    access_token: Secret | None = None
    store_url: StoreUrl | None = None
    consumer_key: Secret | None = None
    consumer_secret: Secret | None = None


class Integration(msgspec.Struct, kw_only=True, rename="camel"):
    id: str
    platform: Literal["shopify", "woocommerce"]
    store_url: str
    name: str
    status: Literal["active", "revoked"]
    created_at: str
    currency: str | None
    connected_via: Literal["token", "oauth"]
    revoked_reason: str | None
    revoked_at: str | None
    updated_at: str


class IntegrationList(msgspec.Struct, kw_only=True, rename="camel"):
    data: list[Integration]


class Product(msgspec.Struct, kw_only=True, rename="camel"):
    id: str
    title: str
    url: str
    price: str | None
    currency: str | None
    image_url: str | None
    max_price: str | None
    vendor: str | None
    tags: list[str]


class ProductPage(msgspec.Struct, kw_only=True, rename="camel"):
    data: list[Product]
    next_cursor: str | None


class Utm(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, rename="camel"):
    source: UtmValue | None = None
    medium: UtmValue | None = None
    campaign: UtmValue | None = None


class GenerateRequest(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, rename="camel"):
    channels: Annotated[list[Channel], Meta(min_length=1, max_length=4)] | None = None
    tone: Tone = "friendly"
    language: Language = "en"
    utm: Utm | None = None
    generator: Literal["auto", "ai", "template"] = "auto"


class UtmUsed(msgspec.Struct, kw_only=True, rename="camel"):
    source: str
    medium: str
    campaign: str


class ProductLink(msgspec.Struct, kw_only=True, rename="camel"):
    id: str
    product_id: str
    link: Link | None
    generator: Literal["ai", "template"]
    model: str | None
    copy: Copy
    created_at: str
    updated_at: str
    utm: UtmUsed
    channels: list[Channel]
    tone: str
    language: str
    link_reused: bool | None = None  # in the answer to generate only


class ProductLinkPage(msgspec.Struct, kw_only=True, rename="camel"):
    data: list[ProductLink]
    next_cursor: str | None


class InstallUrl(msgspec.Struct, kw_only=True, rename="camel"):
    authorize_url: str
    expires_in: int


class WooKeys(msgspec.Struct, kw_only=True):
    """What WooCommerce POSTs to our callback_url after the owner approved."""

    key_id: int | str | None = None
    user_id: str
    consumer_key: Secret
    consumer_secret: Secret
    key_permissions: str


class CallbackDone(msgspec.Struct, kw_only=True, rename="camel"):
    ok: bool
    message: str
    integration: Integration | None = None
