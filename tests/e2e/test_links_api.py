"""The links API through a real granian admin process, PostgreSQL and Redis."""

from __future__ import annotations

import concurrent.futures
from datetime import UTC, datetime, timedelta

import httpx
import psycopg
import redis

from common.keys import link_key
from common.wire import link_entry_decoder
from tests.support.accounts import Account, create_account
from tests.support.api import PROBLEM, assert_problem, create_link


def get(store: redis.Redis, key: str) -> bytes:
    value = store.get(key)
    assert isinstance(value, bytes)
    return value


def test_create_returns_the_spec_fields(
    api: httpx.Client, account: Account, edge_port: int
) -> None:
    response = create_link(api, account, longUrl="https://example.com/a?b=c")
    assert response.status_code == 201
    body = response.json()
    assert body["id"].startswith("lnk_")
    assert len(body["shortCode"]) == 7
    assert body["shortUrl"] == f"http://127.0.0.1:{edge_port}/{body['shortCode']}"
    assert body["longUrl"] == "https://example.com/a?b=c"
    assert body["createdAt"].endswith("Z")
    datetime.fromisoformat(body["createdAt"])
    assert body["status"] == "active"
    assert body["clicks"] == 0
    assert response.headers["location"] == f"/v1/links/{body['id']}"


def test_create_with_alias_tags_and_expiry(api: httpx.Client, account: Account) -> None:
    alias = f"sale-{account.user_id[-8:]}"
    expires = (datetime.now(UTC) + timedelta(days=1)).isoformat()
    response = create_link(
        api,
        account,
        longUrl="https://example.com",
        alias=alias,
        tags=["promo", "promo", "q4"],
        expiresAt=expires,
    )
    assert response.status_code == 201, response.text
    body = response.json()
    assert body["shortCode"] == alias
    assert body["tags"] == ["promo", "q4"]
    assert body["expiresAt"].endswith("Z")


def test_get_list_patch_delete(api: httpx.Client, account: Account) -> None:
    link = create_link(api, account, longUrl="https://example.com/1").json()
    got = api.get(f"/v1/links/{link['id']}", headers=account.headers())
    assert got.status_code == 200
    assert got.json()["id"] == link["id"]

    patched = api.patch(
        f"/v1/links/{link['id']}",
        headers=account.headers(),
        json={"longUrl": "https://example.org/2", "tags": ["x"]},
    )
    assert patched.status_code == 200, patched.text
    assert patched.json()["longUrl"] == "https://example.org/2"
    assert patched.json()["tags"] == ["x"]
    assert patched.json()["updatedAt"] >= link["updatedAt"]

    listed = api.get("/v1/links", headers=account.headers()).json()
    assert [item["id"] for item in listed["data"]] == [link["id"]]
    assert listed["nextCursor"] is None

    deleted = api.delete(f"/v1/links/{link['id']}", headers=account.headers())
    assert deleted.status_code == 204
    assert deleted.content == b""
    assert_problem(api.get(f"/v1/links/{link['id']}", headers=account.headers()), 404, "Not Found")
    assert_problem(
        api.delete(f"/v1/links/{link['id']}", headers=account.headers()), 404, "Not Found"
    )


def test_pagination_is_keyset_newest_first(api: httpx.Client, account: Account) -> None:
    ids = [
        create_link(api, account, longUrl=f"https://example.com/{n}").json()["id"] for n in range(7)
    ]
    seen: list[str] = []
    cursor = None
    while True:
        params = {"limit": 3, **({"cursor": cursor} if cursor else {})}
        page = api.get("/v1/links", params=params, headers=account.headers()).json()
        seen += [item["id"] for item in page["data"]]
        cursor = page["nextCursor"]
        if cursor is None:
            break
    assert seen == list(reversed(ids))


