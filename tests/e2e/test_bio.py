"""Bio pages: the API, the page the edge renders, and bio.visited from every visit."""

from __future__ import annotations

import asyncio
import secrets

import httpx
import psycopg
import redis

from admin.bio.cache import rebuild_bio_pages
from common.keys import bio_key, sandbox_bio_key
from tests.support.accounts import Account, create_account
from tests.support.api import put_bio
from tests.support.clicks import USER_AGENTS
from tests.support.hooks import delivered, subscribe
from tests.support.processes import HopProcess
from tests.support.receiver import Receiver
from tests.support.waiting import wait_until


def username() -> str:
    return f"u_{secrets.token_hex(5)}"


def test_put_then_public_data_and_the_edge_page(
    api: httpx.Client, account: Account, edge_url: str
) -> None:
    name = username()
    own = api.post(
        "/v1/links", json={"longUrl": "https://example.com/own"}, headers=account.headers()
    ).json()
    response = put_bio(
        api,
        account,
        username=name,
        displayName="Ada <Lovelace> & co",
        description="Engines\nand more",
        avatarUrl="https://example.com/ada.png",
        theme="dark",
        links=[
            {"title": "Blog", "url": "https://example.com/blog"},
            {"title": "My link", "linkId": own["id"]},
        ],
        socials=[{"network": "github", "handle": "@ada"}],
    )
    assert response.status_code == 201, response.text
    page = response.json()
    assert page["id"].startswith("bio_")
    assert page["pageUrl"] == f"{edge_url}/@{name}"
    blog, mine = page["links"]
    assert blog["destination"] == "https://example.com/blog"
    assert blog["url"].startswith(edge_url + "/")
    assert mine["url"] == own["shortUrl"]
    assert page["socials"][0]["destination"] == "https://github.com/ada"

    public = httpx.get(f"{api.base_url}/v1/bio/{name}")  # no Authorization header
    assert public.status_code == 200, public.text
    data = public.json()
    assert data["links"] == [
        {"title": "Blog", "url": blog["url"]},
        {"title": "My link", "url": own["shortUrl"]},
    ]
    assert "linkId" not in str(data)

    html = httpx.get(f"{edge_url}/@{name}")
    assert html.status_code == 200
    assert html.headers["content-type"] == "text/html; charset=utf-8"
    assert html.headers["cache-control"].startswith("private")
    assert "script-src" not in html.headers["content-security-policy"]
    body = html.text
    assert '<html lang="en">' in body
    assert 'name="viewport"' in body
    assert "Ada &lt;Lovelace&gt; &amp; co" in body
    assert "<Lovelace>" not in body
    assert 'alt="Ada &lt;Lovelace&gt; &amp; co"' in body
    assert f'href="{blog["url"]}"' in body
    assert f'href="{own["shortUrl"]}"' in body
    assert "https://example.com/blog" not in body  # only tracked links

    # Each tracked link redirects to its destination.
    assert httpx.get(blog["url"]).headers["location"] == "https://example.com/blog"
    assert httpx.get(page["socials"][0]["url"]).headers["location"] == "https://github.com/ada"

    updated = put_bio(api, account, username=name, displayName="Ada", links=[page["links"][0]])
    assert updated.status_code == 422  # the owner view's fields are not input
    updated = put_bio(
        api, account, username=name, displayName="Ada",
        links=[{"title": "Blog again", "url": "https://example.com/blog"}],
    )  # fmt: skip
    assert updated.status_code == 200, updated.text
    assert updated.json()["links"][0]["linkId"] == blog["linkId"]  # same destination: kept
    assert httpx.get(page["socials"][0]["url"]).status_code == 410  # left the page
    assert api.get("/v1/bio", headers=account.headers()).json()["displayName"] == "Ada"


