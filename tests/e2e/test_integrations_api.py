"""Store integrations end to end: an admin of their own on the session's stack
(tests/support/stack.py), fake stores and a fake AI endpoint on loopback speaking the
platforms' real payloads (tests/support/fakes/stores.py)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import msgspec
import pytest

from admin.integrations import shopify_auth
from tests.support.accounts import Account, key_id
from tests.support.api import assert_problem
from tests.support.fakes.stores import FakeAi, FakeShopify, FakeWoo
from tests.support.processes import HopProcess
from tests.support.stack import Stack

APP_KEY = "client-id-7f3a9b2c"
APP_SECRET = "shpss_Qw7rT9zK2mX4vB8nL3pJ6hF1"
AI_KEY = "sk-hop-test-9f8e7d6c5b4a"


@pytest.fixture(scope="module")
def shopify() -> Iterator[FakeShopify]:
    fake = FakeShopify()
    yield fake
    fake.close()


@pytest.fixture(scope="module")
def woo() -> Iterator[FakeWoo]:
    fake = FakeWoo()
    yield fake
    fake.close()


@pytest.fixture(scope="module")
def ai() -> Iterator[FakeAi]:
    fake = FakeAi()
    yield fake
    fake.close()


@pytest.fixture(autouse=True)
def _reset(shopify: FakeShopify, woo: FakeWoo, ai: FakeAi) -> None:
    shopify.mode = woo.mode = ai.mode = ""
    shopify.throttled = ai.rate_limited = 0
    shopify.server.delay = 0


@pytest.fixture(scope="module")
def stores_admin(session_stack: Stack, shopify: FakeShopify, ai: FakeAi) -> Iterator[HopProcess]:
    """An admin with the fake Shopify app and the fake AI endpoint configured."""
    admin = session_stack.start_admin(
        "admin-integrations",
        HOP_SHOPIFY_API_URL=f"{shopify.url}/{{shop}}",
        HOP_SHOPIFY_API_KEY=APP_KEY,
        HOP_SHOPIFY_API_SECRET=APP_SECRET,
        HOP_AI_BASE_URL=ai.url,
        HOP_AI_API_KEY=AI_KEY,
        HOP_AI_MODEL="fake-model",
        HOP_AI_GENERATIONS_PRO_PER_MONTH="5",
        HOP_STORE_TIMEOUT="3",
        HOP_AI_TIMEOUT="5",
        HOP_LOG_LEVEL="debug",
    )
    yield admin
    admin.stop()


@pytest.fixture
def client(stores_admin: HopProcess) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=stores_admin.url, timeout=30) as c:
        yield c


def _problem(response: httpx.Response, status: int, title: str, slug: str) -> str:
    """The detail of a problem of this status, title and type."""
    problem = assert_problem(response, status, title)
    assert problem["type"] == f"urn:hop:problem:{slug}"
    return str(problem["detail"])


def _shopify_account(
    client: httpx.Client, stack: Stack, shopify: FakeShopify
) -> tuple[Account, dict[str, Any]]:
    account = stack.account()
    shop = f"s{account.user_id[-10:]}.myshopify.com"
    token = f"shpat_{account.user_id[-12:]}a1b2c3"
    shopify.tokens[shop] = token
    answer = client.post(
        "/v1/integrations",
        headers=account.headers(),
        json={"platform": "shopify", "shop": shop, "accessToken": token},
    )
    assert answer.status_code == 201, answer.text
    return account, answer.json()


def test_shopify_connect_products_generate_and_reuse(
    client: httpx.Client, session_stack: Stack, shopify: FakeShopify
) -> None:
    account, integration = _shopify_account(client, session_stack, shopify)
    assert integration["platform"] == "shopify"
    assert integration["status"] == "active"
    assert integration["id"].startswith("int_")
    made_by = key_id(session_stack.database_url, account.live_key)
    assert integration["createdBy"] == made_by
    assert "accessToken" not in integration
    assert "credential" not in str(integration)
    listed = client.get("/v1/integrations", headers=account.headers()).json()["data"]
    assert [item["id"] for item in listed] == [integration["id"]]

    base = f"/v1/integrations/{integration['id']}"
    first = client.get(f"{base}/products", params={"limit": 3}, headers=account.headers()).json()
    assert [p["id"] for p in first["data"]] == ["1001", "1002", "1003"]
    assert first["data"][0]["price"] == "11.00"
    assert first["data"][0]["currency"] == "EUR"
    # No onlineStoreUrl: the primary domain and the handle.
    assert first["data"][2]["url"] == "https://shop.example/products/product-3"
    second = client.get(
        f"{base}/products", params={"cursor": first["nextCursor"]}, headers=account.headers()
    ).json()
    assert [p["id"] for p in second["data"]] == ["1004", "1005", "1006"]
    searched = client.get(f"{base}/products", params={"q": "mug"}, headers=account.headers())
    assert {p["title"].split()[1] for p in searched.json()["data"]} == {"Mug"}

    made = client.post(
        f"{base}/products/1001/generate", headers=account.headers(), json={"channels": ["x"]}
    )
    assert made.status_code == 201, made.text
    body = made.json()
    assert body["id"].startswith("pl_")
    assert body["generator"] == "ai"
    assert body["model"] == "fake-model-2026-01-01"
    link = body["link"]
    assert link["createdBy"] == made_by  # the product's link: made by the generating key
    assert "utm_source=x" in link["longUrl"]
    assert "utm_medium=social" in link["longUrl"]
    assert integration["id"] in link["tags"]
    copy = body["copy"]
    assert copy["x"].endswith(link["shortUrl"])
    assert "evil.example" not in str(copy)
    # Hosts written with other dots or split by an invisible character go too.
    assert "evil" not in copy["description"]
    assert copy["instagram"] is None
    assert copy["emailBody"] is None
    assert len(copy["hashtags"]) <= 30

    again = client.post(
        f"{base}/products/1001/generate", headers=account.headers(), json={"channels": ["x"]}
    )
    assert again.status_code == 200, again.text
    assert again.json()["id"] == body["id"]
    assert again.json()["link"]["id"] == link["id"]
    assert again.json()["linkReused"] is True
    other = client.post(
        f"{base}/products/1001/generate", headers=account.headers(), json={"channels": ["email"]}
    ).json()
    assert other["link"]["id"] != link["id"]

    # The link is an ordinary link of the account, with its link.created event.
    assert client.get(f"/v1/links/{link['id']}", headers=account.headers()).status_code == 200
    events = session_stack.sql(
        "SELECT count(*) FROM events WHERE workspace_id = %s AND type = 'link.created'",
        account.workspace_id,
    )
    assert events == [(2,)]

    links = client.get(f"{base}/product-links", headers=account.headers()).json()["data"]
    assert [item["id"] for item in links] == [other["id"], body["id"]]
    assert links[1]["link"]["clicks"] == 0
    assert links[1]["copy"]["x"] == again.json()["copy"]["x"]
    # Its owner may delete a product's link like any other: the product link shows none.
    deleted = client.delete(f"/v1/links/{other['link']['id']}", headers=account.headers())
    assert deleted.status_code == 204
    links = client.get(f"{base}/product-links", headers=account.headers()).json()["data"]
    assert [item["link"] and item["link"]["id"] for item in links] == [None, link["id"]]


def test_ai_failures_are_clear_problems(
    client: httpx.Client, session_stack: Stack, shopify: FakeShopify, ai: FakeAi
) -> None:
    account, integration = _shopify_account(client, session_stack, shopify)
    url = f"/v1/integrations/{integration['id']}/products/1002/generate"
    ai.mode = "refuse"
    refused = client.post(url, headers=account.headers(), json={})
    _problem(refused, 422, "Validation", "ai-refused")
    ai.mode = "length"
    cut = client.post(url, headers=account.headers(), json={})
    assert "HOP_AI_MAX_TOKENS" in _problem(cut, 502, "Bad Gateway", "ai-failed")
    ai.mode = "quota"
    quota = client.post(url, headers=account.headers(), json={})
    _problem(quota, 503, "Service Unavailable", "ai-quota-exhausted")
    ai.mode = "rate-limit-once"  # retry-after: 1 fits the time-out: waited, then answered
    assert client.post(url, headers=account.headers(), json={}).status_code == 201
    ai.mode = ""
    template = client.post(url, headers=account.headers(), json={"generator": "template"})
    assert template.json()["generator"] == "template"
    assert template.json()["model"] is None
    # The monthly quota (5 on this stack): failed attempts were given back, so 1 is spent.
    for _ in range(4):
        assert client.post(url, headers=account.headers(), json={}).status_code == 200
    over = client.post(url, headers=account.headers(), json={})
    _problem(over, 429, "Rate Limited", "generation-quota")
    assert int(over.headers["Retry-After"]) > 0


def test_store_failures_are_502_504_and_401_revokes(
    client: httpx.Client, session_stack: Stack, shopify: FakeShopify
) -> None:
    account, integration = _shopify_account(client, session_stack, shopify)
    products = f"/v1/integrations/{integration['id']}/products"
    shopify.mode = "throttle-once"  # asks for 0.5 s: waited, then answered
    assert client.get(products, headers=account.headers()).status_code == 200
    shopify.mode = "garbage"
    garbage = client.get(products, headers=account.headers())
    assert "Shopify" in _problem(garbage, 502, "Bad Gateway", "store-failed")
    shopify.mode = "500"
    _problem(client.get(products, headers=account.headers()), 502, "Bad Gateway", "store-failed")
    shopify.mode = ""
    shopify.server.delay = 4  # HOP_STORE_TIMEOUT is 3
    slow = client.get(products, headers=account.headers())
    assert "Shopify" in _problem(slow, 504, "Gateway Timeout", "store-timeout")
    shopify.server.delay = 0
    shopify.mode = "401"
    refused = client.get(products, headers=account.headers())
    _problem(refused, 409, "Conflict", "integration-revoked")
    shopify.mode = ""
    after = client.get(f"/v1/integrations/{integration['id']}", headers=account.headers()).json()
    assert after["status"] == "revoked"
    again = client.get(products, headers=account.headers())
    _problem(again, 409, "Conflict", "integration-revoked")
    assert client.get("/v1/integrations", headers=account.headers()).json()["data"] == []
    stored = session_stack.sql(
        "SELECT credentials FROM integrations WHERE id = %s", integration["id"]
    )
    assert stored == [(None,)]


def _signed(params: dict[str, str]) -> dict[str, str]:
    message = "&".join(f"{k}={v}" for k, v in sorted(params.items()))
    digest = hmac.new(APP_SECRET.encode(), message.encode(), hashlib.sha256).hexdigest()
    return {**params, "hmac": digest}


SHOPIFY_COOKIE = "hop_install_shopify"  # plain http here; __Host-hop_install_shopify on https
WOO_COOKIE = "hop_install_woocommerce"


def _query(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


def _start_shopify(browser: httpx.Client, account: Account, shop: str) -> str:
    """Start a Shopify install in ``browser``: the state (the browser keeps the cookie)."""
    started = browser.get(
        "/v1/integrations/shopify/install", params={"shop": shop}, headers=account.headers()
    )
    assert started.status_code == 200, started.text
    assert browser.cookies.get(SHOPIFY_COOKIE)
    return _query(started.json()["authorizeUrl"])["state"]


def _shopify_return(shop: str, state: str, code: str) -> dict[str, str]:
    """What Shopify sends the owner's browser back with, signed as Shopify signs it."""
    return _signed(
        {
            "code": code,
            "host": base64.b64encode(f"{shop}/admin".encode()).decode(),
            "shop": shop,
            "state": state,
            "timestamp": str(int(time.time())),
        }
    )


