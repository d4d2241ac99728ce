"""The imports pages over plain HTTP (JavaScript off, as a form-posting client sees it):
a CSV import started from the form (a multipart post), listed, its page with the final
counts, the errors table and the report; a Bitly import (the loopback stand-in,
tests/support/fakes/bitly.py) cancelled from its page; the service's refusals shown at
their fields; a viewer sees the imports but cannot start or cancel one."""

from __future__ import annotations

import csv
import io
import re
import secrets
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.support.accounts import Account, create_account
from tests.support.fakes.bitly import FakeBitly, GeneratedLinks
from tests.support.processes import HopProcess
from tests.support.waiting import eventually
from tests.support.web import Browser, csrf_of, signed_in
from tests.support.workspaces import add_member

TOKEN = "bitly-token-dash-4e1f"
_JOB = re.compile(r"^/imports/(imp_[0-9A-Za-z]+)$")
_REFRESH = '<meta http-equiv="refresh" content="3">'


@pytest.fixture
def browser(admin_url: str, worker: HopProcess) -> Iterator[Browser]:
    """A signed-out browser; the session's worker runs the import jobs."""
    client = Browser(admin_url)
    yield client
    client.close()


def _post_form(
    browser: Browser, fields: dict[str, str], files: dict[str, Any] | None = None
) -> httpx.Response:
    """The import form as a browser sends it: multipart, with the page's CSRF token."""
    token = csrf_of(browser.get("/imports"))
    # An empty file part, as a browser sends a file input nobody chose a file for.
    parts = files or {"csv-content": ("", b"", "application/octet-stream")}
    return browser.http.post(
        "/imports",
        data={**fields, "csrf_token": token},
        files=parts,
        headers={"Origin": browser.origin},
    )


def _started(response: httpx.Response) -> str:
    assert response.status_code == 303, response.text
    match = _JOB.match(response.headers["location"])
    assert match, response.headers["location"]
    return match[1]


def _progress(browser: Browser, job_id: str) -> dict[str, Any]:
    answer = browser.get(f"/imports/{job_id}/progress")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("application/json")
    body: dict[str, Any] = answer.json()
    return body


def _ended(browser: Browser, job_id: str) -> dict[str, Any]:
    progress = eventually(lambda: (p := _progress(browser, job_id))["ended"] and p, timeout=60)
    assert progress, _progress(browser, job_id)
    return dict(progress)


def test_a_csv_import_is_started_from_the_form_listed_and_shown_with_its_counts(
    browser: Browser, account: Account
) -> None:
    signed_in(browser, account)
    home = browser.get("/")
    assert '<a href="/imports">Import</a>' in home.text
    page = browser.get("/imports")
    assert page.status_code == 200
    assert 'enctype="multipart/form-data"' in page.text
    assert "No imports yet." in page.text
    code = f"dash{secrets.token_hex(3)}"
    content = (
        "longUrl,alias,tags\r\n"
        f"https://csv.example/dash-a,{code},one|two\r\n"
        "https://csv.example/dash-b,,\r\n"
        ",lost,\r\n"
    )
    job_id = _started(
        _post_form(
            browser,
            {"source": "csv"},
            {"csv-content": ("links.csv", content.encode(), "text/csv")},
        )
    )
    first = browser.get(f"/imports/{job_id}")
    assert first.status_code == 200
    assert "The import from CSV file has started." in first.text
    progress = _ended(browser, job_id)
    assert progress["status"] == "done"
    assert (progress["imported"], progress["failed"], progress["total"]) == (2, 1, 3)
    assert (progress["value"], progress["max"]) == (3, 3)

    done = browser.get(f"/imports/{job_id}")
    assert '<strong class="status status-done" data-field="statusLabel">Done</strong>' in done.text
    assert '<progress id="import-progress" class="import-bar" max="3" value="3"' in done.text
    assert '<dd data-field="imported">2</dd>' in done.text
    assert '<dd data-field="failed">1</dd>' in done.text
    # The errors table (the row without a destination) and the remaps (the row without
    # a code got one).
    failed_row = re.search(r'<code>/lost</code></td><td data-label="Why">([^<]*)</td>', done.text)
    assert failed_row, done.text
    assert "no destination" in failed_row[1]
    assert '<td data-label="Link at the source"><code>row 2</code></td>' in done.text
    assert _REFRESH not in done.text  # ended: no refresh, no Cancel
    assert "Cancel the import" not in done.text
    assert f'href="/imports/{job_id}/report"' in done.text

    listed = browser.get("/imports").text
    assert f'<a href="/imports/{job_id}">' in listed
    assert '<span class="status status-done">Done</span>' in listed
    assert f'id="bar-{job_id}" class="import-bar" max="3" value="3"' in listed

    report = browser.get(f"/imports/{job_id}/report")
    assert report.status_code == 200
    assert report.headers["content-type"].startswith("text/csv")
    assert f'filename="{job_id}.csv"' in report.headers["content-disposition"]
    rows = list(csv.reader(io.StringIO(report.text)))
    assert rows[0] == ["kind", "sourceId", "code", "newCode", "reason"]
    assert sorted((row[0], row[1]) for row in rows[1:]) == [
        ("failed", "/lost"),
        ("remapped", "row 2"),
    ]


