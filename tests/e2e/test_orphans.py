"""Orphan visits end to end (docs/analytics.md#orphans): thousands of requests that find
no link (unknown codes and paths, the bare host, expired and deleted links) on a custom
domain and on the default short host, counted exactly through the click stream into
rollups, bots apart, no raw row; a domain's "not found" destination; who may read what."""

from __future__ import annotations

import concurrent.futures
import secrets
from collections.abc import Iterator
from typing import Any

import httpx
import psycopg
import pytest

from tests.support.accounts import Account, create_account
from tests.support.clicks import USER_AGENTS
from tests.support.dns import DnsServer
from tests.support.processes import HopProcess
from tests.support.stack import Stack
from tests.support.waiting import eventually

pytestmark = pytest.mark.usefixtures("worker")

HUMAN = USER_AGENTS["windows_edge"]
BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"


@pytest.fixture(scope="module")
def operator(database_url: str) -> Account:
    return create_account(database_url)


@pytest.fixture(scope="module")
def orphans_admin(
    session_stack: Stack, dns_server: DnsServer, operator: Account
) -> Iterator[HopProcess]:
    admin = session_stack.start_admin(
        "admin-orphans",
        HOP_DNS_RESOLVER=dns_server.address,
        HOP_ORPHANS_WORKSPACE=operator.workspace_id,
    )
    yield admin
    admin.stop()


@pytest.fixture
def api(orphans_admin: HopProcess) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=orphans_admin.url, timeout=30) as client:
        yield client


def verified_domain(
    api: httpx.Client, dns_server: DnsServer, account: Account, hostname: str
) -> dict[str, Any]:
    added = api.post("/v1/domains", json={"hostname": hostname}, headers=account.headers())
    assert added.status_code == 201, added.text
    record = added.json()["verification"]
    dns_server.txt[record["name"]] = [record["value"]]
    verified = api.post(f"/v1/domains/{added.json()['id']}/verify", headers=account.headers())
    assert verified.status_code == 200, verified.text
    body: dict[str, Any] = verified.json()
    return body


def visit_all(edge_url: str, plan: list[tuple[str, str, str]]) -> list[int]:
    """GET every (host, path, user agent) of ``plan`` ("" host: the short host's own)."""

    def visit(chunk: list[tuple[str, str, str]]) -> list[int]:
        with httpx.Client(base_url=edge_url, timeout=10) as client:
            return [
                client.get(
                    path, headers={"User-Agent": agent, **({"host": host} if host else {})}
                ).status_code
                for host, path, agent in chunk
            ]

    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        return [s for chunk in pool.map(visit, [plan[i::4] for i in range(4)]) for s in chunk]


def stored(database_url: str, domain: str) -> int:
    with psycopg.connect(database_url) as conn:
        row = conn.execute(
            "SELECT coalesce(sum(visits), 0) FROM orphan_rollups WHERE domain = %s", (domain,)
        ).fetchone()
    return int(row[0]) if row else 0


def wait_for_orphans(database_url: str, domain: str, expected: int) -> int:
    eventually(lambda: stored(database_url, domain) >= expected, 90, every=0.1)
    return stored(database_url, domain)


def orphans(api: httpx.Client, account: Account, **params: str) -> dict[str, Any]:
    response = api.get("/v1/analytics/orphans", params=params, headers=account.headers())
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def gone(edge_url: str, host: str, path: str) -> bool:
    # HEAD: a probe, never counted.
    return httpx.head(f"{edge_url}{path}", headers={"host": host}).status_code == 410