def _oauth_install(browser: httpx.Client, account: Account, shop: str, code: str) -> str:
    """A whole Shopify install in one browser; the integration's id."""
    state = _start_shopify(browser, account, shop)
    done = browser.get(
        "/v1/integrations/shopify/callback", params=_shopify_return(shop, state, code)
    )
    assert done.status_code == 200, done.text
    assert not browser.cookies.get(SHOPIFY_COOKIE)  # spent, and cleared
    return str(done.json()["integration"]["id"])


def _uninstalled(body: bytes, webhook_id: str, **headers: str) -> dict[str, str]:
    return {
        "X-Shopify-Topic": "app/uninstalled",
        "X-Shopify-Webhook-Id": webhook_id,
        "X-Shopify-Hmac-Sha256": base64.b64encode(
            hmac.new(APP_SECRET.encode(), body, hashlib.sha256).digest()
        ).decode(),
        "Content-Type": "application/json",
        **headers,
    }


def _status(client: httpx.Client, account: Account, integration_id: str) -> str:
    answer = client.get(f"/v1/integrations/{integration_id}", headers=account.headers())
    return str(answer.json()["status"])


def test_shopify_oauth_install_and_uninstall_webhook(
    client: httpx.Client, session_stack: Stack, shopify: FakeShopify
) -> None:
    account = session_stack.account()
    shop = f"o{account.user_id[-10:]}.myshopify.com"
    started = client.get(
        "/v1/integrations/shopify/install", params={"shop": shop}, headers=account.headers()
    )
    assert started.status_code == 200, started.text
    authorize = urlsplit(started.json()["authorizeUrl"])
    assert authorize.path == f"/{shop}/admin/oauth/authorize"
    query = _query(started.json()["authorizeUrl"])
    assert query["client_id"] == APP_KEY
    assert query["scope"] == "read_products"
    cookie = started.headers["set-cookie"]
    assert cookie.startswith(f"{SHOPIFY_COOKIE}=")
    assert {"httponly", "samesite=lax", "path=/", "max-age=600"} <= {
        part.strip().lower() for part in cookie.split(";")
    }
    assert client.cookies[SHOPIFY_COOKIE] not in query["state"]
    shopify.codes["code-1"] = f"shpat_oauth{account.user_id[-8:]}"
    callback = _shopify_return(shop, query["state"], "code-1")
    forged = client.get(
        "/v1/integrations/shopify/callback", params={**callback, "shop": "x" + shop}
    )
    _problem(forged, 401, "Unauthorized", "unauthorized")
    done = client.get("/v1/integrations/shopify/callback", params=callback)
    assert done.status_code == 200, done.text
    integration = done.json()["integration"]
    assert integration["connectedVia"] == "oauth"
    # The callback carries no credential: who started the install came in the signed state.
    assert integration["createdBy"] == key_id(session_stack.database_url, account.live_key)
    mine = client.get("/v1/integrations", headers=account.headers()).json()["data"]
    assert [item["id"] for item in mine] == [integration["id"]]

    body = msgspec.json.encode({"id": 1, "name": "shop", "myshopify_domain": shop})
    headers = _uninstalled(body, f"wh-{account.user_id}")
    bad = client.post(
        "/v1/integrations/shopify/webhooks",
        content=body,
        headers={**headers, "X-Shopify-Hmac-Sha256": base64.b64encode(b"x" * 32).decode()},
    )
    _problem(bad, 401, "Unauthorized", "unauthorized")
    assert client.post(
        "/v1/integrations/shopify/webhooks", content=body, headers=headers
    ).is_success
    assert _status(client, account, integration["id"]) == "revoked"


