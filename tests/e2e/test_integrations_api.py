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
import pytest

from tests.support.accounts import Account
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
    assert "utm_source=x" in link["longUrl"]
    assert "utm_medium=social" in link["longUrl"]
    assert integration["id"] in link["tags"]
    copy = body["copy"]
    assert copy["x"].endswith(link["shortUrl"])
    assert "evil.example" not in str(copy)
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
        "SELECT count(*) FROM events WHERE user_id = %s AND type = 'link.created'",
        account.user_id,
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
    query = {k: v[0] for k, v in parse_qs(authorize.query).items()}
    assert query["client_id"] == APP_KEY
    assert query["scope"] == "read_products"
    shopify.codes["code-1"] = f"shpat_oauth{account.user_id[-8:]}"
    callback = {
        "code": "code-1",
        "host": base64.b64encode(f"{shop}/admin".encode()).decode(),
        "shop": shop,
        "state": query["state"],
        "timestamp": str(int(time.time())),
    }
    forged = client.get(
        "/v1/integrations/shopify/callback", params={**_signed(callback), "shop": "x" + shop}
    )
    _problem(forged, 401, "Unauthorized", "unauthorized")
    done = client.get("/v1/integrations/shopify/callback", params=_signed(callback))
    assert done.status_code == 200, done.text
    integration = done.json()["integration"]
    assert integration["connectedVia"] == "oauth"
    mine = client.get("/v1/integrations", headers=account.headers()).json()["data"]
    assert [item["id"] for item in mine] == [integration["id"]]

    body = b'{"id": 1, "name": "shop"}'
    headers = {
        "X-Shopify-Topic": "app/uninstalled",
        "X-Shopify-Shop-Domain": shop,
        "X-Shopify-Hmac-Sha256": base64.b64encode(
            hmac.new(APP_SECRET.encode(), body, hashlib.sha256).digest()
        ).decode(),
        "Content-Type": "application/json",
    }
    bad = client.post(
        "/v1/integrations/shopify/webhooks",
        content=body,
        headers={**headers, "X-Shopify-Hmac-Sha256": base64.b64encode(b"x" * 32).decode()},
    )
    _problem(bad, 401, "Unauthorized", "unauthorized")
    assert client.post(
        "/v1/integrations/shopify/webhooks", content=body, headers=headers
    ).is_success
    item = client.get(f"/v1/integrations/{integration['id']}", headers=account.headers()).json()
    assert item["status"] == "revoked"


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