def test_every_orphan_visit_on_a_domain_is_counted_once(
    api: httpx.Client, dns_server: DnsServer, edge_url: str, database_url: str
) -> None:
    owner = create_account(database_url)
    host = f"go.orphans-{secrets.token_hex(4)}.test"
    verified_domain(api, dns_server, owner, host)
    deleted = api.post(
        "/v1/links",
        json={"longUrl": "https://brand.example/old", "domain": host},
        headers=owner.headers(),
    ).json()
    assert api.delete(f"/v1/links/{deleted['id']}", headers=owner.headers()).status_code == 204
    spent = api.post(
        "/v1/links",
        json={"longUrl": "https://brand.example/once", "domain": host, "maxClicks": 1},
        headers=owner.headers(),
    ).json()
    deleted_path, spent_path = f"/{deleted['shortCode']}", f"/{spent['shortCode']}"
    assert httpx.get(f"{edge_url}{spent_path}", headers={"host": host}).status_code == 302
    assert eventually(lambda: gone(edge_url, host, deleted_path), 30)
    assert eventually(lambda: gone(edge_url, host, spent_path), 30)

    # 150 distinct unknown paths (past the 100 a day keeps), the bare host, the two links.
    plan = [(host, f"/nope-{n % 150}", BOT if n % 10 == 0 else HUMAN) for n in range(1500)]
    plan += [(host, "/", BOT if n % 4 == 0 else HUMAN) for n in range(1000)]
    plan += [(host, deleted_path, HUMAN) for _ in range(1000)]
    plan += [(host, spent_path, BOT if n % 2 else HUMAN) for n in range(1000)]
    # Never orphans: what browsers ask every host, the health check, probes (HEAD).
    ignored = [(host, path, HUMAN) for path in ("/favicon.ico", "/robots.txt", "/_health")]
    statuses = visit_all(edge_url, plan + ignored * 20)
    assert statuses.count(410) == 2000
    for path in ("/nope-1", "/"):
        assert httpx.head(f"{edge_url}{path}", headers={"host": host}).status_code == 404

    assert wait_for_orphans(database_url, host, 4500) == 4500
    body = orphans(api, owner, domain=host.upper())
    assert body["domain"] == host
    assert body["totals"] == {
        "total": 4500,
        "bots": 150 + 250 + 500,
        "humans": {"unknown": 1350, "base": 750, "expired": 500, "deleted": 1000},
        "botTypes": {"unknown": 150, "base": 250, "expired": 500, "deleted": 0},
    }
    assert sum(day["humans"] + day["bots"] for day in body["series"]) == 4500
    kept = dict(_all_paths(database_url, host))
    # The first 100 distinct paths of the day have rows, the rest count under "other" (""):
    # whichever they are, every visit is counted once.
    assert len(kept) == 101
    assert sum(kept.values()) == 4500
    assert body["otherPaths"] == kept[""]
    top = [(item["value"], item["visits"]) for item in body["topPaths"]]
    assert top == sorted(((v, n) for v, n in kept.items() if v), key=lambda p: (-p[1], p[0]))[:20]
    with psycopg.connect(database_url) as conn:
        raw = conn.execute("SELECT count(*) FROM clicks WHERE link_id = %s", (host,)).fetchone()
    assert raw == (0,)  # rollups only


def _all_paths(database_url: str, host: str) -> list[tuple[str, int]]:
    with psycopg.connect(database_url) as conn:
        rows = conn.execute(
            "SELECT value, visits FROM orphan_tops WHERE domain = %s AND dimension = 'p'",
            (host,),
        ).fetchall()
    return [(str(value), int(visits)) for value, visits in rows]


def test_a_domains_not_found_destination(
    api: httpx.Client, dns_server: DnsServer, edge_url: str, database_url: str
) -> None:
    owner = create_account(database_url)
    host = f"go.lost-{secrets.token_hex(4)}.test"
    domain = verified_domain(api, dns_server, owner, host)
    url = f"/v1/domains/{domain['id']}"
    loop = api.patch(url, json={"notFoundUrl": f"https://{host}/x"}, headers=owner.headers())
    assert loop.status_code == 422, loop.text
    assert loop.json()["errors"][0]["field"] == "notFoundUrl"
    patched = api.patch(
        url, json={"notFoundUrl": "https://brand.example/lost"}, headers=owner.headers()
    )
    assert patched.status_code == 200, patched.text
    assert patched.json()["notFoundUrl"] == "https://brand.example/lost"

    def location() -> str | None:
        answer = httpx.head(f"{edge_url}/missing", headers={"host": host})
        return answer.headers.get("location") if answer.status_code == 302 else None

    assert eventually(location, 30) == "https://brand.example/lost"
    assert visit_all(edge_url, [(host, "/missing", HUMAN)] * 300) == [302] * 300
    assert wait_for_orphans(database_url, host, 300) == 300
    assert orphans(api, owner, domain=host)["totals"]["humans"]["unknown"] == 300

    cleared = api.patch(url, json={"notFoundUrl": None}, headers=owner.headers())
    assert cleared.json()["notFoundUrl"] is None
    assert eventually(lambda: location() is None, 30)


def test_the_default_hosts_orphans_are_the_operators(
    api: httpx.Client,
    dns_server: DnsServer,
    edge_url: str,
    database_url: str,
    operator: Account,
) -> None:
    before = orphans(api, operator)["totals"]
    plan = [("", f"/no-such-{secrets.token_hex(3)}-{n % 7}", HUMAN) for n in range(1000)]
    plan += [("", "/", BOT) for _ in range(500)]
    assert set(visit_all(edge_url, plan)) == {302, 404}
    # The short host's orphans so far (earlier tests') are the baseline.
    assert wait_for_orphans(database_url, "", before["total"] + 1500) == before["total"] + 1500
    after = orphans(api, operator)["totals"]
    assert after["humans"]["unknown"] - before["humans"]["unknown"] == 1000
    assert after["botTypes"]["base"] - before["botTypes"]["base"] == 500
    assert after["total"] - before["total"] == 1500

    someone = create_account(database_url)
    assert api.get("/v1/analytics/orphans", headers=someone.headers()).status_code == 404
    other_host = f"go.theirs-{secrets.token_hex(4)}.test"
    verified_domain(api, dns_server, operator, other_host)
    answer = api.get(
        "/v1/analytics/orphans", params={"domain": other_host}, headers=someone.headers()
    )
    assert answer.status_code == 404
