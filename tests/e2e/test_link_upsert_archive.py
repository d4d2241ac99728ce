"""Issue 30, points 2 and 3 through a real admin: externalId, PUT /v1/links/upsert (races
included) and archived links (lists, bulk update, the edge, account analytics)."""

from __future__ import annotations

import concurrent.futures
import secrets
from typing import Any

import httpx
import psycopg

from tests.support.accounts import Account, create_account
from tests.support.api import assert_problem, make_link, problem_fields
from tests.support.clicks import USER_AGENTS, wait_for_clicks
from tests.support.processes import HopProcess
from tests.support.web import Browser, sign_in


def upsert(api: httpx.Client, account: Account, **body: Any) -> httpx.Response:
    return api.put("/v1/links/upsert", json=body, headers=account.headers())


def listed(api: httpx.Client, account: Account, **params: Any) -> list[str]:
    response = api.get("/v1/links", params=params, headers=account.headers())
    assert response.status_code == 200, response.text
    return [link["id"] for link in response.json()["data"]]


def events_of(database_url: str, account: Account) -> list[tuple[str, dict[str, Any]]]:
    with psycopg.connect(database_url) as conn:
        rows = conn.execute(
            "SELECT type, data FROM events WHERE workspace_id = %s AND type LIKE 'link.%%'"
            " ORDER BY seq",
            (account.workspace_id,),
        ).fetchall()
    return [(kind, data) for kind, data in rows]


def test_external_id_is_set_shown_filtered_and_changed(api: httpx.Client, account: Account) -> None:
    plain = make_link(api, account, longUrl="https://example.com/plain")
    assert plain["externalId"] is None
    assert plain["archived"] is False
    mine = make_link(api, account, longUrl="https://example.com/mine", externalId="crm-1")
    assert mine["externalId"] == "crm-1"
    assert api.get(f"/v1/links/{mine['id']}", headers=account.headers()).json()["externalId"] == (
        "crm-1"
    )
    assert listed(api, account, externalId="crm-1") == [mine["id"]]
    assert listed(api, account, externalId="crm-2") == []

    patched = api.patch(
        f"/v1/links/{plain['id']}", json={"externalId": "crm-2"}, headers=account.headers()
    )
    assert patched.status_code == 200, patched.text
    assert patched.json()["externalId"] == "crm-2"
    assert listed(api, account, externalId="crm-2") == [plain["id"]]
    cleared = api.patch(
        f"/v1/links/{plain['id']}", json={"externalId": None}, headers=account.headers()
    )
    assert cleared.json()["externalId"] is None
    # A deleted link lets its id go.
    assert api.delete(f"/v1/links/{mine['id']}", headers=account.headers()).status_code == 204
    again = make_link(api, account, longUrl="https://example.com/again", externalId="crm-1")
    assert listed(api, account, externalId="crm-1") == [again["id"]]


def test_external_id_taken_answers_409_and_bad_ones_422(
    api: httpx.Client, account: Account, database_url: str
) -> None:
    first = make_link(api, account, longUrl="https://example.com/1", externalId="order-7")
    other = make_link(api, account, longUrl="https://example.com/2")
    taken = api.post(
        "/v1/links",
        json={"longUrl": "https://example.com/3", "externalId": "order-7"},
        headers=account.headers(),
    )
    problem = assert_problem(taken, 409, "Conflict")
    assert problem["type"] == "urn:hop:problem:external-id-taken"
    assert problem["errors"] == [{"field": "externalId", "message": "already in use"}]
    patched = api.patch(
        f"/v1/links/{other['id']}", json={"externalId": "order-7"}, headers=account.headers()
    )
    assert assert_problem(patched, 409, "Conflict")["type"] == "urn:hop:problem:external-id-taken"
    # Nothing half written: one link holds the id, the refused create left no code.
    with psycopg.connect(database_url) as conn:
        held = conn.execute(
            "SELECT id FROM links WHERE workspace_id = %s AND external_id = 'order-7'",
            (account.workspace_id,),
        ).fetchall()
        links = conn.execute(
            "SELECT count(*) FROM short_codes WHERE workspace_id = %s", (account.workspace_id,)
        ).fetchone()
    assert held == [(first["id"],)]
    assert links == (2,)

    for bad in ("x" * 256, "tab\there", "line\nbreak", "\x7f", ""):
        for response in (
            api.post(
                "/v1/links",
                json={"longUrl": "https://example.com/4", "externalId": bad},
                headers=account.headers(),
            ),
            upsert(api, account, longUrl="https://example.com/4", externalId=bad),
            api.patch(
                f"/v1/links/{other['id']}", json={"externalId": bad}, headers=account.headers()
            ),
        ):
            assert problem_fields(response) == {"externalId"}, (bad, response.text)
    assert (
        make_link(api, account, longUrl="https://example.com/5", externalId="x" * 255)["externalId"]
        == "x" * 255
    )
    query = api.get("/v1/links", params={"externalId": "a\x01b"}, headers=account.headers())
    assert problem_fields(query) == {"externalId"}


