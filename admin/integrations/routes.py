"""/v1/integrations: thin handlers over the integration services."""

from __future__ import annotations

from typing import Annotated, Any, Literal
from urllib.parse import parse_qsl

from litestar import Controller, Request, Response, delete, get, post
from litestar.params import Parameter

from admin.api.body import JsonBody
from admin.api.cookies import to_litestar
from admin.api.operations import problems
from admin.auth import Principal
from admin.integrations.generate import MAX_PAGE_SIZE as LINKS_PAGE_MAX
from admin.integrations.generate import GenerateService
from admin.integrations.install import InstallService
from admin.integrations.schemas import (
    CallbackDone,
    ConnectRequest,
    GenerateRequest,
    InstallUrl,
    Integration,
    IntegrationList,
    ProductLink,
    ProductLinkPage,
    ProductPage,
    WooKeys,
)
from admin.integrations.service import MAX_PAGE_SIZE, IntegrationService

IntegrationId = Annotated[str, Parameter(description="An integration id (int_…).", max_length=64)]
ProductId = Annotated[
    str, Parameter(description="The product's id in the store (digits).", max_length=64)
]
_ITEM = "/{integration_id:str}"
_MAX_QUERY = 8192


class IntegrationController(Controller):
    path = "/v1/integrations"
    tags = ["integrations"]

    @post(
        "/",
        dto=JsonBody[ConnectRequest],
        return_dto=None,
        status_code=201,
        opt={"scope": "integrations:write", "role": "admin"},
        responses=problems(400, 401, 403, 422, 502, 504),
        operation_id="connectIntegration",
        summary="Connect a store",
    )
    async def connect(
        self, data: ConnectRequest, principal: Principal, integrations: IntegrationService
    ) -> Response[Integration]:
        """Connect a store with a pasted credential, checked by one call to the store first."""
        created = await integrations.connect(principal, data)
        return Response(
            created, status_code=201, headers={"Location": f"/v1/integrations/{created.id}"}
        )

    @get(
        "/",
        opt={"scope": "integrations:read"},
        responses=problems(401, 403, 422),
        operation_id="listIntegrations",
        summary="List connected stores",
    )
    async def list_integrations(
        self,
        principal: Principal,
        integrations: IntegrationService,
        status: Literal["active", "revoked", "all"] = "active",
    ) -> IntegrationList:
        """Connected stores (active ones unless `status` says otherwise), newest first."""
        return await integrations.list_integrations(principal, status)

    @get(
        _ITEM,
        opt={"scope": "integrations:read"},
        responses=problems(401, 403, 404),
        operation_id="getIntegration",
        summary="Get an integration",
    )
    async def get_integration(
        self, integration_id: IntegrationId, principal: Principal, integrations: IntegrationService
    ) -> Integration:
        """One integration (never its credential)."""
        return await integrations.get(principal, integration_id)

    @delete(
        _ITEM,
        opt={"scope": "integrations:write", "role": "admin"},
        responses=problems(401, 403, 404),
        operation_id="deleteIntegration",
        summary="Disconnect a store",
    )
    async def delete_integration(
        self,
        integration_id: IntegrationId,
        principal: Principal,
        integrations: IntegrationService,
        delete_links: Annotated[bool, Parameter(query="deleteLinks")] = False,
    ) -> None:
        """Delete the integration, its credential, cached products and generated copy; its
        short links stay unless `deleteLinks=true`."""
        await integrations.delete(principal, integration_id, delete_links=delete_links)

    @get(
        f"{_ITEM}/products",
        opt={"scope": "integrations:read"},
        responses=problems(401, 403, 404, 409, 422, 502, 504),
        operation_id="listProducts",
        summary="List a store's products",
    )
    async def list_products(
        self,
        integration_id: IntegrationId,
        principal: Principal,
        integrations: IntegrationService,
        limit: Annotated[int, Parameter(ge=1, le=MAX_PAGE_SIZE)] = 50,
        cursor: Annotated[str | None, Parameter(max_length=2000)] = None,
        q: Annotated[str | None, Parameter(max_length=200)] = None,
    ) -> ProductPage:
        """The store's published products, read from the store; `q` is passed to its search."""
        return await integrations.products(
            principal, integration_id, limit=limit, cursor=cursor, q=q
        )

    @post(
        f"{_ITEM}/products/{{product_id:str}}/generate",
        dto=JsonBody[GenerateRequest],
        return_dto=None,
        status_code=201,
        opt={"scope": "integrations:write"},
        responses=problems(400, 401, 403, 404, 409, 422, 502, 504),
        operation_id="generateProductLink",
        summary="Generate a product link with copy",
    )
    async def generate(
        self,
        integration_id: IntegrationId,
        product_id: ProductId,
        data: GenerateRequest,
        principal: Principal,
        generator: GenerateService,
    ) -> Response[ProductLink]:
        """A short link to the product with UTM parameters and copy per channel (201; 200 when
        the product link existed and its copy was written again)."""
        made, created = await generator.generate(principal, integration_id, product_id, data)
        return Response(made, status_code=201 if created else 200)

    @get(
        f"{_ITEM}/product-links",
        opt={"scope": "integrations:read"},
        responses=problems(401, 403, 404, 422),
        operation_id="listProductLinks",
        summary="List generated product links",
    )
    async def list_product_links(
        self,
        integration_id: IntegrationId,
        principal: Principal,
        generator: GenerateService,
        limit: Annotated[int, Parameter(ge=1, le=LINKS_PAGE_MAX)] = 50,
        cursor: Annotated[str | None, Parameter(max_length=200)] = None,
    ) -> ProductLinkPage:
        """Generated product links with their copy and click counts, newest first."""
        return await generator.list_links(principal, integration_id, limit=limit, cursor=cursor)

    @get(
        "/shopify/install",
        opt={"scope": "integrations:write", "role": "admin"},
        responses=problems(401, 403, 409, 422),
        operation_id="getShopifyInstallUrl",
        summary="Start a Shopify installation",
    )
    async def shopify_install(
        self,
        principal: Principal,
        installs: InstallService,
        shop: Annotated[str, Parameter(max_length=255)],
    ) -> Response[InstallUrl]:
        """The Shopify authorize URL for the store owner (state valid 10 minutes). The answer
        sets an install cookie: the install completes only in the browser holding it."""
        started = installs.shopify_install(principal, shop)
        return Response(started.install, cookies=[to_litestar(started.cookie)])

    @get(
        "/woocommerce/install",
        opt={"scope": "integrations:write", "role": "admin"},
        responses=problems(401, 403, 422),
        operation_id="getWooCommerceInstallUrl",
        summary="Start a WooCommerce connection",
    )
    async def woo_install(
        self,
        principal: Principal,
        installs: InstallService,
        store_url: Annotated[
            str, Parameter(query="storeUrl", max_length=2048, schema_extra={"format": "uri"})
        ],
    ) -> Response[InstallUrl]:
        """The WooCommerce authorize URL for the store owner (state valid 10 minutes). The
        answer sets an install cookie: the install completes only in the browser holding
        it."""
        started = installs.woo_install(principal, store_url)
        return Response(started.install, cookies=[to_litestar(started.cookie)])