def test_shopify_install_completes_once_and_only_in_the_browser_that_started_it(
    stores_admin: HopProcess, session_stack: Stack, shopify: FakeShopify
) -> None:
    """Someone starts an install for a shop they do not own and sends its owner the
    authorize link: the owner's approval must not land the shop in their account."""
    attacker, owner = session_stack.account(), session_stack.account()
    shop = f"b{owner.user_id[-10:]}.myshopify.com"
    with (
        httpx.Client(base_url=stores_admin.url, timeout=30) as attacker_browser,
        httpx.Client(base_url=stores_admin.url, timeout=30) as owner_browser,
    ):
        state = _start_shopify(attacker_browser, attacker, shop)
        shopify.codes["code-handed"] = f"shpat_handed{owner.user_id[-8:]}"
        returned = _shopify_return(shop, state, "code-handed")
        callback = "/v1/integrations/shopify/callback"
        # The owner approved; Shopify sends the owner's browser back: no install cookie.
        without = owner_browser.get(callback, params=returned)
        assert "browser" in _problem(without, 401, "Unauthorized", "unauthorized")
        # The owner's browser holds the cookie of an install of its own: not this one's.
        _start_shopify(owner_browser, owner, shop)
        other = owner_browser.get(callback, params=returned)
        assert "browser" in _problem(other, 401, "Unauthorized", "unauthorized")
        assert "code-handed" in shopify.codes  # never exchanged
        stored = session_stack.sql("SELECT count(*) FROM integrations WHERE store_key = %s", shop)
        assert stored == [(0,)]

        # The owner's own install completes, once: its state is spent.
        own_state = _start_shopify(owner_browser, owner, shop)
        secret = owner_browser.cookies[SHOPIFY_COOKIE]
        shopify.codes["code-own"] = f"shpat_own{owner.user_id[-8:]}"
        done = owner_browser.get(callback, params=_shopify_return(shop, own_state, "code-own"))
        assert done.status_code == 200, done.text
        [(before,)] = session_stack.sql(
            "SELECT updated_at FROM integrations WHERE store_key = %s", shop
        )
        shopify.codes["code-again"] = f"shpat_again{owner.user_id[-8:]}"
        owner_browser.cookies.set(SHOPIFY_COOKIE, secret)
        replayed = owner_browser.get(
            callback, params=_shopify_return(shop, own_state, "code-again")
        )
        assert "used already" in _problem(replayed, 401, "Unauthorized", "unauthorized")
        assert "code-again" in shopify.codes
        after = session_stack.sql(
            "SELECT workspace_id, updated_at FROM integrations WHERE store_key = %s", shop
        )
        assert after == [(owner.workspace_id, before)]