def test_external_ids_are_per_workspace_and_environment(
    api: httpx.Client, account: Account, database_url: str
) -> None:
    stranger = create_account(database_url)
    mine = make_link(api, account, longUrl="https://example.com/a", externalId="shared")
    theirs = make_link(api, stranger, longUrl="https://example.com/b", externalId="shared")
    assert mine["id"] != theirs["id"]
    assert listed(api, stranger, externalId="shared") == [theirs["id"]]


def test_upsert_creates_then_updates_by_external_id(
    api: httpx.Client, account: Account, database_url: str
) -> None:
    created = upsert(
        api,
        account,
        longUrl="https://example.com/v1",
        externalId="sku-1",
        tags=["a"],
        title="First",
    )
    assert created.status_code == 201, created.text
    link = created.json()
    assert created.headers["location"] == f"/v1/links/{link['id']}"
    assert link["externalId"] == "sku-1"

    updated = upsert(api, account, longUrl="https://example.com/v2", externalId="sku-1")
    assert updated.status_code == 200, updated.text
    assert "location" not in updated.headers
    body = updated.json()
    assert body["id"] == link["id"]
    assert body["shortCode"] == link["shortCode"]  # the code stays without an alias
    assert body["longUrl"] == "https://example.com/v2"
    # A field left out is its create default: the update makes the link what it says.
    assert (body["tags"], body["title"]) == ([], None)

    same = upsert(api, account, longUrl="https://example.com/v2", externalId="sku-1")
    assert same.status_code == 200
    assert listed(api, account) == [link["id"]]
    kinds = [kind for kind, _ in events_of(database_url, account)]
    # The repeat changed nothing: no second link.updated.
    assert kinds == ["link.created", "link.updated"]
    changed = events_of(database_url, account)[1][1]
    assert set(changed["changes"]) == {"longUrl", "tags", "title"}


def test_an_upsert_update_carries_every_field_of_the_body(
    api: httpx.Client, account: Account
) -> None:
    """Deep links and extraPath too: what the body says, or their create default."""
    external = f"sync-deep-{secrets.token_hex(4)}"
    body = {"longUrl": "https://example.com/app", "externalId": external}
    assert upsert(api, account, **body).status_code == 201
    deep = {"appUrl": "myapp://item/7", "iosUrl": "https://apps.apple.com/app/id7"}
    updated = upsert(api, account, **body, **deep, extraPath="append")
    assert updated.status_code == 200, updated.text
    link = updated.json()
    assert (link["appUrl"], link["iosUrl"], link["extraPath"]) == (
        "myapp://item/7",
        "https://apps.apple.com/app/id7",
        "append",
    )
    cleared = upsert(api, account, **body).json()
    assert (cleared["appUrl"], cleared["iosUrl"], cleared["extraPath"]) == (None, None, None)


def test_upsert_without_external_id_or_alias_matches_the_destination(
    api: httpx.Client, account: Account
) -> None:
    first = upsert(api, account, longUrl="https://example.com/same", tags=["x"])
    assert first.status_code == 201
    second = upsert(api, account, longUrl="https://example.com/same", tags=["y"])
    assert second.status_code == 200
    assert second.json()["id"] == first.json()["id"]
    assert second.json()["tags"] == ["y"]
    other = upsert(api, account, longUrl="https://example.com/other")
    assert other.status_code == 201
    # With an alias and no externalId it is a create: a taken alias is 409.
    alias = f"up-{account.user_id[-10:]}"
    aliased = upsert(api, account, longUrl="https://example.com/same", alias=alias)
    assert aliased.status_code == 201
    assert aliased.json()["id"] != first.json()["id"]
    again = upsert(api, account, longUrl="https://example.com/same", alias=alias)
    assert assert_problem(again, 409, "Conflict")["type"] == "urn:hop:problem:alias-taken"


