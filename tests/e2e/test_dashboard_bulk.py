"""Many links at once on the dashboard over plain HTTP (JavaScript off, as a form-posting
client sees it): the links page's selection tagged, untagged, archived, unarchived and
deleted (after a confirmation page) through the API's bulk service, with the result
said; a CSV import with a table of every row's result; the CSV export of the list's
view. A viewer is refused every change and a post without the CSRF token changes
nothing."""

from __future__ import annotations

import csv
import io
import re
import secrets
from typing import Any

import httpx

from tests.support.accounts import Account, create_account
from tests.support.api import make_link
from tests.support.web import Browser, csrf_of, signed_in
from tests.support.workspaces import add_member


def _post(browser: Browser, action: str, fields: dict[str, Any], page: str = "/") -> httpx.Response:
    token = csrf_of(browser.get(page))
    return browser.http.post(
        action, data={**fields, "csrf_token": token}, headers={"Origin": browser.origin}
    )


def _link(api: httpx.Client, account: Account, link_id: str) -> dict[str, Any]:
    response = api.get(f"/v1/links/{link_id}", headers=account.headers())
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def _three(api: httpx.Client, account: Account) -> list[dict[str, Any]]:
    run = secrets.token_hex(3)
    return [
        make_link(api, account, longUrl=f"https://bulk.example/{run}/{n}", tags=["keep"])
        for n in range(3)
    ]


def test_selected_links_are_tagged_untagged_archived_and_unarchived(
    browser: Browser, account: Account, api: httpx.Client
) -> None:
    first, second, third = _three(api, account)
    signed_in(browser, account)
    page = browser.get("/")
    assert 'action="/links/bulk"' in page.text
    assert f'name="id" value="{first["id"]}"' in page.text

    tagged = _post(
        browser,
        "/links/bulk",
        {"id": [first["id"], second["id"]], "action": "addTags", "tags": "spring, sale"},
    )
    assert tagged.status_code == 200, tagged.text
    assert "Tagged 2 of 2 links" in tagged.text
    assert "2 links got spring, sale." in tagged.text
    assert _link(api, account, first["id"])["tags"] == ["keep", "spring", "sale"]
    assert _link(api, account, second["id"])["tags"] == ["keep", "spring", "sale"]
    assert _link(api, account, third["id"])["tags"] == ["keep"]  # not selected

    again = _post(
        browser,
        "/links/bulk",
        {"id": [first["id"], third["id"]], "action": "addTags", "tags": "sale"},
    )
    assert "Tagged 1 of 2 links" in again.text
    assert "1 was already so and did not change." in again.text

    untagged = _post(
        browser, "/links/bulk", {"id": [first["id"]], "action": "removeTags", "tags": "spring"}
    )
    assert "Untagged 1 of 1 link" in untagged.text
    assert _link(api, account, first["id"])["tags"] == ["keep", "sale"]

    archived = _post(browser, "/links/bulk", {"id": [second["id"]], "action": "archive"})
    assert "Archived 1 of 1 link" in archived.text
    assert _link(api, account, second["id"])["archived"] is True
    assert second["id"] not in browser.get("/").text  # the list leaves archived links out
    view = browser.get("/?archived=1")
    assert second["id"] in view.text
    assert 'value="unarchive"' in view.text

    unarchived = _post(
        browser,
        "/links/bulk",
        {"id": [second["id"]], "action": "unarchive", "archived": "1"},
        page="/?archived=1",
    )
    assert "Unarchived 1 of 1 link" in unarchived.text
    assert 'href="/?archived=1"' in unarchived.text  # back to the view it was made in
    assert _link(api, account, second["id"])["archived"] is False