def test_shopify_uninstall_acts_on_the_signed_body_once(
    client: httpx.Client, session_stack: Stack, shopify: FakeShopify
) -> None:
    mallory, victim = session_stack.account(), session_stack.account()
    own_shop = f"m{mallory.user_id[-10:]}.myshopify.com"
    victim_shop = f"v{victim.user_id[-10:]}.myshopify.com"
    shopify.codes["code-m1"] = f"shpat_m1{mallory.user_id[-8:]}"
    shopify.codes["code-v1"] = f"shpat_v1{victim.user_id[-8:]}"
    own = _oauth_install(client, mallory, own_shop, "code-m1")
    victims = _oauth_install(client, victim, victim_shop, "code-v1")
    webhooks = "/v1/integrations/shopify/webhooks"

    # An OAuth callback's query is signed with the same secret: as a body it verifies,
    # but it is no Shop, and the shop header is not signed.
    returned = _shopify_return(own_shop, "any", "c")
    message = shopify_auth.signed_message(list(returned.items())).encode()
    digest = base64.b64encode(bytes.fromhex(returned["hmac"])).decode()
    forged = client.post(
        webhooks,
        content=message,
        headers=_uninstalled(
            message,
            f"wh-f-{victim.user_id}",
            **{"X-Shopify-Hmac-Sha256": digest, "X-Shopify-Shop-Domain": victim_shop},
        ),
    )
    _problem(forged, 400, "Bad Request", "bad-request")
    # A real uninstall of Mallory's shop, with the victim's shop in the header.
    body = msgspec.json.encode({"id": 7, "name": "Mallory", "myshopify_domain": own_shop})
    headers = _uninstalled(
        body, f"wh-m-{mallory.user_id}", **{"X-Shopify-Shop-Domain": victim_shop}
    )
    assert client.post(webhooks, content=body, headers=headers).json()["message"] == (
        "1 integration(s) revoked."
    )
    assert _status(client, victim, victims) == "active"
    assert _status(client, mallory, own) == "revoked"

    # Installed again; then Shopify retries the uninstall it already delivered.
    shopify.codes["code-m2"] = f"shpat_m2{mallory.user_id[-8:]}"
    assert _oauth_install(client, mallory, own_shop, "code-m2") == own
    again = client.post(webhooks, content=body, headers=headers)
    assert again.status_code == 200, again.text
    assert again.json()["message"] == "This webhook was handled already."
    assert _status(client, mallory, own) == "active"
    no_id = {k: v for k, v in headers.items() if k != "X-Shopify-Webhook-Id"}
    _problem(client.post(webhooks, content=body, headers=no_id), 400, "Bad Request", "bad-request")
    assert _status(client, mallory, own) == "active"


