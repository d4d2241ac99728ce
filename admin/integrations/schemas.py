"""Wire formats of /v1/integrations (docs/integrations.md)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from admin.api.examples import example
from admin.api.fields import CreatedBy
from admin.integrations.ai import Tone
from admin.integrations.copy import Channel, Copy
from admin.links import LINK_EXAMPLE, Link
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
        extra_json_schema={"format": "uri"},
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


@example(
    {
        "platform": "shopify",
        "shop": "ada-bakery.myshopify.com",
        "accessToken": "shpat_0123456789abcdef0123456789abcdef",
    }
)
class ConnectRequest(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, rename="camel"):
    """Shopify: ``shop`` and ``accessToken``; WooCommerce: ``storeUrl``, ``consumerKey``,
    ``consumerSecret``."""

    platform: Literal["shopify", "woocommerce"]
    shop: Shop | None = None
    access_token: Secret | None = None
    store_url: StoreUrl | None = None
    consumer_key: Secret | None = None
    consumer_secret: Secret | None = None


INTEGRATION_EXAMPLE = {
    "id": "int_01JNQEM5N6P7Q8R9S0T1U2V3WX",
    "platform": "shopify",
    "storeUrl": "https://ada-bakery.myshopify.com",
    "name": "Ada's Bakery",
    "status": "active",
    "createdAt": "2026-03-01T09:30:00Z",
    "currency": "EUR",
    "connectedVia": "token",
    "revokedReason": None,
    "revokedAt": None,
    "updatedAt": "2026-03-01T09:30:00Z",
    "createdBy": "usr_01JNQ3V5W6X7Y8Z9A0B1C2D3EF",
}


@example(INTEGRATION_EXAMPLE)
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
    created_by: CreatedBy = None


@example({"data": [INTEGRATION_EXAMPLE]})
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


@example(
    {
        "data": [
            {
                "id": "8123456789",
                "title": "Sourdough loaf",
                "url": "https://ada-bakery.myshopify.com/products/sourdough-loaf",
                "price": "6.50",
                "currency": "EUR",
                "imageUrl": "https://cdn.example.com/loaf.jpg",
                "maxPrice": None,
                "vendor": "Ada's Bakery",
                "tags": ["bread"],
            }
        ],
        "nextCursor": None,
    }
)
class ProductPage(msgspec.Struct, kw_only=True, rename="camel"):
    data: list[Product]
    next_cursor: str | None


class Utm(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, rename="camel"):
    source: UtmValue | None = None
    medium: UtmValue | None = None
    campaign: UtmValue | None = None


@example(
    {
        "channels": ["web", "instagram"],
        "tone": "friendly",
        "language": "en",
        "utm": {"campaign": "spring"},
        "generator": "template",
    }
)
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


PRODUCT_LINK_EXAMPLE = {
    "id": "pl_01JNQFN6P7Q8R9S0T1U2V3W4XY",
    "productId": "8123456789",
    "link": LINK_EXAMPLE,
    "generator": "template",
    "model": None,
    "copy": {
        "headline": "Sourdough loaf, baked this morning",
        "description": "A slow-fermented loaf with a crackling crust.",
        "instagram": "Fresh from the oven: our sourdough loaf. Link in bio! #bread",
        "x": None,
        "emailSubject": None,
        "emailBody": None,
        "hashtags": ["bread", "sourdough"],
    },
    "createdAt": "2026-03-01T09:30:00Z",
    "updatedAt": "2026-03-01T09:30:00Z",
    "utm": {"source": "hop", "medium": "web", "campaign": "spring"},
    "channels": ["web", "instagram"],
    "tone": "friendly",
    "language": "en",
    "linkReused": False,
}


@example(PRODUCT_LINK_EXAMPLE)
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


@example({"data": [PRODUCT_LINK_EXAMPLE], "nextCursor": None})
class ProductLinkPage(msgspec.Struct, kw_only=True, rename="camel"):
    data: list[ProductLink]
    next_cursor: str | None


@example(
    {
        "authorizeUrl": "https://ada-bakery.myshopify.com/admin/oauth/authorize?client_id=abc&state=xyz",
        "expiresIn": 600,
    }
)
class InstallUrl(msgspec.Struct, kw_only=True, rename="camel"):
    authorize_url: str
    expires_in: int


@example(
    {
        "key_id": 1,
        "user_id": "usr_01JNQDK4M5N6P7Q8R9S0T1U2VW",
        "consumer_key": "ck_0123456789abcdef0123456789abcdef01234567",
        "consumer_secret": "cs_0123456789abcdef0123456789abcdef01234567",
        "key_permissions": "read",
    }
)
class WooKeys(msgspec.Struct, kw_only=True):
    """What WooCommerce POSTs to our callback_url after the owner approved."""

    key_id: int | str | None = None
    user_id: str
    consumer_key: Secret
    consumer_secret: Secret
    key_permissions: str


@example({"ok": True, "message": "The store is connected.", "integration": INTEGRATION_EXAMPLE})
class CallbackDone(msgspec.Struct, kw_only=True, rename="camel"):
    ok: bool
    message: str
    integration: Integration | None = None