def test_all_on_the_page_works_without_javascript(
    browser: Browser, account: Account, api: httpx.Client
) -> None:
    links = _three(api, account)
    signed_in(browser, account)
    page = browser.get("/")
    page_ids = re.findall(r'name="pageId" value="([^"]+)"', page.text)
    assert sorted(page_ids) == sorted(link["id"] for link in links)
    answer = _post(
        browser,
        "/links/bulk",
        {"allOnPage": "1", "pageId": page_ids, "action": "addTags", "tags": "everything"},
    )
    assert "Tagged 3 of 3 links" in answer.text
    assert all("everything" in _link(api, account, link["id"])["tags"] for link in links)


def test_refusals_are_shown_at_the_toolbar_and_change_nothing(
    browser: Browser, account: Account, api: httpx.Client
) -> None:
    first, *_ = _three(api, account)
    signed_in(browser, account)
    nothing = _post(browser, "/links/bulk", {"action": "archive"})
    assert nothing.status_code == 422
    assert "Select at least one link" in nothing.text
    no_tag = _post(browser, "/links/bulk", {"id": [first["id"]], "action": "addTags", "tags": ""})
    assert no_tag.status_code == 422
    assert (
        'id="bulk-tags" name="tags" value="" aria-describedby="bulk-tags-hint" aria-invalid="true"'
        in no_tag.text
    )
    assert f'value="{first["id"]}" data-select-row checked' in no_tag.text  # the tick kept
    long_tag = _post(
        browser, "/links/bulk", {"id": [first["id"]], "action": "addTags", "tags": "x" * 65}
    )
    assert long_tag.status_code == 422
    assert "Tags must be at most 64 characters." in long_tag.text
    unknown = _post(browser, "/links/bulk", {"id": [first["id"]], "action": "explode"})
    assert unknown.status_code == 422
    assert _link(api, account, first["id"])["tags"] == ["keep"]


def test_a_delete_asks_first_then_deletes_and_says_which_failed(
    browser: Browser, account: Account, api: httpx.Client
) -> None:
    first, second, third = _three(api, account)
    signed_in(browser, account)
    asked = _post(browser, "/links/bulk", {"id": [first["id"], second["id"]], "action": "delete"})
    assert asked.status_code == 200
    assert "Delete 2 links?" in asked.text
    # HOP_CODE_RESERVATION_DAYS's default
    assert "for this workspace for 30 days: no one else can take" in asked.text
    assert 'action="/links/bulk/delete"' in asked.text
    # Asking deleted nothing.
    assert _link(api, account, first["id"])["id"] == first["id"]
    gone = "lnk_" + "0" * 22  # never a link: said as not found
    deleted = _post(
        browser,
        "/links/bulk/delete",
        {"id": [first["id"], second["id"], gone]},
    )
    assert deleted.status_code == 200, deleted.text
    assert "Deleted 2 of 3 links" in deleted.text
    assert "1 could not be changed" in deleted.text
    assert f'<span class="mono">{gone}</span>' in deleted.text
    assert "Not found: deleted since, or not a link of this workspace." in deleted.text
    for link in (first, second):
        response = api.get(f"/v1/links/{link['id']}", headers=account.headers())
        assert response.status_code == 404
    assert _link(api, account, third["id"])["id"] == third["id"]


def test_a_viewer_can_export_but_is_refused_every_change(
    browser: Browser, account: Account, api: httpx.Client, database_url: str, admin_url: str
) -> None:
    first, *_ = _three(api, account)
    viewer = create_account(database_url)
    add_member(database_url, account.workspace_id, viewer.user_id, "viewer")
    signed_in(browser, viewer)
    switched = browser.submit("/", "/workspace", {"workspaceId": account.workspace_id, "next": "/"})
    assert switched.status_code == 303, switched.text
    page = browser.get("/")
    assert first["id"] in page.text
    assert 'action="/links/bulk"' not in page.text
    assert 'name="id"' not in page.text
    assert "/links/import" not in page.text
    assert "/links/export.csv" in page.text
    export = browser.get("/links/export.csv")
    assert export.status_code == 200
    assert first["shortUrl"] in export.text
    for action, fields in (
        ("/links/bulk", {"id": [first["id"]], "action": "archive"}),
        ("/links/bulk/delete", {"id": [first["id"]]}),
    ):
        refused = _post(browser, action, fields)
        assert refused.status_code == 403, (action, refused.text)
    assert browser.get("/links/import").status_code == 403
    token = csrf_of(page)
    upload = browser.http.post(
        "/links/import",
        data={"csrf_token": token},
        files={"file": ("a.csv", b"longUrl\r\nhttps://bulk.example/viewer\r\n", "text/csv")},
        headers={"Origin": browser.origin},
    )
    assert upload.status_code == 403
    assert _link(api, account, first["id"])["archived"] is False
    listed = api.get("/v1/links", params={"q": "bulk.example/viewer"}, headers=account.headers())
    assert listed.json()["data"] == []


