"""The Shopify GraphQL Admin API: shop, products, one product, the OAuth code exchange.

Every call is ``POST {api_url}/admin/api/{version}/graphql.json`` with
``X-Shopify-Access-Token``. Throttling comes as HTTP 200 with an error whose
``extensions.code`` is ``THROTTLED``; ``extensions.cost`` says what the query needs
and ``throttleStatus`` how fast the bucket refills, so we wait exactly the time it
takes (if the deadline allows) and ask again; when it does not say, our backoff
decides.
"""

from __future__ import annotations

import asyncio
import math
from typing import Any

from admin.integrations.platform import (
    FIRST_RETRY_SECONDS,
    LAST_RETRY_SECONDS,
    CredentialRefused,
    Deadline,
    ProductListing,
    ShopifyCredential,
    StoreInfo,
    StoreProduct,
    StoreThrottling,
    StoreUnavailable,
    clean_text,
    decode_json,
    send_with_retries,
    web_url,
)
from admin.outbound.client import Answer, OutboundClient
from common.backoff import Backoff

NAME = "Shopify"
MAX_PAGE = 250  # Shopify's limit for `first`
# The Admin API version every call is pinned to: the queries below are written against it.
API_VERSION = "2026-10"
_THROTTLE_ATTEMPTS = 4
_PRODUCT_FIELDS = """
fragment P on Product {
  id title handle vendor tags onlineStoreUrl
  description(truncateAt: 2000)
  priceRangeV2 {
    minVariantPrice { amount currencyCode }
    maxVariantPrice { amount currencyCode }
  }
  featuredMedia { preview { image { url } } }
}
"""
_SHOP_FIELDS = "shop { name myshopifyDomain currencyCode primaryDomain { url } }"
PRODUCTS_QUERY = (
    "query Products($first: Int!, $after: String, $query: String) { "
    "products(first: $first, after: $after, query: $query, sortKey: ID) { "
    "nodes { ...P } pageInfo { hasNextPage endCursor } } " + _SHOP_FIELDS + " }" + _PRODUCT_FIELDS
)
PRODUCT_QUERY = (
    "query Product($id: ID!) { product(id: $id) { ...P } " + _SHOP_FIELDS + " }" + _PRODUCT_FIELDS
)
SHOP_QUERY = "query Shop { " + _SHOP_FIELDS + " }"