def test_upsert_keeps_archived_and_refuses_bad_bodies(api: httpx.Client, account: Account) -> None:
    link = upsert(api, account, longUrl="https://example.com/k", externalId="k").json()
    api.patch(f"/v1/links/{link['id']}", json={"archived": True}, headers=account.headers())
    kept = upsert(api, account, longUrl="https://example.com/k2", externalId="k")
    assert kept.status_code == 200
    assert kept.json()["archived"] is True
    unarchived = upsert(
        api, account, longUrl="https://example.com/k2", externalId="k", archived=False
    )
    assert unarchived.json()["archived"] is False
    assert problem_fields(upsert(api, account, longUrl="not a url")) == {"longUrl"}
    assert upsert(api, account, externalId="no-url").status_code in (400, 422)


def _race(admin_url: str, account: Account, body: dict[str, Any]) -> list[int]:
    def attempt(_: int) -> int:
        with httpx.Client(base_url=admin_url, timeout=30) as client:
            return client.put("/v1/links/upsert", json=body, headers=account.headers()).status_code

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        return sorted(pool.map(attempt, range(8)))


def test_concurrent_upserts_make_one_link(
    admin_url: str, account: Account, database_url: str
) -> None:
    for round_ in range(3):
        by_id = {"longUrl": f"https://example.com/race/{round_}", "externalId": f"race-{round_}"}
        assert _race(admin_url, account, by_id) == [200] * 7 + [201]
        by_destination = {"longUrl": f"https://example.com/dest/{round_}"}
        assert _race(admin_url, account, by_destination) == [200] * 7 + [201]
    with psycopg.connect(database_url) as conn:
        counts = conn.execute(
            "SELECT long_url, count(*) FROM links WHERE workspace_id = %s GROUP BY 1",
            (account.workspace_id,),
        ).fetchall()
        created = conn.execute(
            "SELECT count(*) FROM events WHERE workspace_id = %s AND type = 'link.created'",
            (account.workspace_id,),
        ).fetchone()
    assert len(counts) == 6
    assert {count for _, count in counts} == {1}
    assert created == (6,)


def test_upsert_with_an_idempotency_key_replays_the_first_answer(
    api: httpx.Client, account: Account
) -> None:
    headers = {**account.headers(), "Idempotency-Key": f"up-{account.user_id}"}
    body = {"longUrl": "https://example.com/idem", "externalId": "idem"}
    first = api.put("/v1/links/upsert", json=body, headers=headers)
    assert first.status_code == 201
    replay = api.put("/v1/links/upsert", json=body, headers=headers)
    assert replay.status_code == 201
    assert replay.headers["idempotent-replayed"] == "true"
    assert replay.headers["location"] == first.headers["location"]
    assert replay.json() == first.json()
    different = api.put("/v1/links/upsert", json={**body, "tags": ["t"]}, headers=headers)
    assert problem_fields(different) == {"Idempotency-Key"}


def test_bulk_create_and_csv_import_take_external_ids(api: httpx.Client, account: Account) -> None:
    items = [
        {"longUrl": "https://example.com/b1", "externalId": "b-1"},
        {"longUrl": "https://example.com/b2", "externalId": "b-1"},
        {"longUrl": "https://example.com/b3", "externalId": "b-3", "archived": True},
    ]
    result = api.post("/v1/links/bulk", json={"items": items}, headers=account.headers())
    assert result.status_code == 200, result.text
    outcomes = result.json()["results"]
    assert [outcome["status"] for outcome in outcomes] == [201, 409, 201]
    assert outcomes[1]["problem"]["type"] == "urn:hop:problem:external-id-taken"
    assert outcomes[2]["link"]["archived"] is True

    csv = "longUrl,externalId,archived\r\nhttps://example.com/c1,c-1,yes\r\nhttps://example.com/c2,b-3,\r\n"
    imported = api.post(
        "/v1/links/import",
        content=csv.encode(),
        headers={**account.headers(), "Content-Type": "text/csv"},
    )
    assert imported.status_code == 200, imported.text
    rows = imported.json()["results"]
    assert [row["status"] for row in rows] == [201, 409]
    assert (rows[0]["link"]["externalId"], rows[0]["link"]["archived"]) == ("c-1", True)
    exported = api.get("/v1/links/export", params={"archived": "all"}, headers=account.headers())
    header, *lines = exported.text.splitlines()
    assert header.endswith(",externalId,archived")
    assert any(line.endswith(",c-1,true") for line in lines)