def test_posts_without_the_csrf_token_change_nothing(
    browser: Browser, account: Account, api: httpx.Client
) -> None:
    first, *_ = _three(api, account)
    signed_in(browser, account)
    for action, data in (
        ("/links/bulk", {"id": first["id"], "action": "archive"}),
        ("/links/bulk/delete", {"id": first["id"]}),
        ("/links/bulk", {"id": first["id"], "action": "archive", "csrf_token": "forged"}),
    ):
        refused = browser.http.post(action, data=data, headers={"Origin": browser.origin})
        assert refused.status_code == 403, action
        assert "sent from another site" in refused.text
    upload = browser.http.post(
        "/links/import",
        files={"file": ("a.csv", b"longUrl\r\nhttps://bulk.example/csrf\r\n", "text/csv")},
        headers={"Origin": browser.origin},
    )
    assert upload.status_code == 403
    assert _link(api, account, first["id"])["archived"] is False
    listed = api.get("/v1/links", params={"q": "bulk.example/csrf"}, headers=account.headers())
    assert listed.json()["data"] == []


def _import(browser: Browser, content: bytes, name: str = "links.csv") -> httpx.Response:
    token = csrf_of(browser.get("/links/import"))
    return browser.http.post(
        "/links/import",
        data={"csrf_token": token},
        files={"file": (name, content, "text/csv")},
        headers={"Origin": browser.origin},
    )


def test_a_csv_import_shows_each_rows_result_and_writes_no_bad_row(
    browser: Browser, account: Account, api: httpx.Client
) -> None:
    signed_in(browser, account)
    form = browser.get("/links/import")
    assert form.status_code == 200
    assert 'enctype="multipart/form-data"' in form.text
    assert 'href="/imports"' in form.text
    run = secrets.token_hex(3)
    code = f"imp{run}"
    content = (
        "longUrl,alias,tags,redirectType\r\n"
        f"https://bulk.example/{run}/a,{code},one|two,301\r\n"
        f"not a url,bad{run},,\r\n"
        f"https://bulk.example/{run}/c,,,303\r\n"
        f"https://bulk.example/{run}/d,{code},,\r\n"
        f"https://bulk.example/{run}/e,,,\r\n"
    )
    answer = _import(browser, content.encode())
    assert answer.status_code == 200, answer.text
    assert "2 of 5 rows became links." in answer.text
    assert "3 rows did not: nothing of them was written" in answer.text
    rows = dict(re.findall(r'<tr id="import-row-(\d+)"[^>]*>(.*?)</tr>', answer.text, flags=re.S))
    assert set(rows) == {"1", "2", "3", "4", "5"}
    assert f"/{code}</a>" in rows["1"]
    assert "<code>longUrl</code>:" in rows["2"]
    assert "<code>redirectType</code>: is not one of the choices" in rows["3"]
    assert "<code>alias</code>:" in rows["4"]
    assert "Created" in rows["5"]
    # Only the two good rows exist, whole: no half-made link of a bad one.
    made = api.get("/v1/links", params={"q": run}, headers=account.headers()).json()["data"]
    assert sorted(link["longUrl"] for link in made) == [
        f"https://bulk.example/{run}/a",
        f"https://bulk.example/{run}/e",
    ]
    good = next(link for link in made if link["shortCode"] == code)
    assert (good["tags"], good["redirectType"]) == (["one", "two"], 301)
    assert (
        api.get("/v1/links", params={"q": f"bad{run}"}, headers=account.headers()).json()["data"]
        == []
    )


