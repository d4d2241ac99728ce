"""Store integrations: connect a Shopify or WooCommerce store (the platform's install
flow, or a pasted credential), its products, a short link and copy per channel for a
product, with copy buttons. Every action goes through the services /v1/integrations
uses (IntegrationService, InstallService, GenerateService)."""

from __future__ import annotations

from typing import Annotated, Any, get_args

from litestar import Request, get, post
from litestar.params import Parameter
from litestar.response import Redirect, Template

from admin.api.cookies import to_litestar
from admin.errors import FieldError, HopError, validation
from admin.integrations.ai import Tone
from admin.integrations.copy import CHANNELS
from admin.integrations.generate import GenerateService
from admin.integrations.install import InstallService
from admin.integrations.schemas import ConnectRequest, GenerateRequest
from admin.integrations.service import IntegrationService
from admin.web.forms import NO_ERRORS, FormErrors, decode, many, read_form, text
from admin.web.page import Page

IntegrationId = Annotated[str, Parameter(max_length=64)]
ProductId = Annotated[str, Parameter(max_length=64)]
Cursor = Annotated[str | None, Parameter(max_length=2000)]
Query = Annotated[str | None, Parameter(max_length=200)]
TONES: tuple[str, ...] = get_args(Tone)
CHANNEL_NAMES = {"web": "Web", "instagram": "Instagram", "x": "X", "email": "E-mail"}
_INSTALL_NAMES = {"shop": "installShop", "storeUrl": "installStoreUrl"}
_CONNECT_FIELDS = ("platform", "shop", "accessToken", "storeUrl", "consumerKey", "consumerSecret")


async def _list_page(
    page: Page,
    integrations: IntegrationService,
    installs: InstallService,
    form: dict[str, Any],
    errors: FormErrors,
    status: int = 200,
) -> Template:
    listing = await integrations.list_integrations(page.user, "all")
    return await page.render(
        "integrations.html",
        status=status,
        integrations=listing.data,
        form=form,
        errors=errors,
        # Shopify's connect button only where its app is configured (HOP_SHOPIFY_API_*).
        shopify_installs=installs.shopify_app_configured,
    )


@get("/integrations", opt={"scope": "integrations:read"})
async def integrations_page(
    page: Page, integrations: IntegrationService, installs: InstallService
) -> Template:
    return await _list_page(page, integrations, installs, {"platform": "shopify"}, NO_ERRORS)


@post("/integrations/install", opt={"scope": "integrations:write", "role": "admin"})
async def install(
    request: Request[Any, Any, Any],
    page: Page,
    installs: InstallService,
    integrations: IntegrationService,
) -> Any:
    """The platform's own flow: the store owner approves on the store's site, which calls
    us back (/v1/integrations/<platform>/callback)."""
    values = await read_form(request)
    platform = text(values, "platform")
    try:
        if platform == "shopify":
            shop = text(values, "installShop").strip()
            if not shop:
                raise validation([FieldError("shop", "is required")])
            started = installs.shopify_install(page.user, shop)
        else:
            store_url = text(values, "installStoreUrl").strip()
            if not store_url:
                raise validation([FieldError("storeUrl", "is required")])
            started = installs.woo_install(page.user, store_url)
    except HopError as exc:
        if exc.status >= 500:
            raise
        # The install forms' inputs are installShop and installStoreUrl (the pasted
        # credential's form has shop and storeUrl): the API's field names mapped to them.
        found = FormErrors.of(exc)
        errors = FormErrors(
            detail=found.detail,
            fields={_INSTALL_NAMES.get(k, k): v for k, v in found.fields.items()},
        )
        form = {
            "platform": platform,
            "shop": text(values, "installShop"),
            "storeUrl": text(values, "installStoreUrl"),
        }
        return await _list_page(page, integrations, installs, form, errors, status=exc.status)
    # A link to follow, not a redirect: the pages' form-action policy (this site only)
    # would stop a form post that is redirected to the store.
    # The install cookie binds the store's callback to this browser (state.py).
    name = "Shopify" if platform == "shopify" else "WooCommerce"
    return await page.render(
        "integration_install.html",
        cookies=[to_litestar(started.cookie)],
        platform=name,
        authorize_url=started.install.authorize_url,
        minutes=started.install.expires_in // 60,
    )