def test_filters_by_tag_and_query(api: httpx.Client, account: Account) -> None:
    a = create_link(api, account, longUrl="https://shop.example.com/shoes", tags=["shoes"]).json()
    create_link(api, account, longUrl="https://blog.example.com/post", tags=["blog"])
    by_tag = api.get("/v1/links", params={"tag": "shoes"}, headers=account.headers()).json()
    assert [item["id"] for item in by_tag["data"]] == [a["id"]]
    by_q = api.get("/v1/links", params={"q": "SHOP.example"}, headers=account.headers()).json()
    assert [item["id"] for item in by_q["data"]] == [a["id"]]
    wildcard = api.get("/v1/links", params={"q": "%"}, headers=account.headers()).json()
    assert wildcard["data"] == []


def test_other_users_links_are_404(api: httpx.Client, account: Account, database_url: str) -> None:
    other = create_account(database_url)
    link = create_link(api, other, longUrl="https://example.com").json()
    for method in ("GET", "DELETE"):
        response = api.request(method, f"/v1/links/{link['id']}", headers=account.headers())
        assert_problem(response, 404, "Not Found")
    response = api.patch(
        f"/v1/links/{link['id']}",
        json={"longUrl": "https://evil.example"},
        headers=account.headers(),
    )
    assert_problem(response, 404, "Not Found")
    assert (
        api.get(f"/v1/links/{link['id']}", headers=other.headers()).json()["longUrl"]
        == "https://example.com"
    )


def test_alias_taken_is_409(api: httpx.Client, account: Account, database_url: str) -> None:
    alias = f"taken-{account.user_id[-10:]}"
    assert create_link(api, account, longUrl="https://example.com", alias=alias).status_code == 201
    other = create_account(database_url)
    problem = assert_problem(
        create_link(api, other, longUrl="https://example.com", alias=alias), 409, "Conflict"
    )
    assert problem["errors"] == [{"field": "alias", "message": "already in use"}]
    second = create_link(api, account, longUrl="https://example.com/2").json()
    problem = assert_problem(
        api.patch(f"/v1/links/{second['id']}", json={"alias": alias}, headers=account.headers()),
        409,
        "Conflict",
    )


def test_concurrent_creates_with_one_alias_one_wins(admin_url: str, database_url: str) -> None:
    accounts = [create_account(database_url) for _ in range(2)]
    alias = f"race-{accounts[0].user_id[-10:]}"

    def attempt(account: Account) -> int:
        with httpx.Client(base_url=admin_url, timeout=30) as client:
            return create_link(
                client, account, longUrl="https://example.com", alias=alias
            ).status_code

    for _ in range(3):
        alias = f"race{_}-{accounts[0].user_id[-10:]}"
        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            statuses = sorted(pool.map(attempt, accounts * 4))
        assert statuses == [201] + [409] * 7
    with psycopg.connect(database_url) as conn:
        count = conn.execute(
            "SELECT count(*) FROM links WHERE short_code = %s", (alias,)
        ).fetchone()
    assert count == (1,)


def test_deleted_alias_can_be_reused(api: httpx.Client, account: Account) -> None:
    alias = f"reuse-{account.user_id[-10:]}"
    first = create_link(api, account, longUrl="https://example.com/1", alias=alias).json()
    assert api.delete(f"/v1/links/{first['id']}", headers=account.headers()).status_code == 204
    second = create_link(api, account, longUrl="https://example.com/2", alias=alias)
    assert second.status_code == 201


def age_reservation(database_url: str, environment: str, code: str, days: int) -> None:
    """Pretend the code was freed ``days`` ago."""
    with psycopg.connect(database_url) as conn:
        conn.execute(
            "UPDATE short_codes SET freed_at = now() - make_interval(days => %s)"
            " WHERE environment = %s AND short_code = %s AND freed_at IS NOT NULL",
            (days, environment, code),
        )