def test_a_file_refused_whole_says_why_at_its_field_and_writes_nothing(
    browser: Browser, account: Account, api: httpx.Client
) -> None:
    signed_in(browser, account)
    run = secrets.token_hex(3)
    no_column = _import(browser, f"url\r\nhttps://bulk.example/{run}\r\n".encode())
    assert no_column.status_code == 422
    assert 'id="file-error"' in no_column.text
    assert "needs a header row with a longUrl column" in no_column.text
    assert 'aria-invalid="true"' in no_column.text
    not_utf8 = _import(browser, f"longUrl\r\nhttps://bulk.example/{run}/é\r\n".encode("latin-1"))
    assert not_utf8.status_code == 400
    assert "must be UTF-8" in not_utf8.text
    empty = _import(browser, b"", name="")
    assert empty.status_code == 422
    assert "choose a CSV file" in empty.text
    listed = api.get("/v1/links", params={"q": run}, headers=account.headers())
    assert listed.json()["data"] == []


def test_the_export_is_the_lists_current_view(
    browser: Browser, account: Account, api: httpx.Client
) -> None:
    run = secrets.token_hex(3)
    tagged = make_link(api, account, longUrl=f"https://bulk.example/{run}/t", tags=[f"t{run}"])
    other = make_link(api, account, longUrl=f"https://bulk.example/{run}/o")
    archived = make_link(
        api, account, longUrl=f"https://bulk.example/{run}/a", tags=[f"t{run}"], archived=True
    )
    signed_in(browser, account)
    page = browser.get(f"/?tag=t{run}")
    assert f'href="/links/export.csv?tag=t{run}"' in page.text
    export = browser.get(f"/links/export.csv?tag=t{run}")
    assert export.status_code == 200
    assert export.headers["content-type"].startswith("text/csv")
    assert 'filename="links.csv"' in export.headers["content-disposition"]
    rows = list(csv.DictReader(io.StringIO(export.text)))
    assert [row["id"] for row in rows] == [tagged["id"]]  # archived ones left out, as listed
    only_archived = list(
        csv.DictReader(io.StringIO(browser.get(f"/links/export.csv?tag=t{run}&archived=1").text))
    )
    assert [row["id"] for row in only_archived] == [archived["id"]]
    searched = list(csv.DictReader(io.StringIO(browser.get(f"/links/export.csv?q={run}").text)))
    assert sorted(row["id"] for row in searched) == sorted([tagged["id"], other["id"]])
    # What the export writes, an import reads: the round trip makes the same links anew.
    again = _import(browser, export.content)
    assert "1 of 1 row became links." in again.text


def test_a_link_that_would_pass_the_tag_limit_is_said_and_left_as_it_is(
    browser: Browser, account: Account, api: httpx.Client
) -> None:
    run = secrets.token_hex(3)
    full = make_link(
        api, account, longUrl=f"https://bulk.example/{run}/full", tags=[f"t{n}" for n in range(20)]
    )
    room = make_link(api, account, longUrl=f"https://bulk.example/{run}/room")
    signed_in(browser, account)
    answer = _post(
        browser,
        "/links/bulk",
        {"id": [full["id"], room["id"]], "action": "addTags", "tags": "more"},
    )
    assert "Tagged 1 of 2 links" in answer.text
    assert "It would have more than 20 tags; remove some first." in answer.text
    assert f"{full['shortCode']}</span>" in answer.text
    assert "more" not in _link(api, account, full["id"])["tags"]
    assert _link(api, account, room["id"])["tags"] == ["more"]