@post("/integrations", opt={"scope": "integrations:write", "role": "admin"})
async def connect(
    request: Request[Any, Any, Any],
    page: Page,
    integrations: IntegrationService,
    installs: InstallService,
) -> Any:
    """Connect with a pasted credential, checked by one call to the store first."""
    values = await read_form(request)
    body = {name: text(values, name).strip() for name in _CONNECT_FIELDS}
    body = {name: value for name, value in body.items() if value}
    try:
        created = await integrations.connect(page.user, decode(body, ConnectRequest))
    except HopError as exc:
        if exc.status >= 500 and exc.status not in (502, 504):
            raise
        form = {
            name: value
            for name, value in body.items()
            if "ecret" not in name and "oken" not in name
        }
        return await _list_page(
            page,
            integrations,
            installs,
            {"paste": True, **form},
            FormErrors.of(exc),
            status=exc.status,
        )
    await page.flash("success", f"{created.name} is connected.")
    return page.redirect(f"/integrations/{created.id}")


async def _store_page(
    page: Page,
    integrations: IntegrationService,
    generator: GenerateService,
    integration_id: str,
    *,
    q: str | None,
    cursor: str | None,
    errors: FormErrors = NO_ERRORS,
    failed_product: str = "",
    status: int = 200,
) -> Template:
    store = await integrations.get(page.user, integration_id)
    products, store_error = None, None
    if store.status == "active":
        try:
            products = await integrations.products(
                page.user, integration_id, limit=20, cursor=cursor, q=q
            )
        except HopError as exc:
            if exc.status < 409:
                raise
            store_error = exc.detail  # the store is down or refused: the page still shows
    made = await generator.list_links(page.user, integration_id, limit=50, cursor=None)
    return await page.render(
        "integration.html",
        status=status,
        store=store,
        products=products.data if products else [],
        next_cursor=products.next_cursor if products else None,
        store_error=store_error,
        product_links=made.data,
        q=q or "",
        channels=CHANNELS,
        channel_names=CHANNEL_NAMES,
        tones=TONES,
        errors=errors,
        failed_product=failed_product,
    )


@get("/integrations/{integration_id:str}", opt={"scope": "integrations:read"})
async def store_page(
    page: Page,
    integrations: IntegrationService,
    generator: GenerateService,
    integration_id: IntegrationId,
    q: Query = None,
    cursor: Cursor = None,
) -> Template:
    return await _store_page(page, integrations, generator, integration_id, q=q, cursor=cursor)


@post(
    "/integrations/{integration_id:str}/products/{product_id:str}/generate",
    opt={"scope": "integrations:write"},
)
async def generate(
    request: Request[Any, Any, Any],
    page: Page,
    integrations: IntegrationService,
    generator: GenerateService,
    integration_id: IntegrationId,
    product_id: ProductId,
) -> Any:
    values = await read_form(request)
    body: dict[str, Any] = {
        "channels": many(values, "channels") or None,
        "tone": text(values, "tone") or "friendly",
        "language": text(values, "language").strip() or "en",
    }
    try:
        made, _ = await generator.generate(
            page.user, integration_id, product_id, decode(body, GenerateRequest)
        )
    except HopError as exc:
        if exc.status >= 500 and exc.status not in (502, 504):
            raise
        if exc.status == 404:
            raise
        return await _store_page(
            page,
            integrations,
            generator,
            integration_id,
            q=None,
            cursor=None,
            errors=FormErrors.of(exc),
            failed_product=product_id,
            status=exc.status,
        )
    short = made.link.short_url if made.link else ""
    await page.flash("success", f"Link and copy made for product {product_id}: {short}")
    return page.redirect(f"/integrations/{integration_id}#made-{made.id}")


@post(
    "/integrations/{integration_id:str}/delete",
    opt={"scope": "integrations:write", "role": "admin"},
)
async def delete(
    request: Request[Any, Any, Any],
    page: Page,
    integrations: IntegrationService,
    integration_id: IntegrationId,
) -> Redirect:
    values = await read_form(request)
    links = text(values, "deleteLinks") == "on"
    await integrations.delete(page.user, integration_id, delete_links=links)
    await page.flash(
        "success", "The store is disconnected" + (" and its links deleted." if links else ".")
    )
    return page.redirect("/integrations")


ROUTES = [integrations_page, install, connect, store_page, generate, delete]