def test_archived_links_leave_lists_but_still_redirect(
    api: httpx.Client, edge: httpx.Client, account: Account, database_url: str
) -> None:
    kept = make_link(api, account, longUrl="https://example.com/kept", tags=["spring"])
    old = make_link(api, account, longUrl="https://example.com/old", tags=["spring"])
    born = make_link(api, account, longUrl="https://example.com/born", archived=True)
    assert born["archived"] is True
    patched = api.patch(
        f"/v1/links/{old['id']}", json={"archived": True}, headers=account.headers()
    )
    assert patched.status_code == 200, patched.text
    assert patched.json()["archived"] is True
    updated = [data for kind, data in events_of(database_url, account) if kind == "link.updated"]
    assert updated[-1]["changes"] == ["archived"]
    assert updated[-1]["previous"] == {"archived": False}

    assert listed(api, account) == [kept["id"]]
    assert listed(api, account, archived="false") == [kept["id"]]
    assert listed(api, account, archived="true") == [born["id"], old["id"]]
    assert listed(api, account, archived="all") == [born["id"], old["id"], kept["id"]]
    # A caller looking its own id up finds the link archived or not.
    assert problem_fields(
        api.get("/v1/links", params={"archived": "yes"}, headers=account.headers())
    ) == {"archived"}
    for link in (old, born):
        answer = edge.get(f"/{link['shortCode']}")
        assert answer.status_code == 302
        assert answer.headers["location"] == link["longUrl"]

    # Bulk: unarchive every spring link; then archive them all by tag.
    bulk = api.post(
        "/v1/links/bulk-update",
        json={"filter": {"tag": ["spring"]}, "action": {"type": "unarchive"}},
        headers=account.headers(),
    )
    assert bulk.json() == {"matched": 2, "changed": 1}
    assert listed(api, account) == [old["id"], kept["id"]]
    bulk = api.post(
        "/v1/links/bulk-update",
        json={"filter": {"tag": ["spring"], "archived": False}, "action": {"type": "archive"}},
        headers=account.headers(),
    )
    assert bulk.json() == {"matched": 2, "changed": 2}
    assert listed(api, account) == []
    assert listed(api, account, archived="true") == [born["id"], old["id"], kept["id"]]
    refused = api.post(
        "/v1/links/bulk-update",
        json={"filter": {}, "action": {"type": "shelve"}},
        headers=account.headers(),
    )
    assert refused.status_code in (400, 422)


def test_account_analytics_leave_archived_links_out_unless_asked(
    api: httpx.Client,
    edge: httpx.Client,
    account: Account,
    worker: HopProcess,
    database_url: str,
) -> None:
    live = make_link(api, account, longUrl="https://example.com/live")
    shelved = make_link(api, account, longUrl="https://example.com/shelved")
    for link in (live, shelved, shelved):
        answer = edge.get(
            f"/{link['shortCode']}", headers={"User-Agent": USER_AGENTS["windows_edge"]}
        )
        assert answer.status_code == 302
    assert wait_for_clicks(database_url, [live["id"], shelved["id"]], 3) == 3
    api.patch(f"/v1/links/{shelved['id']}", json={"archived": True}, headers=account.headers())

    def totals(**params: Any) -> tuple[dict[str, int], list[str], bool]:
        response = api.get("/v1/analytics", params=params, headers=account.headers())
        assert response.status_code == 200, response.text
        body = response.json()
        return body["totals"], [top["id"] for top in body["topLinks"]], body["includeArchived"]

    assert totals() == ({"total": 1, "bots": 0}, [live["id"]], False)
    assert totals(includeArchived="true") == (
        {"total": 3, "bots": 0},
        [shelved["id"], live["id"]],
        True,
    )
    hourly, _, _ = totals(interval="hour")
    assert hourly == {"total": 1, "bots": 0}


def test_the_dashboard_list_hides_archived_links_behind_a_box(
    api: httpx.Client, account: Account, admin_url: str
) -> None:
    make_link(api, account, longUrl="https://example.com/on-show")
    make_link(api, account, longUrl="https://example.com/filed-away", archived=True)
    browser = Browser(admin_url)
    try:
        assert sign_in(browser, account.email).status_code == 303
        home = browser.get("/")
        assert home.status_code == 200
        assert "example.com/on-show" in home.text
        assert "example.com/filed-away" not in home.text
        assert 'name="archived"' in home.text
        archived = browser.get("/?archived=1")
        assert "example.com/filed-away" in archived.text
        assert "example.com/on-show" not in archived.text
        assert "(archived)" in archived.text
    finally:
        browser.close()