def _dict(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _text(value: object, limit: int = 500) -> str | None:
    return clean_text(value, limit) or None if isinstance(value, str) else None


class ShopifyClient:
    def __init__(
        self,
        http: OutboundClient,
        *,
        api_url: str,
        timeout: float,
        api_version: str = API_VERSION,
    ) -> None:
        self.http = http
        self.api_url = api_url
        self.api_version = api_version
        self.timeout = timeout

    def shop_base(self, shop: str) -> str:
        return self.api_url.replace("{shop}", shop)

    async def _graphql(
        self, shop: str, credential: ShopifyCredential, query: str, variables: dict[str, Any]
    ) -> dict[str, Any]:
        url = f"{self.shop_base(shop)}/admin/api/{self.api_version}/graphql.json"
        deadline = Deadline(self.timeout)

        async def send() -> Answer:
            return await self.http.request(
                "POST",
                url,
                headers={"X-Shopify-Access-Token": credential.access_token},
                json={"query": query, "variables": variables},
            )

        backoff = Backoff(FIRST_RETRY_SECONDS, LAST_RETRY_SECONDS)
        for _ in range(_THROTTLE_ATTEMPTS):
            answer = await send_with_retries(NAME, send, deadline)
            data = _answer_data(answer)
            if not _throttled(data):
                return _result(data)
            told = _refill_seconds(data)
            wait = told if told is not None else backoff.next()
            if wait >= deadline.left() - 0.5:
                raise StoreThrottling(f"{NAME} is throttling this store's API calls", wait)
            await asyncio.sleep(wait)
        raise StoreThrottling(f"{NAME} is throttling this store's API calls", 1.0)

    async def shop_info(self, shop: str, credential: ShopifyCredential) -> StoreInfo:
        data = await self._graphql(shop, credential, SHOP_QUERY, {})
        info = _dict(data.get("shop"))
        domain = web_url(_dict(info.get("primaryDomain")).get("url"))
        return StoreInfo(
            store_key=shop,
            store_url=domain or f"https://{shop}",
            name=_text(info.get("name"), 200) or shop,
            currency=_text(info.get("currencyCode"), 8),
        )

    async def list_products(
        self,
        shop: str,
        credential: ShopifyCredential,
        *,
        cursor: str | None,
        limit: int,
        query: str | None,
    ) -> ProductListing:
        variables = {"first": min(limit, MAX_PAGE), "after": cursor, "query": query or None}
        data = await self._graphql(shop, credential, PRODUCTS_QUERY, variables)
        products = _dict(data.get("products"))
        nodes = products.get("nodes")
        if not isinstance(nodes, list):
            raise StoreUnavailable(f"{NAME} answered a product list without products")
        base = _primary_url(data, shop)
        page = _dict(products.get("pageInfo"))
        end = page.get("endCursor")
        more = page.get("hasNextPage") is True and isinstance(end, str) and end
        return ProductListing(
            products=[p for node in nodes if (p := _product(_dict(node), base)) is not None],
            next_cursor=end if more else None,
        )

    async def get_product(
        self, shop: str, credential: ShopifyCredential, product_id: str
    ) -> StoreProduct | None:
        variables = {"id": f"gid://shopify/Product/{product_id}"}
        data = await self._graphql(shop, credential, PRODUCT_QUERY, variables)
        node = data.get("product")
        return _product(_dict(node), _primary_url(data, shop)) if node else None

    async def exchange_code(
        self, shop: str, client_id: str, client_secret: str, code: str
    ) -> ShopifyCredential:
        """The OAuth step after the callback: the code for an offline access token."""
        url = f"{self.shop_base(shop)}/admin/oauth/access_token"

        async def send() -> Answer:
            return await self.http.request(
                "POST",
                url,
                headers={"Accept": "application/json"},
                json={"client_id": client_id, "client_secret": client_secret, "code": code},
            )

        answer = await send_with_retries(NAME, send, Deadline(self.timeout))
        if answer.status in (400, 401, 403):
            raise CredentialRefused(f"{NAME} refused the install code (HTTP {answer.status})")
        if answer.status != 200:
            raise StoreUnavailable(f"{NAME} answered HTTP {answer.status} to the code exchange")
        body = _dict(decode_json(NAME, answer.body))
        token = body.get("access_token")
        if not isinstance(token, str) or not token:
            raise StoreUnavailable(f"{NAME} answered the code exchange without an access token")
        scope = body.get("scope")
        return ShopifyCredential(access_token=token, scopes=scope if isinstance(scope, str) else "")


def _answer_data(answer: Answer) -> dict[str, Any]:
    if answer.status in (401, 403):
        raise CredentialRefused(f"{NAME} refused the access token (HTTP {answer.status})")
    if 300 <= answer.status < 400:
        raise StoreUnavailable(f"{NAME} answered a redirect (HTTP {answer.status})")
    if answer.status == 402:
        raise StoreUnavailable(f"{NAME} says this shop is frozen (unpaid, HTTP 402)")
    if answer.status == 423:
        raise StoreUnavailable(f"{NAME} says this shop is locked (HTTP 423)")
    if answer.status == 404:
        raise StoreUnavailable(f"{NAME} has no such shop or API version (HTTP 404)")
    if answer.status != 200:
        raise StoreUnavailable(f"{NAME} answered HTTP {answer.status}")
    return _dict(decode_json(NAME, answer.body))


def _throttled(data: dict[str, Any]) -> bool:
    errors = data.get("errors")
    return isinstance(errors, list) and any(
        _dict(_dict(error).get("extensions")).get("code") == "THROTTLED" for error in errors
    )


def _refill_seconds(data: dict[str, Any]) -> float | None:
    """Seconds until the bucket holds what the query costs (None: Shopify did not say)."""
    cost = _dict(_dict(data.get("extensions")).get("cost"))
    status = _dict(cost.get("throttleStatus"))
    needed, available, rate = (
        cost.get("requestedQueryCost"),
        status.get("currentlyAvailable"),
        status.get("restoreRate"),
    )
    if not all(isinstance(v, int | float) for v in (needed, available, rate)) or not rate:
        return None
    assert isinstance(needed, int | float)
    assert isinstance(available, int | float)
    assert isinstance(rate, int | float)
    return max(0.0, math.ceil((needed - available) / rate * 10) / 10)


def _result(data: dict[str, Any]) -> dict[str, Any]:
    errors = data.get("errors")
    if errors:
        codes = {
            _dict(_dict(error).get("extensions")).get("code")
            for error in (errors if isinstance(errors, list) else [errors])
        }
        if "ACCESS_DENIED" in codes:
            raise CredentialRefused(f"{NAME} denied access: the token lacks read_products")
        if isinstance(errors, str) and "access token" in errors.lower():
            raise CredentialRefused(f"{NAME} refused the access token")
        raise StoreUnavailable(f"{NAME} answered the query with an error")
    result = data.get("data")
    if not isinstance(result, dict):
        raise StoreUnavailable(f"{NAME} answered without data")
    return result


def _primary_url(data: dict[str, Any], shop: str) -> str:
    url = web_url(_dict(_dict(data.get("shop")).get("primaryDomain")).get("url"))
    return url.rstrip("/") if url else f"https://{shop}"


def _money(value: object) -> tuple[str | None, str | None]:
    money = _dict(value)
    amount, currency = money.get("amount"), money.get("currencyCode")
    return (
        amount if isinstance(amount, str) else None,
        currency if isinstance(currency, str) else None,
    )


def _product(node: dict[str, Any], base: str) -> StoreProduct | None:
    gid, title, handle = node.get("id"), node.get("title"), node.get("handle")
    if not isinstance(gid, str) or not isinstance(title, str):
        return None
    product_id = gid.rsplit("/", 1)[-1]
    if not product_id.isdigit():
        return None
    # Only http(s) URLs are taken from the store: anything else is as good as none.
    url = web_url(node.get("onlineStoreUrl"))
    if url is None and isinstance(handle, str) and handle:
        url = web_url(f"{base}/products/{handle}")
    if url is None:
        return None
    prices = _dict(node.get("priceRangeV2"))
    low, currency = _money(prices.get("minVariantPrice"))
    high, _ = _money(prices.get("maxVariantPrice"))
    image = _dict(_dict(_dict(node.get("featuredMedia")).get("preview")).get("image")).get("url")
    tags = node.get("tags")
    return StoreProduct(
        id=product_id,
        title=clean_text(title, 255),
        url=url,
        price=low,
        max_price=high,
        currency=currency,
        image_url=web_url(image),
        description=_text(node.get("description"), 2000) or "",
        vendor=_text(node.get("vendor"), 255),
        tags=[clean_text(t, 64) for t in tags if isinstance(t, str)][:50]
        if isinstance(tags, list)
        else [],
        handle=handle if isinstance(handle, str) else None,
    )
