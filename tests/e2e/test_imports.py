"""Imports end to end: a stack of its own (its workers take every import job, with a
short lease so that a killed worker's job is taken over quickly), a Bitly stand-in on
loopback speaking API v4 (tests/support/fakes/bitly.py), links redirecting at the edge."""

from __future__ import annotations

import csv
import io
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.accounts import Account
from tests.support.api import assert_problem
from tests.support.dns import DnsServer
from tests.support.fakes.bitly import FakeBitly, GeneratedLinks, LinkList, bitlink
from tests.support.stack import Stack
from tests.support.waiting import eventually

TOKEN = "bitly-token-7f3a9b2c1d"
LEASE = "2"
ENDED = {"done", "failed", "cancelled"}


@pytest.fixture(scope="module")
def dns() -> Iterator[DnsServer]:
    server = DnsServer()
    yield server
    server.close()


@pytest.fixture(scope="module")
def stack(
    tmp_path_factory: pytest.TempPathFactory, postgres_url: str, dns: DnsServer
) -> Iterator[Stack]:
    root: Path = tmp_path_factory.mktemp("imports")
    stack = Stack.private_database(
        root,
        postgres_url,
        HOP_TEST_IMPORT_LEASE=LEASE,
        HOP_TEST_IMPORT_POLL_INTERVAL="0.1",
        HOP_DNS_RESOLVER=dns.address,
    )
    stack.start_admin()
    stack.start_worker("importer-1")
    stack.start_edge()
    yield stack
    stack.close()


@pytest.fixture
def api(stack: Stack) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=stack.admin_url, timeout=30, follow_redirects=False) as client:
        yield client


@pytest.fixture
def edge(stack: Stack) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=stack.edge_url, timeout=10, follow_redirects=False) as client:
        yield client


def _start(api: httpx.Client, account: Account, body: dict[str, Any]) -> dict[str, Any]:
    answer = api.post("/v1/imports", json=body, headers=account.headers())
    assert answer.status_code == 202, answer.text
    job: dict[str, Any] = answer.json()
    assert job["status"] == "queued"
    assert answer.headers["location"] == f"/v1/imports/{job['id']}"
    return job


def _job(api: httpx.Client, account: Account, job_id: str) -> dict[str, Any]:
    answer = api.get(f"/v1/imports/{job_id}", headers=account.headers())
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def _ended(api: httpx.Client, account: Account, job_id: str, timeout: float = 60) -> dict[str, Any]:
    job = eventually(
        lambda: (j := _job(api, account, job_id))["status"] in ENDED and j, timeout=timeout
    )
    assert job, _job(api, account, job_id)
    return job


def _bitly(links: LinkList | GeneratedLinks, **more: LinkList | GeneratedLinks) -> FakeBitly:
    return FakeBitly(TOKEN, {"Bg1": links, **more})


def _bitly_body(fake: FakeBitly, **options: Any) -> dict[str, Any]:
    return {
        "source": "bitly",
        "credentials": {"token": TOKEN},
        "options": {"baseUrl": fake.url, **options},
    }


def _location(edge: httpx.Client, code: str, host: str | None = None) -> str | None:
    headers = {"host": host} if host else {}
    answer = edge.head(f"/{code}", headers=headers)
    return answer.headers.get("location") if answer.status_code in (301, 302) else None


def _verified_domain(api: httpx.Client, dns: DnsServer, account: Account, hostname: str) -> None:
    added = api.post("/v1/domains", json={"hostname": hostname}, headers=account.headers())
    assert added.status_code == 201, added.text
    record = added.json()["verification"]
    dns.txt[record["name"]] = [record["value"]]
    verified = api.post(f"/v1/domains/{added.json()['id']}/verify", headers=account.headers())
    assert verified.status_code == 200, verified.text