def test_every_visit_fires_bio_visited_and_is_not_a_click(
    api: httpx.Client,
    account: Account,
    edge_url: str,
    worker: HopProcess,
    database_url: str,
    receiver: Receiver,
) -> None:
    subscribe(api, account, receiver, "bio.visited")
    name = username()
    page = put_bio(
        api, account, username=name, displayName="V",
        links=[{"title": "x", "url": "https://example.com/x"}],
    ).json()  # fmt: skip
    agent = USER_AGENTS["android_chrome"]
    referrer = "https://news.example/post"
    assert (
        httpx.get(
            f"{edge_url}/@{name}", headers={"User-Agent": agent, "Referer": referrer}
        ).status_code
        == 200
    )
    assert httpx.head(f"{edge_url}/@{name}").status_code == 200  # a probe, not a visit
    assert (
        httpx.get(
            f"{api.base_url}/v1/bio/{name}", headers={"User-Agent": USER_AGENTS["windows_edge"]}
        ).status_code
        == 200
    )
    # The page visit and the JSON visit travel separately (edge buffer, admin), and a
    # webhook's deliveries may overlap: compare without order.
    found = sorted(delivered(receiver, "bio.visited", 2), key=lambda data: data["device"])
    assert found == [
        {"username": name, "country": None, "device": "desktop", "os": "Windows",
         "referrer": None},
        {"username": name, "country": None, "device": "mobile", "os": "Android",
         "referrer": referrer},
    ]  # fmt: skip
    with psycopg.connect(database_url) as conn:
        stored = conn.execute(
            "SELECT count(*) FROM bio_visits WHERE bio_id = %s", (page["id"],)
        ).fetchone()
        clicks = conn.execute(
            "SELECT count(*) FROM clicks WHERE link_id = %s", (page["links"][0]["linkId"],)
        ).fetchone()
    assert stored == (2,)
    assert clicks == (0,)


def test_unknown_pages_are_404(api: httpx.Client, edge_url: str) -> None:
    response = httpx.get(f"{api.base_url}/v1/bio/nobody_here")
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("application/problem+json")
    assert httpx.get(f"{edge_url}/@nobody_here").status_code == 404
    assert httpx.get(f"{edge_url}/@No").status_code == 404
    assert httpx.get(f"{edge_url}/@").status_code == 404


def test_taken_username_is_409_and_rename_moves_the_page(
    api: httpx.Client, account: Account, database_url: str, edge_url: str
) -> None:
    name, other_name = username(), username()
    assert put_bio(api, account, username=name, displayName="A").status_code == 201
    qr = api.post("/v1/qr", json={"type": "bio"}, headers=account.headers()).json()
    assert httpx.get(qr["payload"]).headers["location"] == f"{edge_url}/@{name}"
    other = create_account(database_url)
    taken = put_bio(api, other, username=name, displayName="B")
    assert taken.status_code == 409
    assert taken.json()["errors"][0]["field"] == "username"

    assert put_bio(api, account, username=other_name, displayName="A").status_code == 200
    assert httpx.get(f"{edge_url}/@{name}").status_code == 410  # reserved for its owner
    assert httpx.get(f"{edge_url}/@{other_name}").status_code == 200
    wait_until(  # the printed bio code follows the rename
        lambda: httpx.get(qr["payload"]).headers["location"] == f"{edge_url}/@{other_name}",
        timeout=5,
    )
    reserved = put_bio(api, other, username=name, displayName="B")
    assert reserved.status_code == 409
    assert reserved.json()["errors"] == [{"field": "username", "message": "already taken"}]
    assert httpx.get(f"{edge_url}/@{name}").status_code == 410

    # The owner may move back at once; then the other name is the reserved one.
    assert put_bio(api, account, username=name, displayName="A").status_code == 200
    assert httpx.get(f"{edge_url}/@{name}").status_code == 200
    assert httpx.get(f"{edge_url}/@{other_name}").status_code == 410
    assert put_bio(api, other, username=other_name, displayName="B").status_code == 409
    age_username(database_url, other_name, days=31)  # past HOP_CODE_RESERVATION_DAYS
    assert put_bio(api, other, username=other_name, displayName="B").status_code == 201
    assert httpx.get(f"{edge_url}/@{other_name}").status_code == 200


def age_username(database_url: str, name: str, *, days: int) -> None:
    """Pretend the name was freed ``days`` ago."""
    with psycopg.connect(database_url) as conn:
        conn.execute(
            "UPDATE bio_usernames SET freed_at = now() - make_interval(days => %s)"
            " WHERE username = %s AND freed_at IS NOT NULL",
            (days, name),
        )