def test_a_deleted_alias_stays_reserved_for_its_owner(
    api: httpx.Client, account: Account, database_url: str, edge: httpx.Client
) -> None:
    alias = f"kept-{account.user_id[-10:]}"
    first = create_link(api, account, longUrl="https://example.com/1", alias=alias).json()
    assert api.delete(f"/v1/links/{first['id']}", headers=account.headers()).status_code == 204
    assert edge.get(f"/{alias}").status_code == 410

    other = create_account(database_url)
    problem = assert_problem(
        create_link(api, other, longUrl="https://evil.example/", alias=alias), 409, "Conflict"
    )
    assert problem["errors"] == [{"field": "alias", "message": "already in use"}]
    theirs = create_link(api, other, longUrl="https://evil.example/").json()
    assert_problem(
        api.patch(f"/v1/links/{theirs['id']}", json={"alias": alias}, headers=other.headers()),
        409,
        "Conflict",
    )
    assert edge.get(f"/{alias}").status_code == 410  # still gone, not someone else's

    # Near the end of the grace period (30 days by default) it is still reserved...
    age_reservation(database_url, "live", alias, 29)
    assert create_link(api, other, longUrl="https://evil.example/", alias=alias).status_code == 409
    # ...and the owner takes it back at once.
    again = create_link(api, account, longUrl="https://example.com/again", alias=alias)
    assert again.status_code == 201, again.text
    assert edge.get(f"/{alias}").headers["location"] == "https://example.com/again"

    # Once a freed code's reservation has run out, anyone may take it.
    assert (
        api.delete(f"/v1/links/{again.json()['id']}", headers=account.headers()).status_code == 204
    )
    age_reservation(database_url, "live", alias, 31)
    taken = create_link(api, other, longUrl="https://example.org/", alias=alias)
    assert taken.status_code == 201, taken.text
    assert edge.get(f"/{alias}").headers["location"] == "https://example.org/"


def test_a_previous_alias_stays_reserved_and_answers_410(
    api: httpx.Client, account: Account, database_url: str, edge: httpx.Client
) -> None:
    old, new = f"old-{account.user_id[-10:]}", f"new-{account.user_id[-10:]}"
    link = create_link(api, account, longUrl="https://example.com/moving", alias=old).json()
    assert edge.get(f"/{old}").status_code == 302
    moved = api.patch(f"/v1/links/{link['id']}", json={"alias": new}, headers=account.headers())
    assert moved.status_code == 200, moved.text
    assert edge.get(f"/{old}").status_code == 410
    assert edge.get(f"/{new}").status_code == 302

    other = create_account(database_url)
    assert create_link(api, other, longUrl="https://evil.example/", alias=old).status_code == 409
    # The owner may give the old code to another of their links, or move back.
    second = create_link(api, account, longUrl="https://example.com/second", alias=old)
    assert second.status_code == 201, second.text
    assert edge.get(f"/{old}").headers["location"] == "https://example.com/second"
    assert (
        api.delete(f"/v1/links/{second.json()['id']}", headers=account.headers()).status_code == 204
    )
    back = api.patch(f"/v1/links/{link['id']}", json={"alias": old}, headers=account.headers())
    assert back.status_code == 200, back.text
    assert edge.get(f"/{old}").headers["location"] == "https://example.com/moving"
    assert edge.get(f"/{new}").status_code == 410