def test_a_running_import_refreshes_without_javascript_and_is_cancelled_from_its_page(
    browser: Browser, account: Account
) -> None:
    signed_in(browser, account)
    fake = FakeBitly(TOKEN, {"Bg1": GeneratedLinks(20_000, prefix=f"d{secrets.token_hex(3)}")})
    try:
        job_id = _started(
            _post_form(
                browser,
                {
                    "source": "bitly",
                    "bitly-token": TOKEN,
                    "bitly-baseUrl": fake.url,
                    "bitly-clicks": "on",
                },
            )
        )
        running = browser.get(f"/imports/{job_id}")
        # 20,000 links with a click request each: it is still going when the page opens.
        assert _REFRESH in running.text
        assert "Cancel the import" in running.text
        assert "data-live" in running.text
        cancelled = browser.submit(f"/imports/{job_id}", f"/imports/{job_id}/cancel", {})
        assert (cancelled.status_code, cancelled.headers["location"]) == (
            303,
            f"/imports/{job_id}",
        )
    finally:
        fake.close()
    page = browser.get(f"/imports/{job_id}")
    assert "The import is cancelled: the links it brought stay." in page.text
    assert "Cancelled</strong>" in page.text
    assert "cancelled by its owner" in page.text
    assert _REFRESH not in page.text
    assert TOKEN not in page.text
    # Once more, from a page opened before: the service's 409, shown as a message.
    again = browser.http.post(
        f"/imports/{job_id}/cancel",
        data={"csrf_token": csrf_of(page)},
        headers={"Origin": browser.origin},
    )
    assert again.status_code == 303
    assert "has already ended (cancelled)" in browser.get(f"/imports/{job_id}").text


def test_refusals_are_shown_at_their_fields_and_start_nothing(
    browser: Browser, account: Account
) -> None:
    signed_in(browser, account)
    refused = _post_form(
        browser,
        {
            "source": "shlink",
            "shlink-apiKey": "secret-key-9d2c",
            "shlink-baseUrl": "http://10.1.2.3/",
        },
    )
    assert refused.status_code == 422
    assert "There is a problem" in refused.text
    assert 'id="shlink-baseUrl-error"' in refused.text
    assert 'href="#shlink-baseUrl"' in refused.text  # the summary links to the field
    assert re.search(r'id="shlink-baseUrl"[^>]*value="http://10.1.2.3/"', refused.text)
    assert re.search(r'id="shlink-baseUrl"[^>]*aria-invalid="true"', refused.text)
    assert "secret-key-9d2c" not in refused.text  # a credential is never shown again
    assert '<option value="shlink" selected>' in refused.text

    missing = _post_form(browser, {"source": "bitly", "bitly-token": ""})
    assert missing.status_code == 422
    assert "Bitly access token is required" in missing.text

    yourls = _post_form(
        browser,
        {"source": "yourls", "yourls-username": "u", "yourls-baseUrl": "https://y.example"},
    )
    assert yourls.status_code == 422
    assert 'id="yourls-fields-error"' in yourls.text
    assert "give either `signature`, or both `username` and `password`" in yourls.text

    no_file = _post_form(browser, {"source": "csv"})
    assert no_file.status_code == 422
    assert 'id="csv-content-error"' in no_file.text

    latin1 = _post_form(
        browser,
        {"source": "csv"},
        {
            "csv-content": (
                "l.csv",
                "longUrl\r\nhttps://caf\xe9.example/\r\n".encode("latin-1"),
                "text/csv",
            )
        },
    )
    assert latin1.status_code == 422
    assert "is not UTF-8 text" in latin1.text

    unknown = _post_form(browser, {"source": "tinyurl"})
    assert unknown.status_code == 422
    assert 'id="source-error"' in unknown.text

    assert "No imports yet." in browser.get("/imports").text