def test_delete_and_sandbox_isolation(
    api: httpx.Client, account: Account, edge_url: str, database_url: str
) -> None:
    name = username()
    page = put_bio(
        api, account, username=name, displayName="D",
        links=[{"title": "t", "url": "https://example.com/t"}],
    ).json()  # fmt: skip
    assert api.get("/v1/bio", headers=account.headers("test")).status_code == 404
    assert api.delete("/v1/bio", headers=account.headers()).status_code == 204
    assert api.delete("/v1/bio", headers=account.headers()).status_code == 404
    assert httpx.get(f"{api.base_url}/v1/bio/{name}").status_code == 404
    assert httpx.get(f"{edge_url}/@{name}").status_code == 410
    assert httpx.get(page["links"][0]["url"]).status_code == 410
    assert api.put("/v1/bio", json={"username": name}).status_code == 401
    # The deleted page's name stays its owner's: others get 409, the owner takes it back.
    other = create_account(database_url)
    assert put_bio(api, other, username=name, displayName="X").status_code == 409
    assert put_bio(api, account, username=name, displayName="D again").status_code == 201
    assert httpx.get(f"{edge_url}/@{name}").status_code == 200


def test_sandbox_pages_are_a_namespace_of_their_own(
    api: httpx.Client, account: Account, edge_url: str, database_url: str
) -> None:
    name = username()
    sandbox = api.put(
        "/v1/bio",
        json={"username": name, "displayName": "Sandbox",
              "links": [{"title": "t", "url": "https://example.com/t"}]},
        headers=account.headers("test"),
    )  # fmt: skip
    assert sandbox.status_code == 201, sandbox.text
    page = sandbox.json()
    assert page["pageUrl"] == f"{edge_url}/test/@{name}"
    assert page["links"][0]["url"].startswith(f"{edge_url}/test/")
    served = httpx.get(page["pageUrl"])
    assert served.status_code == 200
    assert served.headers["x-robots-tag"] == "noindex"
    assert "Sandbox" in served.text
    assert httpx.get(page["links"][0]["url"]).headers["location"] == "https://example.com/t"
    # Not public as a live page...
    assert httpx.get(f"{edge_url}/@{name}").status_code == 404
    assert httpx.get(f"{api.base_url}/v1/bio/{name}").status_code == 404
    # ...and it squats nothing: another account's live key takes the same name.
    other = create_account(database_url)
    assert put_bio(api, other, username=name, displayName="Live").status_code == 201
    assert "Live" in httpx.get(f"{edge_url}/@{name}").text
    assert httpx.get(f"{api.base_url}/v1/bio/{name}").json()["displayName"] == "Live"
    assert "Sandbox" in httpx.get(f"{edge_url}/test/@{name}").text


def test_cache_rebuild_restores_bio_pages(
    api: httpx.Client, account: Account, database_url: str, redis_url: str, edge_url: str
) -> None:
    name, old_name = username(), username()
    assert put_bio(api, account, username=old_name, displayName="R").status_code == 201
    assert put_bio(api, account, username=name, displayName="R").status_code == 200  # renamed
    test_name = username()
    sandbox = api.put(
        "/v1/bio", json={"username": test_name, "displayName": "S"}, headers=account.headers("test")
    )
    assert sandbox.status_code == 201
    store = redis.Redis.from_url(redis_url)
    store.delete(bio_key(name), bio_key(old_name), sandbox_bio_key(test_name))
    store.set(bio_key("stale_page"), b"junk")
    store.set(sandbox_bio_key("stale_page"), b"junk")
    store.set(sandbox_bio_key(name), b"junk")  # a live name is no sandbox one
    assert httpx.get(f"{edge_url}/@{name}").status_code == 404

    async def rebuild() -> int:
        from redis.asyncio import Redis  # noqa: PLC0415 - only this test needs the async client

        client = Redis.from_url(redis_url)
        async with await psycopg.AsyncConnection.connect(database_url) as conn:
            count = await rebuild_bio_pages(conn, client)
        await client.aclose()
        return count

    assert asyncio.run(rebuild()) >= 3
    assert httpx.get(f"{edge_url}/@{name}").status_code == 200
    assert httpx.get(f"{edge_url}/@{old_name}").status_code == 410
    assert httpx.get(f"{edge_url}/test/@{test_name}").status_code == 200
    assert store.get(bio_key("stale_page")) is None
    assert store.get(sandbox_bio_key("stale_page")) is None
    assert store.get(sandbox_bio_key(name)) is None