def _start_woo(browser: httpx.Client, account: Account, store: str) -> dict[str, str]:
    started = browser.get(
        "/v1/integrations/woocommerce/install",
        params={"storeUrl": store},
        headers=account.headers(),
    )
    assert started.status_code == 200, started.text
    assert browser.cookies.get(WOO_COOKIE)
    return _query(started.json()["authorizeUrl"])


def test_woocommerce_keys_become_an_integration_only_in_the_starting_browser_once(
    stores_admin: HopProcess, session_stack: Stack, woo: FakeWoo
) -> None:
    """WooCommerce's server delivers the keys (no browser); they wait, sealed, until the
    browser that started the install returns, once."""
    account, other = session_stack.account(), session_stack.account()
    key, secret = f"ck_o{account.user_id[-8:]}", f"cs_o{account.user_id[-10:]}"
    woo.keys[key] = secret
    with (
        httpx.Client(base_url=stores_admin.url, timeout=30) as browser,
        httpx.Client(base_url=stores_admin.url, timeout=30) as store_server,
        httpx.Client(base_url=stores_admin.url, timeout=30) as other_browser,
    ):
        authorize = _start_woo(browser, account, woo.url)
        state = authorize["user_id"]
        assert urlsplit(authorize["callback_url"]).path == "/v1/integrations/woocommerce/callback"
        assert urlsplit(authorize["return_url"]).path == "/v1/integrations/woocommerce/return"
        keys = {
            "key_id": 1,
            "user_id": state,
            "consumer_key": key,
            "consumer_secret": secret,
            "key_permissions": "read",
        }
        delivered = store_server.post("/v1/integrations/woocommerce/callback", json=keys)
        assert delivered.status_code == 200, delivered.text
        replayed = store_server.post("/v1/integrations/woocommerce/callback", json=keys)
        assert "used already" in _problem(replayed, 401, "Unauthorized", "unauthorized")

        def stored() -> list[tuple[Any, ...]]:
            return session_stack.sql(
                "SELECT count(*) FROM integrations WHERE workspace_id = %s", account.workspace_id
            )

        assert stored() == [(0,)]  # delivered, not connected
        back = {"success": "1", "user_id": state}
        returned = "/v1/integrations/woocommerce/return"
        without = store_server.get(returned, params=back)
        assert "browser" in _problem(without, 401, "Unauthorized", "unauthorized")
        _start_woo(other_browser, other, woo.url)
        foreign = other_browser.get(returned, params=back)
        assert "browser" in _problem(foreign, 401, "Unauthorized", "unauthorized")
        assert stored() == [(0,)]

        cookie = browser.cookies[WOO_COOKIE]
        done = browser.get(returned, params=back)
        assert done.status_code == 200, done.text
        integration = done.json()["integration"]
        assert integration["connectedVia"] == "oauth"
        assert integration["storeUrl"] == woo.url
        assert integration["createdBy"] == key_id(session_stack.database_url, account.live_key)
        assert not browser.cookies.get(WOO_COOKIE)
        browser.cookies.set(WOO_COOKIE, cookie)
        again = browser.get(returned, params=back)
        _problem(again, 401, "Unauthorized", "unauthorized")
        assert stored() == [(1,)]
        refused = browser.get(returned, params={"success": "0", "user_id": state})
        assert refused.json()["ok"] is False