def test_a_viewer_sees_the_imports_but_cannot_start_or_cancel_one(
    browser: Browser, account: Account, database_url: str, admin_url: str
) -> None:
    signed_in(browser, account)
    job_id = _started(
        _post_form(
            browser,
            {"source": "csv"},
            {"csv-content": ("a.csv", b"longUrl\r\nhttps://csv.example/viewer\r\n", "text/csv")},
        )
    )
    viewer = create_account(database_url)
    add_member(database_url, account.workspace_id, viewer.user_id, "viewer")
    other = Browser(admin_url)
    try:
        signed_in(other, viewer)
        switched = other.submit(
            "/", "/workspace", {"workspaceId": account.workspace_id, "next": "/imports"}
        )
        assert switched.status_code == 303, switched.text
        page = other.get("/imports")
        assert page.status_code == 200
        assert '<a href="/imports"' not in page.text  # not in the navigation
        assert 'action="/imports"' not in page.text  # no form
        assert f'<a href="/imports/{job_id}">' in page.text  # the list, read-only
        job = other.get(f"/imports/{job_id}")
        assert job.status_code == 200
        assert "Cancel the import" not in job.text
        token = csrf_of(page)
        posted = other.http.post(
            "/imports",
            data={"csrf_token": token, "source": "csv"},
            files={"csv-content": ("b.csv", b"longUrl\r\nhttps://csv.example/no\r\n", "text/csv")},
            headers={"Origin": other.origin},
        )
        assert posted.status_code == 403
        cancel = other.http.post(
            f"/imports/{job_id}/cancel",
            data={"csrf_token": token},
            headers={"Origin": other.origin},
        )
        assert cancel.status_code == 403
    finally:
        other.close()
    listed = browser.get("/imports").text
    assert listed.count('<a href="/imports/imp_') == 1


def test_a_sixth_unfinished_import_is_refused_at_the_top_of_the_form(
    browser: Browser, account: Account
) -> None:
    signed_in(browser, account)
    fake = FakeBitly(TOKEN, {"Bg1": GeneratedLinks(20_000, prefix=f"u{secrets.token_hex(3)}")})
    bitly = {"source": "bitly", "bitly-token": TOKEN, "bitly-baseUrl": fake.url}
    started: list[str] = []
    try:
        # Each has 20,000 links and a click request per link: none ends meanwhile.
        started = [_started(_post_form(browser, {**bitly, "bitly-clicks": "on"})) for _ in range(5)]
        refused = _post_form(browser, bitly)
        assert refused.status_code == 409
        assert "There is a problem" in refused.text
        assert "5 imports of this workspace have not ended yet" in refused.text
        # The form keeps what was chosen, not the credential.
        assert '<option value="bitly" selected>' in refused.text
        assert f'value="{fake.url}"' in refused.text
        assert TOKEN not in refused.text
    finally:
        for job_id in started:
            browser.submit(f"/imports/{job_id}", f"/imports/{job_id}/cancel", {})
        fake.close()


def test_a_csv_file_larger_than_a_request_body_may_be_is_refused_with_a_page(
    browser: Browser, account: Account
) -> None:
    signed_in(browser, account)
    row = b"https://csv.example/" + b"a" * 80 + b"\r\n"
    content = b"longUrl\r\n" + row * (1_048_576 // len(row) + 1)  # HOP_MAX_BODY_BYTES
    refused = _post_form(
        browser, {"source": "csv"}, {"csv-content": ("big.csv", content, "text/csv")}
    )
    assert refused.status_code == 413
    assert refused.headers["content-type"].startswith("text/html")
    assert "No imports yet." in browser.get("/imports").text
