"""Builds the integration services from settings (called by the composition root)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from redis.asyncio import Redis

from admin.db import Database
from admin.integrations.ai import AiWriter
from admin.integrations.generate import GenerateService
from admin.integrations.install import InstallService
from admin.integrations.once import Once
from admin.integrations.service import IntegrationService, Stores
from admin.integrations.shopify import ShopifyClient
from admin.integrations.state import StateSigner
from admin.integrations.woocommerce import WooClient
from admin.links import LinkService
from admin.outbound.client import OutboundClient
from admin.outbound.policy import AddressPolicy
from admin.secretbox import SecretBox
from common.settings import Settings

USER_AGENT = "Hop/1 (+store integrations)"
# Largest answer read from a store; a larger one is a 502 (docs/integrations.md).
MAX_STORE_ANSWER_BYTES = 8 * 1024 * 1024


@dataclass(frozen=True)
class IntegrationServices:
    integrations: IntegrationService
    generator: GenerateService
    installs: InstallService
    http: OutboundClient
    writer: AiWriter | None

    def by_name(self) -> dict[str, Any]:
        """The services handlers ask for, by the name of their parameter."""
        return {
            "integrations": self.integrations,
            "generator": self.generator,
            "installs": self.installs,
        }

    async def aclose(self) -> None:
        await self.http.aclose()
        if self.writer is not None:
            await self.writer.aclose()


def build_integrations(
    settings: Settings, db: Database, redis: Redis, box: SecretBox, links: LinkService
) -> IntegrationServices:
    stores = settings.stores
    assert settings.webhooks.secret_key is not None  # checked by the caller
    # Stores are user-supplied addresses: the one outbound policy (and its settings)
    # governs them as it governs webhook endpoints.
    http = OutboundClient(
        AddressPolicy(settings.webhooks.networks),
        timeout=stores.timeout,
        max_bytes=MAX_STORE_ANSWER_BYTES,
        user_agent=USER_AGENT,
    )
    shopify = ShopifyClient(
        http,
        api_url=stores.shopify.api_url,
        timeout=stores.timeout,
    )
    platforms = Stores(db, shopify, WooClient(http, timeout=stores.timeout))
    integrations = IntegrationService(
        db, box, platforms, links, allow_http=settings.webhooks.allow_http
    )
    ai = settings.ai
    writer = (
        AiWriter(ai.base_url, ai.api_key, ai.model, timeout=ai.timeout, max_tokens=ai.max_tokens)
        if ai.base_url
        else None
    )
    generator = GenerateService(
        integrations,
        db,
        stores=platforms,
        links=links,
        writer=writer,
        quota=ai.per_month,
    )
    installs = InstallService(
        integrations,
        db=db,
        shopify=shopify,
        signer=StateSigner(settings.webhooks.secret_key),
        once=Once(redis),
        box=box,
        settings=stores,
        base_url=settings.base_url,
    )
    return IntegrationServices(integrations, generator, installs, http, writer)