def test_store_urls_are_http_only(
    client: httpx.Client, session_stack: Stack, shopify: FakeShopify, woo: FakeWoo
) -> None:
    """A store's answers become hrefs on the dashboard: only http(s) URLs are taken."""
    first, second = shopify.products[0], shopify.products[1]
    saved = (dict(first), dict(second), shopify.primary_domain)
    woo_saved = [dict(item) for item in woo.products[:2]]
    try:
        shopify.primary_domain = "javascript:alert(document.domain)//"
        first["onlineStoreUrl"] = "javascript:alert(document.domain)//"
        second["featuredMedia"] = {"preview": {"image": {"url": "javascript:alert(1)"}}}
        account, integration = _shopify_account(client, session_stack, shopify)
        shop = f"s{account.user_id[-10:]}.myshopify.com"
        assert integration["storeUrl"] == f"https://{shop}"
        base = f"/v1/integrations/{integration['id']}/products"
        listed = client.get(base, params={"limit": 3}, headers=account.headers()).json()["data"]
        assert [p["url"] for p in listed] == [
            f"https://{shop}/products/product-1",
            "https://shop.example/products/product-2",
            f"https://{shop}/products/product-3",
        ]
        assert listed[1]["imageUrl"] is None

        woo.products[0]["permalink"] = "javascript:alert(document.domain)//"
        woo.products[1]["permalink"] = "data:text/html,<script>alert(1)</script>"
        woo.products[1]["images"] = [{"id": 1, "src": "javascript:alert(1)"}]
        woo.keys["ck_u" + account.user_id[-8:]] = "cs_u" + account.user_id[-10:]
        connected = client.post(
            "/v1/integrations",
            headers=account.headers(),
            json={
                "platform": "woocommerce",
                "storeUrl": woo.url,
                "consumerKey": "ck_u" + account.user_id[-8:],
                "consumerSecret": "cs_u" + account.user_id[-10:],
            },
        )
        assert connected.status_code == 201, connected.text
        products = client.get(
            f"/v1/integrations/{connected.json()['id']}/products", headers=account.headers()
        ).json()["data"]
        assert [p["id"] for p in products] == ["503", "504", "505"]
        assert all(p["url"].startswith("https://woo.example/") for p in products)
    finally:
        first.clear()
        first.update(saved[0])
        second.clear()
        second.update(saved[1])
        shopify.primary_domain = saved[2]
        for item, old in zip(woo.products, woo_saved, strict=False):
            item.clear()
            item.update(old)