def test_a_bitly_account_comes_over_with_its_codes_and_redirects_at_the_edge(
    stack: Stack, api: httpx.Client, edge: httpx.Client, dns: DnsServer
) -> None:
    account = stack.account()
    brand = f"go.brand-{secrets.token_hex(4)}.test"
    _verified_domain(api, dns, account, brand)
    suffix = secrets.token_hex(3)
    taken = f"taken{suffix}"
    held = api.post(
        "/v1/links",
        json={"longUrl": "https://mine.example/already", "alias": taken},
        headers=account.headers(),
    )
    assert held.status_code == 201, held.text
    links = [
        bitlink(
            f"kept{suffix}", "https://shop.example/kept", title="Kept", tags=["spring", "sale"]
        ),
        bitlink(
            f"b{suffix}",
            "https://shop.example/branded",
            custom_bitlinks=[f"https://{brand}/sale{suffix}"],
        ),
        bitlink(taken, "https://shop.example/clash"),
        bitlink("ab", "https://shop.example/short-code", archived=True),
        bitlink(f"bad{suffix}", "javascript:alert(1)"),
        *[bitlink(f"m{suffix}{n}", f"https://shop.example/many/{n}") for n in range(230)],
    ]
    clicks = {f"bit.ly/kept{suffix}": 1234, f"bit.ly/b{suffix}": 7}
    fake = _bitly(LinkList(links, clicks))
    try:
        job = _start(api, account, _bitly_body(fake))
        assert "credentials" not in job
        assert TOKEN not in str(job)
        done = _ended(api, account, job["id"])
    finally:
        fake.close()
    assert done["status"] == "done", done
    assert done["total"] == len(links)
    assert done["imported"] == len(links) - 1
    assert done["failed"] == 1
    assert done["skipped"] == 0
    assert done["remapped"] == 2
    assert done["startedAt"]
    assert done["finishedAt"]
    assert [e["sourceId"] for e in done["errors"]] == [f"bit.ly/bad{suffix}"]
    remaps = {r["sourceId"]: r for r in done["remaps"]}
    assert set(remaps) == {f"bit.ly/{taken}", "bit.ly/ab"}
    assert "already taken" in remaps[f"bit.ly/{taken}"]["reason"]
    assert "shorter" in remaps["bit.ly/ab"]["reason"]

    # Kept codes answer at once, on the default host and on the verified brand domain.
    assert _location(edge, f"kept{suffix}") == "https://shop.example/kept"
    assert _location(edge, f"sale{suffix}", host=brand) == "https://shop.example/branded"
    assert _location(edge, taken) == "https://mine.example/already"
    assert _location(edge, remaps[f"bit.ly/{taken}"]["newCode"]) == "https://shop.example/clash"
    found = api.get("/v1/links", params={"q": f"kept{suffix}"}, headers=account.headers()).json()[
        "data"
    ]
    kept = next(link for link in found if link["shortCode"] == f"kept{suffix}")
    assert kept["importedClicks"] == 1234
    assert kept["clicks"] == 0
    assert kept["title"] == "Kept"
    assert sorted(kept["tags"]) == ["sale", "spring"]
    assert kept["createdAt"].startswith("2024-03-05T10:20:30")

    report = api.get(f"/v1/imports/{job['id']}/report", headers=account.headers())
    assert report.status_code == 200
    assert report.headers["content-type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(report.text)))
    assert {row["kind"] for row in rows} == {"failed", "remapped"}
    assert len(rows) == 3
    # The job's secrets are gone once it ended.
    assert stack.sql("SELECT credentials, payload FROM imports WHERE id = %s", job["id"]) == [
        (None, None)
    ]


def test_the_same_import_again_skips_what_came_over(stack: Stack, api: httpx.Client) -> None:
    account = stack.account()
    fake = _bitly(GeneratedLinks(150, prefix=f"s{secrets.token_hex(3)}"))
    try:
        first = _ended(api, account, _start(api, account, _bitly_body(fake))["id"])
        second = _ended(api, account, _start(api, account, _bitly_body(fake))["id"])
    finally:
        fake.close()
    assert (first["status"], first["imported"], first["skipped"]) == ("done", 150, 0)
    assert (second["status"], second["imported"], second["skipped"]) == ("done", 0, 150)
    count = stack.sql(
        "SELECT count(*) FROM links WHERE workspace_id = %s AND deleted_at IS NULL",
        account.workspace_id,
    )
    assert count == [(150,)]


def test_a_bad_token_fails_the_job_at_once_with_a_clear_reason(
    stack: Stack, api: httpx.Client
) -> None:
    account = stack.account()
    fake = _bitly(GeneratedLinks(10))
    try:
        body = _bitly_body(fake)
        body["credentials"] = {"token": "not-the-token"}
        done = _ended(api, account, _start(api, account, body)["id"])
    finally:
        fake.close()
    assert done["status"] == "failed"
    assert "Bitly refused the credential" in done["reason"]
    assert "not-the-token" not in str(done)
    assert fake.requests == 1  # refused at the first call, never retried


def test_a_429_is_waited_out_and_the_job_ends(stack: Stack, api: httpx.Client) -> None:
    account = stack.account()
    fake = _bitly(GeneratedLinks(120, prefix=f"r{secrets.token_hex(3)}"))
    fake.throttle_once = True
    fake.retry_after = "1"
    try:
        done = _ended(api, account, _start(api, account, _bitly_body(fake))["id"])
    finally:
        fake.close()
    assert (done["status"], done["imported"]) == ("done", 120)


def test_a_killed_worker_s_import_is_taken_over_without_duplicates(
    stack: Stack, api: httpx.Client
) -> None:
    account = stack.account()
    total = 3000
    prefix = f"k{secrets.token_hex(3)}"
    fake = _bitly(GeneratedLinks(total, prefix=prefix))
    try:
        job = _start(api, account, _bitly_body(fake))
        running = eventually(lambda: _job(api, account, job["id"])["imported"] >= 200, timeout=60)
        assert running, _job(api, account, job["id"])
        for worker in list(stack.workers):
            stack.kill(worker)
        stack.workers.clear()
        stalled = _job(api, account, job["id"])
        assert stalled["status"] == "running"
        assert stalled["imported"] < total
        stack.start_worker(f"importer-{secrets.token_hex(2)}")
        done = _ended(api, account, job["id"], timeout=120)
    finally:
        fake.close()
    assert done["status"] == "done", done
    assert done["imported"] + done["skipped"] == total
    assert done["imported"] == total
    rows = stack.sql(
        "SELECT count(*), count(DISTINCT short_code) FROM links "
        "WHERE workspace_id = %s AND deleted_at IS NULL",
        account.workspace_id,
    )
    assert rows == [(total, total)]


def test_cancelling_stops_the_job_and_keeps_what_came_over(stack: Stack, api: httpx.Client) -> None:
    account = stack.account()
    fake = _bitly(GeneratedLinks(20_000, prefix=f"c{secrets.token_hex(3)}"))
    try:
        job = _start(api, account, _bitly_body(fake))
        assert eventually(lambda: _job(api, account, job["id"])["imported"] > 0, timeout=60)
        cancelled = api.delete(f"/v1/imports/{job['id']}", headers=account.headers())
        assert cancelled.status_code == 200, cancelled.text
        assert cancelled.json()["status"] == "cancelled"
        # The runner's next page is refused (the job is no longer running) and rolled
        # back: what the cancel answered is all that came over.
        assert eventually(lambda: fake.requests > 2, timeout=10)
    finally:
        fake.close()
    final = _job(api, account, job["id"])
    assert final["status"] == "cancelled"
    assert final["imported"] == cancelled.json()["imported"]
    assert final["reason"] == "cancelled by its owner"
    written = stack.sql("SELECT count(*) FROM links WHERE workspace_id = %s", account.workspace_id)[
        0
    ][0]
    assert written == final["imported"] < 20_000
    again = api.delete(f"/v1/imports/{job['id']}", headers=account.headers())
    assert_problem(again, 409, "Conflict")


def test_a_csv_in_hop_s_own_format_comes_over(
    stack: Stack, api: httpx.Client, edge: httpx.Client
) -> None:
    account = stack.account()
    code = f"csv{secrets.token_hex(3)}"
    content = (
        f"longUrl,alias,tags\r\nhttps://csv.example/a,{code},one|two\r\nhttps://csv.example/b,,\r\n"
    )
    job = _start(api, account, {"source": "csv", "options": {"content": content}})
    done = _ended(api, account, job["id"])
    assert (done["status"], done["imported"], done["failed"]) == ("done", 2, 0)
    assert _location(edge, code) == "https://csv.example/a"


def test_bad_requests_are_refused_and_start_nothing(stack: Stack, api: httpx.Client) -> None:
    account = stack.account()
    cases: list[tuple[dict[str, Any], str]] = [
        ({"source": "tinyurl"}, "source"),
        ({"source": "bitly", "credentials": {}}, "credentials"),
        ({"source": "shlink", "credentials": {"apiKey": "k"}}, "options"),
        (
            {
                "source": "shlink",
                "credentials": {"apiKey": "k"},
                "options": {"baseUrl": "http://10.1.2.3/"},
            },
            "options.baseUrl",
        ),
        (
            {
                "source": "yourls",
                "credentials": {"username": "u"},
                "options": {"baseUrl": "https://y.example"},
            },
            "credentials",
        ),
    ]
    for body, field in cases:
        answer = api.post("/v1/imports", json=body, headers=account.headers())
        assert_problem(answer, 422, "Validation")
        errors = answer.json()["errors"]
        assert any(e["field"].startswith(field) for e in errors), (body, errors)
    assert api.get("/v1/imports", headers=account.headers()).json()["data"] == []
    unknown = api.get("/v1/imports/imp_nope", headers=account.headers())
    assert_problem(unknown, 404, "Not Found")
    other = stack.account()
    fake = _bitly(GeneratedLinks(1))
    try:
        job = _start(api, account, _bitly_body(fake))
        assert_problem(
            api.get(f"/v1/imports/{job['id']}", headers=other.headers()), 404, "Not Found"
        )
        _ended(api, account, job["id"])
    finally:
        fake.close()
    listed = api.get("/v1/imports", headers=account.headers()).json()["data"]
    assert [item["id"] for item in listed] == [job["id"]]