def test_sandbox_links_are_a_namespace_of_their_own(
    api: httpx.Client, account: Account, database_url: str, edge: httpx.Client, edge_port: int
) -> None:
    alias = f"both-{account.user_id[-10:]}"
    live = create_link(api, account, longUrl="https://example.com/live", alias=alias)
    assert live.status_code == 201
    other = create_account(database_url)
    # Another account's sandbox key takes the same alias: no 409, nothing learnt.
    sandbox = api.post(
        "/v1/links",
        json={"longUrl": "https://example.com/sandbox", "alias": alias},
        headers=other.headers("test"),
    )
    assert sandbox.status_code == 201, sandbox.text
    body = sandbox.json()
    assert body["shortCode"] == alias
    assert body["shortUrl"] == f"http://127.0.0.1:{edge_port}/test/{alias}"

    assert edge.get(f"/{alias}").headers["location"] == "https://example.com/live"
    answer = edge.get(f"/test/{alias}")
    assert answer.status_code == 302
    assert answer.headers["location"] == "https://example.com/sandbox"
    assert answer.headers["x-robots-tag"] == "noindex"
    assert "x-robots-tag" not in edge.get(f"/{alias}").headers

    # A sandbox alias blocks no live one either, and a generated sandbox code is
    # served under /test/ only.
    test_alias = f"sbx-{account.user_id[-10:]}"
    made = api.post(
        "/v1/links",
        json={"longUrl": "https://example.com/t", "alias": test_alias},
        headers=account.headers("test"),
    )
    assert made.status_code == 201
    assert (
        create_link(api, other, longUrl="https://example.com/l", alias=test_alias).status_code
        == 201
    )
    generated = api.post(
        "/v1/links", json={"longUrl": "https://example.com/g"}, headers=account.headers("test")
    ).json()
    assert edge.get(f"/{generated['shortCode']}").status_code == 404
    assert edge.get(f"/test/{generated['shortCode']}").status_code == 302

    # 404 and 410 under /test/ are not indexed either.
    missing = edge.get("/test/no-such-code-here")
    assert (missing.status_code, missing.headers["x-robots-tag"]) == (404, "noindex")
    api.delete(f"/v1/links/{generated['id']}", headers=account.headers("test"))
    gone = edge.get(f"/test/{generated['shortCode']}")
    assert (gone.status_code, gone.headers["x-robots-tag"]) == (410, "noindex")


def test_writes_go_through_to_redis_and_the_outbox(
    api: httpx.Client, account: Account, redis_url: str, database_url: str
) -> None:
    store = redis.Redis.from_url(redis_url)
    link = create_link(
        api, account, longUrl="https://example.com/one", redirectType=301, forwardQuery=False
    ).json()
    entry = link_entry_decoder.decode(get(store, link_key(link["shortCode"])))
    assert (entry.link_id, entry.url, entry.state) == (
        link["id"],
        "https://example.com/one",
        "active",
    )
    assert (entry.redirect_type, entry.forward_query) == (301, False)

    alias = f"moved-{account.user_id[-10:]}"
    api.patch(
        f"/v1/links/{link['id']}",
        json={"alias": alias, "longUrl": "https://example.com/two"},
        headers=account.headers(),
    )
    # The previous code answers 410 while it is reserved for the owner.
    moved = link_entry_decoder.decode(get(store, link_key(link["shortCode"])))
    assert (moved.link_id, moved.state) == (link["id"], "deleted")
    entry = link_entry_decoder.decode(get(store, link_key(alias)))
    assert entry.url == "https://example.com/two"

    api.delete(f"/v1/links/{link['id']}", headers=account.headers())
    assert link_entry_decoder.decode(get(store, link_key(alias))).state == "deleted"

    with psycopg.connect(database_url) as conn:
        events = conn.execute(
            "SELECT id, type, data FROM events WHERE workspace_id = %s ORDER BY seq",
            (account.workspace_id,),
        ).fetchall()
    assert [event[1] for event in events] == ["link.created", "link.updated", "link.deleted"]
    assert all(event[0].startswith("evt_") for event in events)
    assert events[0][2]["shortCode"] == link["shortCode"]
    assert sorted(events[1][2]["changes"]) == ["longUrl", "shortCode"]
    assert events[2][2]["id"] == link["id"]
    assert events[2][2]["domain"] is None  # on the short host