class IntegrationCallbacks(Controller):
    """What the platforms call: no bearer token; signatures and signed state instead."""

    path = "/v1/integrations"
    tags = ["integrations"]
    security = [{}]

    @get(
        "/shopify/callback",
        responses=problems(400, 401, 409, 422, 502, 503, 504),
        operation_id="completeShopifyInstall",
        summary="Shopify's OAuth redirect",
    )
    async def shopify_callback(
        self, request: Request[Any, Any, Any], installs: InstallService
    ) -> Response[CallbackDone]:
        """Shopify's OAuth redirect, in the browser that started the install (its install
        cookie): verified, then the code exchanged for a token."""
        raw = request.scope.get("query_string", b"")[:_MAX_QUERY].decode("latin-1")
        pairs = parse_qsl(raw, keep_blank_values=True)
        integration = await installs.shopify_callback(pairs, request.cookies)
        done = CallbackDone(ok=True, message="The store is connected.", integration=integration)
        return Response(done, cookies=[to_litestar(installs.cookies.clear("shopify"))])

    @post(
        "/shopify/webhooks",
        status_code=200,
        responses=problems(400, 401, 409, 503),
        operation_id="receiveShopifyWebhook",
        summary="Receive a Shopify webhook",
    )
    async def shopify_webhook(
        self, request: Request[Any, Any, Any], installs: InstallService
    ) -> CallbackDone:
        """Shopify webhooks (HMAC-verified); `app/uninstalled` revokes the integrations of the
        shop its signed body names, once per `X-Shopify-Webhook-Id`."""
        body = await request.body()
        headers = request.headers
        return await installs.shopify_webhook(
            body,
            headers.get("x-shopify-hmac-sha256"),
            headers.get("x-shopify-topic"),
            headers.get("x-shopify-webhook-id"),
        )

    @post(
        "/woocommerce/callback",
        dto=JsonBody[WooKeys],
        return_dto=None,
        status_code=200,
        responses=problems(400, 401, 409, 422, 502, 503, 504),
        operation_id="receiveWooCommerceKeys",
        summary="Receive WooCommerce API keys",
    )
    async def woo_callback(self, data: WooKeys, installs: InstallService) -> CallbackDone:
        """WooCommerce's server delivers the API keys the store owner approved: checked, and
        kept until the owner's browser returns."""
        return await installs.woo_callback(data)

    @get(
        "/woocommerce/return",
        responses=problems(401, 409, 422, 503),
        operation_id="returnFromWooCommerce",
        summary="Return from WooCommerce",
    )
    async def woo_return(
        self,
        request: Request[Any, Any, Any],
        installs: InstallService,
        success: Annotated[str | None, Parameter(max_length=8)] = None,
        user_id: Annotated[str | None, Parameter(max_length=1024)] = None,
    ) -> Response[CallbackDone]:
        """Where WooCommerce sends the store owner back: in the browser that started the
        install (its install cookie), the delivered keys become the integration."""
        done = await installs.woo_return(success, user_id, request.cookies)
        cookies = [to_litestar(installs.cookies.clear("woocommerce"))] if done.integration else []
        return Response(done, cookies=cookies)