def test_woocommerce_template_copy_paging_and_delete(
    api: httpx.Client, session_stack: Stack, woo: FakeWoo, account: Account
) -> None:
    """The session admin has no AI endpoint: copy comes from the template writer."""
    woo.keys["ck_" + account.user_id[-8:]] = "cs_" + account.user_id[-10:]
    bad = api.post(
        "/v1/integrations",
        headers=account.headers(),
        json={
            "platform": "woocommerce",
            "storeUrl": woo.url,
            "consumerKey": "ck_wrong",
            "consumerSecret": "cs_wrong",
        },
    )
    assert "Consumer key is invalid" in _problem(bad, 422, "Validation", "credential-refused")
    created = api.post(
        "/v1/integrations",
        headers=account.headers("test"),
        json={
            "platform": "woocommerce",
            "storeUrl": woo.url + "/",
            "consumerKey": "ck_" + account.user_id[-8:],
            "consumerSecret": "cs_" + account.user_id[-10:],
        },
    )
    assert created.status_code == 201, created.text
    integration = created.json()
    assert integration["storeUrl"] == woo.url
    assert integration["currency"] == "USD"
    base = f"/v1/integrations/{integration['id']}"
    headers = account.headers("test")
    sandbox_only = api.get(base, headers=account.headers())
    _problem(sandbox_only, 404, "Not Found", "not-found")
    page1 = api.get(f"{base}/products", params={"limit": 2}, headers=headers).json()
    page2 = api.get(
        f"{base}/products", params={"cursor": page1["nextCursor"]}, headers=headers
    ).json()
    page3 = api.get(
        f"{base}/products", params={"cursor": page2["nextCursor"]}, headers=headers
    ).json()
    assert [len(p["data"]) for p in (page1, page2, page3)] == [2, 2, 1]
    assert page3["nextCursor"] is None
    assert page1["data"][0]["imageUrl"] == "https://woo.example/img/1.png"
    searched = api.get(f"{base}/products", params={"q": "Poster 3"}, headers=headers).json()
    assert [p["id"] for p in searched["data"]] == ["503"]

    made = api.post(
        f"{base}/products/501/generate", headers=headers, json={"channels": ["instagram"]}
    )
    assert made.status_code == 201, made.text
    body = made.json()
    assert body["generator"] == "template"
    assert body["model"] is None
    assert body["link"]["shortUrl"].split("/")[-2] == "test"  # a sandbox link
    assert "alert" not in body["copy"]["instagram"]
    assert "#art" in body["copy"]["instagram"]
    assert body["copy"]["headline"].startswith("Woo Poster 1")
    assert api.get(f"{base}/products/999/generate", headers=headers).status_code == 405
    missing = api.post(f"{base}/products/999/generate", headers=headers, json={})
    _problem(missing, 404, "Not Found", "not-found")

    assert api.delete(f"{base}?deleteLinks=false", headers=headers).status_code == 204
    counts = [
        session_stack.sql(
            f"SELECT count(*) FROM {table} WHERE {column} = %s",  # noqa: S608 - fixed names
            integration["id"],
        )
        for table, column in (
            ("integrations", "id"),
            ("integration_products", "integration_id"),
            ("product_links", "integration_id"),
        )
    ]
    assert counts == [[(0,)], [(0,)], [(0,)]]
    kept = session_stack.sql("SELECT deleted_at FROM links WHERE id = %s", body["link"]["id"])
    assert kept == [(None,)]