def test_failed_requests_write_nothing(
    api: httpx.Client, account: Account, database_url: str
) -> None:
    create_link(api, account, longUrl="https://example.com", alias="x")  # 422
    create_link(api, account, longUrl="nope")  # 422
    api.post(
        "/v1/links", content=b"{", headers={**account.headers(), "Content-Type": "application/json"}
    )
    with psycopg.connect(database_url) as conn:
        rows = conn.execute(
            "SELECT (SELECT count(*) FROM links WHERE workspace_id = %(u)s),"
            " (SELECT count(*) FROM events WHERE workspace_id = %(u)s)",
            {"u": account.workspace_id},
        ).fetchone()
    assert rows == (0, 0)


def test_patch_null_clears_expiry_and_empty_patch_changes_nothing(
    api: httpx.Client, account: Account, database_url: str
) -> None:
    expires = (datetime.now(UTC) + timedelta(hours=1)).isoformat()
    link = create_link(api, account, longUrl="https://example.com", expiresAt=expires).json()
    cleared = api.patch(
        f"/v1/links/{link['id']}", json={"expiresAt": None}, headers=account.headers()
    ).json()
    assert cleared["expiresAt"] is None
    unchanged = api.patch(f"/v1/links/{link['id']}", json={}, headers=account.headers())
    assert unchanged.status_code == 200
    with psycopg.connect(database_url) as conn:
        count = conn.execute(
            "SELECT count(*) FROM events WHERE workspace_id = %s AND type = %s",
            (account.workspace_id, "link.updated"),
        ).fetchone()
    assert count == (1,)


def test_bad_list_parameters_are_422(api: httpx.Client, account: Account) -> None:
    for params in ({"limit": 0}, {"limit": 201}, {"limit": "many"}, {"cursor": "garbage!"}):
        assert_problem(
            api.get("/v1/links", params=params, headers=account.headers()), 422, "Validation"
        )


def test_unknown_route_and_method_are_problems(api: httpx.Client, account: Account) -> None:
    assert_problem(api.get("/v1/nothing", headers=account.headers()), 404, "Not Found")
    response = api.put("/v1/links", headers=account.headers(), json={})
    assert response.status_code == 405
    assert response.headers["content-type"].startswith(PROBLEM)


def test_link_json_shape_round_trips(api: httpx.Client, account: Account) -> None:
    body = create_link(api, account, longUrl="https://example.com").json()
    assert set(body) == {
        "id",
        "shortCode",
        "shortUrl",
        "longUrl",
        "tags",
        "expiresAt",
        "createdAt",
        "updatedAt",
        "status",
        "clicks",
        "redirectType",
        "forwardQuery",
        "safety",
        # Links decided at the edge (issue 15): null or false when unused.
        "rules",
        "variants",
        "passwordProtected",
        "maxClicks",
        "expiredUrl",
        "exhaustedAt",
        "title",
        "notes",
        "preview",
        "utm",
        # Custom domains: null on the default short host.
        "domain",
        # Who made it (issue 26): here the account's API key.
        "createdBy",
        # Imports (issue 28): clicks at the shortener it came from, its archived state.
        "importedClicks",
        "archived",
        # Issue 30: the caller's own id (null when unset).
        "externalId",
        # Link health (issue 30): null before the worker's first check.
        "health",
        # Deep links (issue 30): null when unset.
        "appUrl",
        "iosUrl",
        "androidUrl",
        # Issue 30: what /<code>/<more> answers (null: 404, as before).
        "extraPath",
    }
    assert body["health"] is None
    assert body["importedClicks"] == 0
    assert body["archived"] is False
    assert body["passwordProtected"] is False
    assert body["createdBy"].startswith("key_")
    assert all(
        body[name] is None
        for name in ("rules", "variants", "maxClicks", "utm", "domain", "externalId")
    )
    assert set(body["safety"]) == {"verdict", "reasons", "source", "checkedAt", "reviewRequestedAt"}
    # Read back, the link is the same JSON, member for member.
    assert api.get(f"/v1/links/{body['id']}", headers=account.headers()).json() == body
