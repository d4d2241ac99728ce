"""The WooCommerce REST API v3: products (paged), one product, the store's currency.

HTTP Basic with the consumer key and secret, which WooCommerce accepts over HTTPS
only (development stacks may allow http; production refuses it before any call).
Errors are ``{"code", "message", "data": {"status"}}``: we pass the code and a
bounded message on to the owner, which is what they need to fix a store.
"""

from __future__ import annotations

from typing import Any

from admin.integrations.platform import (
    CredentialRefused,
    Deadline,
    ProductListing,
    StoreInfo,
    StoreProduct,
    StoreUnavailable,
    WooCredential,
    clean_text,
    decode_json,
    plain_text,
    send_with_retries,
    web_url,
)
from admin.outbound.client import Answer, OutboundClient

NAME = "WooCommerce"
MAX_PAGE = 100  # WooCommerce's limit for per_page
API = "/wp-json/wc/v3"


def _dict(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _problem(answer: Answer) -> str:
    """``code: message`` from a WooCommerce error body, or just the status."""
    try:
        body = _dict(decode_json(NAME, answer.body))
    except StoreUnavailable:
        body = {}
    code, message = body.get("code"), body.get("message")
    if isinstance(code, str) and isinstance(message, str):
        return f"HTTP {answer.status}, {clean_text(code, 80)}: {clean_text(message, 200)}"
    return f"HTTP {answer.status}"


class WooClient:
    def __init__(self, http: OutboundClient, *, timeout: float) -> None:
        self.http = http
        self.timeout = timeout

    async def _get(
        self, store_url: str, credential: WooCredential, path: str, params: dict[str, str]
    ) -> Answer | None:
        """The 200 answer, None for 404, else the matching StoreProblem."""

        async def send() -> Answer:
            return await self.http.request(
                "GET",
                f"{store_url}{API}{path}",
                params=params,
                headers={"Accept": "application/json"},
                auth=(credential.consumer_key, credential.consumer_secret),
            )

        answer = await send_with_retries(NAME, send, Deadline(self.timeout))
        if answer.status in (401, 403):
            raise CredentialRefused(f"{NAME} refused the API keys ({_problem(answer)})")
        if answer.status == 404:
            return None
        if 300 <= answer.status < 400:
            raise StoreUnavailable(
                f"{NAME} answered a redirect (HTTP {answer.status}); check the store URL "
                "(https, with or without www)"
            )
        if answer.status != 200:
            raise StoreUnavailable(f"{NAME} answered {_problem(answer)}")
        return answer

    async def store_info(self, store_url: str, credential: WooCredential) -> StoreInfo:
        """Checks the keys with one product read, then asks for the currency."""
        probe = await self._get(store_url, credential, "/products", {"per_page": "1"})
        if probe is None:
            raise StoreUnavailable(
                f"{NAME} REST API not found at {store_url}{API} (is WooCommerce installed and "
                "are permalinks enabled?)"
            )
        if not isinstance(decode_json(NAME, probe.body), list):
            raise StoreUnavailable(f"{NAME} answered a product list that is not a list")
        currency: str | None = None
        answer = await self._get(store_url, credential, "/data/currencies/current", {})
        if answer is not None:
            code = _dict(decode_json(NAME, answer.body)).get("code")
            currency = clean_text(code, 8) or None if isinstance(code, str) else None
        host = store_url.split("://", 1)[-1]
        return StoreInfo(store_key=store_url, store_url=store_url, name=host, currency=currency)

    async def list_products(
        self,
        store_url: str,
        credential: WooCredential,
        *,
        page: int,
        per_page: int,
        query: str | None,
        currency: str | None,
    ) -> ProductListing:
        params = {
            "page": str(page),
            "per_page": str(min(per_page, MAX_PAGE)),
            "status": "publish",
            "orderby": "id",
            "order": "desc",
        }
        if query:
            params["search"] = query
        answer = await self._get(store_url, credential, "/products", params)
        if answer is None:
            raise StoreUnavailable(f"{NAME} REST API not found at {store_url}{API}")
        items = decode_json(NAME, answer.body)
        if not isinstance(items, list):
            raise StoreUnavailable(f"{NAME} answered a product list that is not a list")
        pages = answer.header("x-wp-totalpages")
        more = pages.isdigit() and page < int(pages) if pages else len(items) >= per_page
        return ProductListing(
            products=[p for item in items if (p := _product(_dict(item), currency)) is not None],
            next_cursor=str(page + 1) if more else None,
        )

    async def get_product(
        self, store_url: str, credential: WooCredential, product_id: str, currency: str | None
    ) -> StoreProduct | None:
        answer = await self._get(store_url, credential, f"/products/{product_id}", {})
        return None if answer is None else _product(_dict(decode_json(NAME, answer.body)), currency)


def _product(item: dict[str, Any], currency: str | None) -> StoreProduct | None:
    product_id, name = item.get("id"), item.get("name")
    url = web_url(item.get("permalink"))  # http(s) only: it becomes a link and an href
    if not isinstance(product_id, int) or not isinstance(name, str) or url is None:
        return None
    images = item.get("images")
    first = _dict(images[0]) if isinstance(images, list) and images else {}
    image = first.get("src")
    description = item.get("short_description") or item.get("description") or ""
    tags = item.get("tags")
    price = item.get("price")
    slug = item.get("slug")
    return StoreProduct(
        id=str(product_id),
        title=plain_text(name, 255),
        url=url,
        price=price if isinstance(price, str) and price else None,
        max_price=None,
        currency=currency,
        image_url=web_url(image),
        description=plain_text(description) if isinstance(description, str) else "",
        vendor=None,
        tags=[clean_text(_dict(t).get("name") or "", 64) for t in tags][:50]
        if isinstance(tags, list)
        else [],
        handle=slug if isinstance(slug, str) and slug else None,
    )