def test_delete_links_and_refused_addresses(
    client: httpx.Client, session_stack: Stack, shopify: FakeShopify
) -> None:
    account, integration = _shopify_account(client, session_stack, shopify)
    base = f"/v1/integrations/{integration['id']}"
    link = client.post(f"{base}/products/1003/generate", headers=account.headers(), json={}).json()
    assert client.delete(f"{base}?deleteLinks=true", headers=account.headers()).status_code == 204
    gone = client.get(f"/v1/links/{link['link']['id']}", headers=account.headers())
    _problem(gone, 404, "Not Found", "not-found")
    # Outside HOP_WEBHOOK_NETWORKS (loopback here): refused before any connection.
    refused = client.post(
        "/v1/integrations",
        headers=account.headers(),
        json={
            "platform": "woocommerce",
            "storeUrl": "http://10.1.2.3",
            "consumerKey": "ck_a",
            "consumerSecret": "cs_b",
        },
    )
    _problem(refused, 422, "Validation", "validation")
    assert "10.1.2.3" not in refused.text
    # Credentials go into HTTP headers: anything but visible ASCII is refused up front.
    for credential in ({"accessToken": "tok\u00e9n"}, {"accessToken": "a\nb"}):
        odd = client.post(
            "/v1/integrations",
            headers=account.headers(),
            json={"platform": "shopify", "shop": "odd.myshopify.com", **credential},
        )
        _problem(odd, 422, "Validation", "validation")


def test_secrets_never_in_answers_or_the_log(
    client: httpx.Client, session_stack: Stack, shopify: FakeShopify, stores_admin: HopProcess
) -> None:
    account, integration = _shopify_account(client, session_stack, shopify)
    token = shopify.tokens[f"s{account.user_id[-10:]}.myshopify.com"]
    answers = [
        client.get("/v1/integrations", headers=account.headers()).text,
        client.get(f"/v1/integrations/{integration['id']}", headers=account.headers()).text,
        client.post("/v1/users/me/export", headers=account.headers()).text,
    ]
    [(sealed,)] = session_stack.sql(
        "SELECT credentials FROM integrations WHERE id = %s", integration["id"]
    )
    assert token.encode() not in bytes(sealed)
    assert '"integrations"' in answers[2]
    log = stores_admin.log()
    assert "debug" in log or "info" in log  # the admin did write its log
    for secret in (token, APP_SECRET, AI_KEY):
        assert all(secret not in text for text in answers)
        assert secret not in log
