"""Bulk create, CSV import and export, bulk changes by filter, list filters and sorts, tags:
through a real admin and edge, PostgreSQL and Redis."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import psycopg

from tests.support.accounts import Account, create_account, create_key
from tests.support.api import assert_problem, make_link

CSV = {"Content-Type": "text/csv"}


def bulk(api: httpx.Client, account: Account, items: list[Any], **headers: str) -> httpx.Response:
    return api.post(
        "/v1/links/bulk", json={"items": items}, headers={**account.headers(), **headers}
    )


def error_fields(response: httpx.Response) -> list[str]:
    return [error["field"] for error in response.json()["errors"]]


def listed(api: httpx.Client, account: Account, **params: Any) -> list[dict[str, Any]]:
    """Every page of GET /v1/links with ``params``, following nextCursor."""
    found: list[dict[str, Any]] = []
    cursor = None
    while True:
        query = {**params, **({"cursor": cursor} if cursor else {})}
        response = api.get("/v1/links", params=query, headers=account.headers())
        assert response.status_code == 200, response.text
        body = response.json()
        found += body["data"]
        cursor = body["nextCursor"]
        if cursor is None:
            return found


def test_bulk_create_answers_each_item_as_a_single_create_would(
    api: httpx.Client, account: Account, edge: httpx.Client
) -> None:
    alias = f"bulk-{account.user_id[-8:]}"
    items: list[Any] = [
        {"longUrl": "https://example.com/one", "tags": ["b"]},
        {"longUrl": "not a url"},
        {"alias": "no-url-here"},
        {"longUrl": "https://example.com/two", "alias": alias},
        {"longUrl": "https://example.com/three", "alias": alias},
        {"longUrl": "https://example.com/four", "alias": "admin"},
        {"longUrl": "https://example.com/five", "bogus": 1},
        {"longUrl": "https://example.com/six", "redirectType": 303},
    ]
    response = bulk(api, account, items)
    assert response.status_code == 200, response.text
    body = response.json()
    assert [result["index"] for result in body["results"]] == list(range(len(items)))
    statuses = [result["status"] for result in body["results"]]
    assert statuses == [201, 422, 400, 201, 409, 422, 422, 422]
    assert (body["created"], body["failed"]) == (2, 6)
    fields = [
        [error["field"] for error in result["problem"]["errors"]] if result["problem"] else None
        for result in body["results"]
    ]
    assert fields == [
        None,
        ["longUrl"],
        ["longUrl"],
        None,
        ["alias"],
        ["alias"],
        ["bogus"],
        ["redirectType"],
    ]
    assert body["results"][4]["problem"]["type"] == "urn:hop:problem:alias-taken"

    created = [result["link"] for result in body["results"] if result["status"] == 201]
    assert created[1]["shortCode"] == alias
    for link in created:
        got = api.get(f"/v1/links/{link['id']}", headers=account.headers())
        assert got.json() == link
    visit = edge.get(f"/{alias}")
    assert visit.status_code == 302
    assert visit.headers["location"] == "https://example.com/two"
    assert len(listed(api, account)) == 2


def test_bulk_create_is_idempotent(api: httpx.Client, account: Account) -> None:
    items = [{"longUrl": f"https://example.com/{n}"} for n in range(3)]
    first = bulk(api, account, items, **{"Idempotency-Key": "bulk-1"})
    again = bulk(api, account, items, **{"Idempotency-Key": "bulk-1"})
    assert first.status_code == again.status_code == 200
    assert again.headers["idempotent-replayed"] == "true"
    assert again.json() == first.json()
    assert len(listed(api, account)) == 3
    other = bulk(api, account, items[:1], **{"Idempotency-Key": "bulk-1"})
    assert_problem(other, 422, "Validation")


def test_bulk_create_bounds(api: httpx.Client, account: Account) -> None:
    too_many = [{"longUrl": "https://example.com/x"}] * 1001
    response = bulk(api, account, too_many)
    assert_problem(response, 422, "Validation")
    assert error_fields(response) == ["items"]
    assert_problem(bulk(api, account, []), 422, "Validation")
    assert_problem(
        api.post("/v1/links/bulk", json={}, headers=account.headers()), 400, "Bad Request"
    )
    assert listed(api, account) == []


def test_a_thousand_items_in_one_request(api: httpx.Client, account: Account) -> None:
    items = [{"longUrl": f"https://example.com/p/{n}", "tags": ["many"]} for n in range(1000)]
    response = bulk(api, account, items)
    assert response.status_code == 200, response.text
    assert response.json()["created"] == 1000
    tags = api.get("/v1/tags", headers=account.headers()).json()
    assert tags == {"data": [{"tag": "many", "links": 1000}]}


def test_csv_import_and_export_round_trip(
    api: httpx.Client, account: Account, database_url: str
) -> None:
    expires = (datetime.now(UTC) + timedelta(days=3)).replace(microsecond=0)
    document = (
        "longUrl,alias,tags,expiresAt,redirectType,forwardQuery,note\r\n"
        f"https://example.com/a,,news|q4,{expires.isoformat()},301,false,ignored\r\n"
        'https://example.com/b?x=1,,"=SUM(A1)|plain",,,,\r\n'
        "nope,,,,,,\r\n"
        "https://example.com/c,,,,999,,\r\n"
    )
    response = api.post(
        "/v1/links/import", content=document.encode(), headers={**account.headers(), **CSV}
    )
    assert response.status_code == 200, response.text
    body = response.json()
    assert [result["status"] for result in body["results"]] == [201, 201, 422, 422]
    assert body["results"][2]["problem"]["errors"][0]["field"] == "longUrl"
    assert body["results"][3]["problem"]["errors"][0]["field"] == "redirectType"
    first = body["results"][0]["link"]
    assert first["tags"] == ["news", "q4"]
    assert (first["redirectType"], first["forwardQuery"]) == (301, False)
    assert datetime.fromisoformat(first["expiresAt"]) == expires
    assert body["results"][1]["link"]["tags"] == ["=SUM(A1)", "plain"]

    exported = api.get("/v1/links/export", params={"format": "csv"}, headers=account.headers())
    assert exported.status_code == 200
    assert exported.headers["content-type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(exported.text)))
    assert [row["longUrl"] for row in rows] == [
        "https://example.com/b?x=1",
        "https://example.com/a",
    ]
    assert rows[0]["tags"] == "'=SUM(A1)|plain"  # a spreadsheet must not run it
    assert rows[1]["shortUrl"].endswith("/" + rows[1]["shortCode"])

    # The export imports into another account: the same links, under new codes.
    other = create_account(database_url)
    again = api.post(
        "/v1/links/import", content=exported.content, headers={**other.headers(), **CSV}
    )
    assert again.status_code == 200, again.text
    copies = {r["link"]["longUrl"]: r["link"] for r in again.json()["results"]}
    for row in rows:
        copy = copies[row["longUrl"]]
        assert copy["shortCode"] != row["shortCode"]
        assert (copy["expiresAt"] or "") == row["expiresAt"]
        assert copy["longUrl"] == row["longUrl"]
        assert "|".join(copy["tags"]) == row["tags"].removeprefix("'")

    filtered = api.get(
        "/v1/links/export", params={"tag": "news"}, headers=account.headers()
    ).text.splitlines()
    assert len(filtered) == 2  # the header and the one link tagged news


def test_csv_import_refusals(api: httpx.Client, account: Account) -> None:
    headers = {**account.headers(), **CSV}
    wrong_type = api.post(
        "/v1/links/import", content=b"longUrl\r\nhttps://example.com\r\n", headers=account.headers()
    )
    assert_problem(wrong_type, 400, "Bad Request")
    no_column = api.post(
        "/v1/links/import", content=b"url\r\nhttps://example.com\r\n", headers=headers
    )
    problem = assert_problem(no_column, 422, "Validation")
    assert problem["errors"] == [
        {"field": "longUrl", "message": "column is missing from the header row"}
    ]
    latin = api.post(
        "/v1/links/import", content=b"longUrl\r\nhttps://\xe9.com\r\n", headers=headers
    )
    assert_problem(latin, 400, "Bad Request")
    many = b"longUrl\r\n" + b"https://example.com/\r\n" * 1001
    assert_problem(api.post("/v1/links/import", content=many, headers=headers), 422, "Validation")
    assert listed(api, account) == []


def test_list_filters_sorts_and_stable_cursors(
    api: httpx.Client, account: Account, database_url: str
) -> None:
    a = make_link(api, account, longUrl="https://example.com/a", tags=["red", "big"])
    b = make_link(api, account, longUrl="https://example.com/b", tags=["red"])
    c = make_link(api, account, longUrl="https://example.com/c", tags=["blue"])
    d = make_link(api, account, longUrl="https://example.com/d")
    with psycopg.connect(database_url, autocommit=True) as conn:
        for link, clicks in ((a, 5), (b, 9), (c, 5), (d, 0)):
            conn.execute("UPDATE links SET clicks = %s WHERE id = %s", (clicks, link["id"]))
        conn.execute(
            "UPDATE links SET expires_at = now() - interval '1 hour' WHERE id = %s", (d["id"],)
        )

    def ids(**params: Any) -> list[str]:
        return [link["id"] for link in listed(api, account, limit=1, **params)]

    assert ids() == [d["id"], c["id"], b["id"], a["id"]]
    assert ids(sort="created") == [a["id"], b["id"], c["id"], d["id"]]
    # Ties (a and c: 5 clicks) by id, in the order's direction.
    assert ids(sort="-clicks") == [b["id"], c["id"], a["id"], d["id"]]
    assert ids(sort="clicks") == [d["id"], a["id"], c["id"], b["id"]]
    assert ids(tag="red") == [b["id"], a["id"]]
    assert ids(tag=["red", "big"]) == [a["id"]]
    assert ids(tag=["big", "blue"], tagMatch="any") == [c["id"], a["id"]]
    assert ids(status="expired") == [d["id"]]
    assert ids(status="active", sort="clicks") == [a["id"], c["id"], b["id"]]
    assert ids(createdFrom=b["createdAt"], createdTo=d["createdAt"]) == [c["id"], b["id"]]
    assert ids(q="example.com/c") == [c["id"]]

    page = api.get("/v1/links", params={"limit": 2}, headers=account.headers()).json()
    wrong_order = api.get(
        "/v1/links",
        params={"cursor": page["nextCursor"], "sort": "-clicks"},
        headers=account.headers(),
    )
    assert_problem(wrong_order, 422, "Validation")
    assert error_fields(wrong_order) == ["cursor"]
    for params, field in (
        ({"sort": "name"}, "sort"),
        ({"status": "gone"}, "status"),
        ({"createdFrom": "yesterday"}, "createdFrom"),
        ({"createdFrom": "2026-02-02", "createdTo": "2026-02-01"}, "createdTo"),
        ({"tagMatch": "some"}, "tagMatch"),
    ):
        bad = api.get("/v1/links", params=params, headers=account.headers())
        assert_problem(bad, 422, "Validation")
        assert field in error_fields(bad), bad.text


def test_tags_with_counts(api: httpx.Client, account: Account) -> None:
    make_link(api, account, longUrl="https://example.com/1", tags=["x", "y"])
    make_link(api, account, longUrl="https://example.com/2", tags=["y"])
    gone = make_link(api, account, longUrl="https://example.com/3", tags=["y", "z"])
    api.delete(f"/v1/links/{gone['id']}", headers=account.headers())
    body = api.get("/v1/tags", headers=account.headers()).json()
    assert body == {"data": [{"tag": "y", "links": 2}, {"tag": "x", "links": 1}]}
    limited = api.get("/v1/tags", params={"limit": 1}, headers=account.headers()).json()
    assert limited == {"data": [{"tag": "y", "links": 2}]}


def test_bulk_update_tags_and_delete_by_filter(
    api: httpx.Client, account: Account, edge: httpx.Client, database_url: str
) -> None:
    links = [
        make_link(api, account, longUrl=f"https://example.com/{n}", tags=["old"] if n < 3 else [])
        for n in range(5)
    ]

    def change(filter_: dict[str, Any], action: dict[str, Any]) -> httpx.Response:
        return api.post(
            "/v1/links/bulk-update",
            json={"filter": filter_, "action": action},
            headers=account.headers(),
        )

    added = change({"tag": ["old"]}, {"type": "addTags", "tags": ["new", "old"]})
    assert added.status_code == 200, added.text
    assert added.json() == {"matched": 3, "changed": 3}
    again = change({"tag": ["old"]}, {"type": "addTags", "tags": ["new"]})
    assert again.json() == {"matched": 3, "changed": 0}
    assert [link["tags"] for link in listed(api, account, tag="new")] == [["old", "new"]] * 3
    removed = change({"tag": ["new"]}, {"type": "removeTags", "tags": ["old"]})
    assert removed.json() == {"matched": 3, "changed": 3}
    with psycopg.connect(database_url) as conn:
        events = conn.execute(
            "SELECT count(*) FROM events WHERE workspace_id = %s AND type = 'link.updated'",
            (account.workspace_id,),
        ).fetchone()
    assert events == (6,)

    deleted = change({"tag": ["new"]}, {"type": "delete"})
    assert deleted.json() == {"matched": 3, "changed": 3}
    remaining = {link["id"] for link in listed(api, account)}
    assert remaining == {links[3]["id"], links[4]["id"]}
    assert edge.get(f"/{links[0]['shortCode']}").status_code == 410
    assert edge.get(f"/{links[4]['shortCode']}").status_code == 302

    for body, field in (
        ({"filter": {}, "action": {"type": "delete"}}, "filter"),
        ({"filter": {}, "action": {"type": "addTags"}}, "action.tags"),
        ({"filter": {"status": "gone"}, "action": {"type": "delete"}}, "filter.status"),
        ({"filter": {}, "action": {"type": "rename"}}, "action.type"),
    ):
        bad = api.post("/v1/links/bulk-update", json=body, headers=account.headers())
        assert_problem(bad, 422, "Validation")
        assert error_fields(bad) == [field], bad.text
    assert len(listed(api, account)) == 2


def test_a_bulk_tag_change_and_every_list_order_keep_the_whole_link(
    api: httpx.Client, account: Account, database_url: str
) -> None:
    """A link reads the same in every list order as alone, and a bulk tag change rewrites
    its tags only: both once read part of the row (the bulk change then wrote the rest
    back empty, the link's password, rules and click limit gone)."""
    link = make_link(
        api,
        account,
        longUrl="https://example.com/whole",
        tags=["whole"],
        password="open sesame",
        rules=[{"when": {"os": ["ios"]}, "url": "https://example.com/ios"}],
        maxClicks=5,
        expiredUrl="https://example.com/over",
        title="Title",
        notes="Notes",
        preview={"title": "Preview"},
        utm={"source": "mail"},
    )
    alone = api.get(f"/v1/links/{link['id']}", headers=account.headers()).json()
    for sort in ("-created", "created", "-clicks", "clicks"):
        assert listed(api, account, tag="whole", sort=sort) == [alone], sort

    changed = api.post(
        "/v1/links/bulk-update",
        json={"filter": {"tag": ["whole"]}, "action": {"type": "addTags", "tags": ["more"]}},
        headers=account.headers(),
    )
    assert changed.json() == {"matched": 1, "changed": 1}
    after = api.get(f"/v1/links/{link['id']}", headers=account.headers()).json()
    assert after == {**alone, "tags": ["whole", "more"], "updatedAt": after["updatedAt"]}
    with psycopg.connect(database_url) as conn:
        kept = conn.execute(
            "SELECT password_verifier IS NOT NULL FROM links WHERE id = %s", (link["id"],)
        ).fetchone()
    assert kept == (True,)  # the verifier the edge's entry is rebuilt from


def test_bulk_routes_need_their_scopes(
    api: httpx.Client, account: Account, database_url: str
) -> None:
    reader = create_key(database_url, account.email, ("links:read",))
    headers = {"Authorization": f"Bearer {reader}"}
    response = api.post(
        "/v1/links/bulk", json={"items": [{"longUrl": "https://e.com"}]}, headers=headers
    )
    assert_problem(response, 403, "Forbidden")
    assert api.get("/v1/tags", headers=headers).status_code == 200
