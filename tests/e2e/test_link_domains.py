"""Links on custom domains, end to end: a domain verified through the loopback DNS server,
the same alias on the default short host and on the domain, the edge routing by Host, the
clicks counted on the right link, and what deleting the domain does."""

from __future__ import annotations

import secrets
from typing import Any

import httpx
import psycopg
import pytest
import redis

from common.keys import DOMAINS_KEY, link_key, sandbox_link_key
from tests.support.accounts import Account, create_account, create_key
from tests.support.api import assert_problem
from tests.support.cli import run_hop as hop
from tests.support.clicks import wait_for_clicks
from tests.support.dns import DnsServer
from tests.support.stack import Stack
from tests.support.waiting import eventually

pytestmark = pytest.mark.usefixtures("worker")


def verified_domain(
    api: httpx.Client, dns_server: DnsServer, headers: dict[str, str], hostname: str
) -> dict[str, Any]:
    added = api.post("/v1/domains", json={"hostname": hostname}, headers=headers)
    assert added.status_code == 201, added.text
    record = added.json()["verification"]
    dns_server.txt[record["name"]] = [record["value"]]
    verified = api.post(f"/v1/domains/{added.json()['id']}/verify", headers=headers)
    assert verified.status_code == 200, verified.text
    body: dict[str, Any] = verified.json()
    return body


def new_hostname() -> str:
    return f"go.brand-{secrets.token_hex(4)}.test"


def location(edge: httpx.Client, path: str, host: str | None = None) -> str | None:
    """Where a HEAD of ``path`` (with ``host`` as Host) redirects; None if it does not.
    HEAD: a probe, never a click."""
    headers = {"host": host} if host else {}
    response = edge.head(path, headers=headers)
    return response.headers.get("location") if response.status_code == 302 else None


def fields(response: httpx.Response) -> list[str]:
    return [error["field"] for error in response.json()["errors"]]


def test_the_same_alias_on_two_hosts(
    dns_api: httpx.Client,
    dns_server: DnsServer,
    edge: httpx.Client,
    session_stack: Stack,
    database_url: str,
) -> None:
    owner, other = create_account(database_url), create_account(database_url)
    host = new_hostname()
    domain = verified_domain(dns_api, dns_server, owner.headers(), host)
    store = session_stack.redis
    assert store.sismember(DOMAINS_KEY, host)

    alias = f"sale-{secrets.token_hex(3)}"
    on_default = dns_api.post(
        "/v1/links",
        json={"longUrl": "https://default.example/sale", "alias": alias},
        headers=other.headers(),
    ).json()
    on_domain = dns_api.post(
        "/v1/links",
        json={"longUrl": "https://brand.example/sale", "alias": alias, "domain": host.upper()},
        headers=owner.headers(),
    )
    assert on_domain.status_code == 201, on_domain.text
    link = on_domain.json()
    assert link["domain"] == host
    assert link["shortUrl"] == f"https://{host}/{alias}"
    assert on_default["domain"] is None
    assert on_default["shortUrl"].endswith(f"/{alias}")
    # Unique per domain: the alias is taken on the domain now, and on the default host.
    again = dns_api.post(
        "/v1/links",
        json={"longUrl": "https://brand.example/x", "alias": alias, "domain": host},
        headers=owner.headers(),
    )
    assert_problem(again, 409, "Conflict")
    taken = dns_api.post(
        "/v1/links",
        json={"longUrl": "https://brand.example/x", "alias": alias},
        headers=owner.headers(),
    )
    assert_problem(taken, 409, "Conflict")
    assert store.get(link_key(f"{host}/{alias}")) is not None

    # The edge: Host picks the namespace (case and port do not matter); the short host's
    # is the default one, and a host that is neither is nobody's.
    eventually(lambda: location(edge, f"/{alias}", host) == "https://brand.example/sale")
    assert location(edge, f"/{alias}", f"{host.upper()}:8443") == "https://brand.example/sale"
    assert location(edge, f"/{alias}") == "https://default.example/sale"
    assert edge.head(f"/{alias}", headers={"host": "unknown.example"}).status_code == 404
    for path in ("/", "/nope-nothing", f"/{host}/{alias}", "/@someone"):
        response = edge.get(path, headers={"host": host})
        assert response.status_code == 404, path
    assert edge.get(f"/{host}/{alias}").status_code == 404  # no way round from the default host

    # One click each, counted on its own link.
    assert edge.get(f"/{alias}", headers={"host": host}).status_code == 302
    assert edge.get(f"/{alias}").status_code == 302
    assert wait_for_clicks(database_url, [link["id"]], 1) == 1
    assert wait_for_clicks(database_url, [on_default["id"]], 1) == 1

    # Lists: the domain's links, or the default host's.
    plain = dns_api.post(
        "/v1/links", json={"longUrl": "https://brand.example/plain"}, headers=owner.headers()
    ).json()
    listed = dns_api.get("/v1/links", params={"domain": host}, headers=owner.headers())
    assert [item["id"] for item in listed.json()["data"]] == [link["id"]]
    defaults = dns_api.get("/v1/links", params={"domain": "default"}, headers=owner.headers())
    assert [item["id"] for item in defaults.json()["data"]] == [plain["id"]]
    bad = dns_api.get("/v1/links", params={"domain": "not a host"}, headers=owner.headers())
    assert_problem(bad, 422, "Validation")
    assert fields(bad) == ["domain"]

    # Moving a link onto the domain: the old address answers 410, the new one redirects;
    # back to the default host, the alias there is another account's (409).
    moved = dns_api.patch(
        f"/v1/links/{plain['id']}", json={"domain": host}, headers=owner.headers()
    )
    assert moved.status_code == 200, moved.text
    assert moved.json()["shortUrl"] == f"https://{host}/{plain['shortCode']}"
    eventually(lambda: edge.head(f"/{plain['shortCode']}").status_code == 410)
    assert location(edge, f"/{plain['shortCode']}", host) == "https://brand.example/plain"
    back = dns_api.patch(f"/v1/links/{link['id']}", json={"domain": None}, headers=owner.headers())
    assert_problem(back, 409, "Conflict")

    # Deleting the domain: refused while links use it; then their addresses are gone and
    # the host is nobody's: its traffic never reaches the default host's codes.
    refused = dns_api.delete(f"/v1/domains/{domain['id']}", headers=owner.headers())
    assert_problem(refused, 409, "Conflict")
    assert fields(refused) == ["domain"]
    cleared = dns_api.post(
        "/v1/links/bulk-update",
        json={"filter": {"domain": host}, "action": {"type": "delete"}},
        headers=owner.headers(),
    )
    assert cleared.json() == {"matched": 2, "changed": 2}
    with psycopg.connect(database_url) as conn:
        gone = conn.execute(
            "SELECT data FROM events WHERE type = 'link.deleted' AND data->>'id' = %s",
            (link["id"],),
        ).fetchone()
    assert gone is not None
    assert gone[0]["domain"] == host  # which host's code was freed
    assert edge.head(f"/{alias}", headers={"host": host}).status_code == 410
    deleted = dns_api.delete(f"/v1/domains/{domain['id']}", headers=owner.headers())
    assert deleted.status_code == 204, deleted.text
    assert not store.sismember(DOMAINS_KEY, host)
    assert store.get(link_key(f"{host}/{alias}")) is None
    eventually(lambda: edge.head(f"/{alias}", headers={"host": host}).status_code == 404)
    assert edge.get(f"/{alias}", headers={"host": host}).status_code == 404
    assert location(edge, f"/{alias}") == "https://default.example/sale"
    assert link_clicks_total(dns_api, other, on_default["id"]) == 1


def link_clicks_total(api: httpx.Client, account: Account, link_id: str) -> int:
    response = api.get(f"/v1/links/{link_id}", headers=account.headers())
    return int(response.json()["clicks"])


def test_a_domain_must_be_a_verified_one_of_yours(
    dns_api: httpx.Client, dns_server: DnsServer, database_url: str
) -> None:
    owner, other = create_account(database_url), create_account(database_url)
    host = new_hostname()
    verified_domain(dns_api, dns_server, owner.headers(), host)
    pending = new_hostname()
    assert (
        dns_api.post("/v1/domains", json={"hostname": pending}, headers=owner.headers())
    ).status_code == 201
    sandbox = create_key(database_url, owner.email, ("links:write",), "test")
    for headers, name in (
        (owner.headers(), pending),  # not verified yet
        (owner.headers(), new_hostname()),  # never added
        (other.headers(), host),  # another account's
        ({"Authorization": f"Bearer {sandbox}"}, host),  # the live environment's
    ):
        response = dns_api.post(
            "/v1/links", json={"longUrl": "https://brand.example/", "domain": name}, headers=headers
        )
        assert_problem(response, 422, "Validation")
        assert fields(response) == ["domain"], name
    made = dns_api.post(
        "/v1/links", json={"longUrl": "https://brand.example/"}, headers=owner.headers()
    ).json()
    moved = dns_api.patch(
        f"/v1/links/{made['id']}", json={"domain": pending}, headers=owner.headers()
    )
    assert_problem(moved, 422, "Validation")
    assert fields(moved) == ["domain"]

    # Bulk and CSV: each item answers for its own domain; the export names it.
    bulk = dns_api.post(
        "/v1/links/bulk",
        json={
            "items": [
                {"longUrl": "https://brand.example/1", "alias": "bulk-one", "domain": host},
                {"longUrl": "https://brand.example/2", "alias": "bulk-one"},
                {"longUrl": "https://brand.example/3", "domain": pending},
            ]
        },
        headers=owner.headers(),
    ).json()
    assert [result["status"] for result in bulk["results"]] == [201, 201, 422]
    assert bulk["results"][0]["link"]["shortUrl"] == f"https://{host}/bulk-one"
    imported = dns_api.post(
        "/v1/links/import",
        content=f"longUrl,alias,domain\r\nhttps://brand.example/4,csv-one,{host}\r\n".encode(),
        headers={**owner.headers(), "Content-Type": "text/csv"},
    ).json()
    assert imported["results"][0]["status"] == 201, imported
    assert imported["results"][0]["link"]["domain"] == host
    export = dns_api.get(
        "/v1/links/export", params={"domain": host}, headers=owner.headers()
    ).text.splitlines()
    assert export[0].endswith(",domain,externalId,archived")
    assert sorted(line.split(",")[1] for line in export[1:]) == ["bulk-one", "csv-one"]
    assert all(line.endswith(f",{host},,false") for line in export[1:])


def test_sandbox_links_on_a_sandbox_domain(
    dns_api: httpx.Client,
    dns_server: DnsServer,
    edge: httpx.Client,
    session_stack: Stack,
    database_url: str,
) -> None:
    owner = create_account(database_url)
    sandbox = {
        "Authorization": "Bearer " + create_key(database_url, owner.email, ("links:write",), "test")
    }
    host = new_hostname()
    verified_domain(dns_api, dns_server, sandbox, host)
    link = dns_api.post(
        "/v1/links",
        json={"longUrl": "https://brand.example/test", "alias": "try-it", "domain": host},
        headers=sandbox,
    ).json()
    assert link["shortUrl"] == f"https://{host}/test/try-it"
    assert session_stack.redis.get(sandbox_link_key(f"{host}/try-it")) is not None
    eventually(lambda: location(edge, "/test/try-it", host) == "https://brand.example/test")
    assert edge.head("/try-it", headers={"host": host}).status_code == 404  # not a live one


def test_a_protected_links_preview_on_a_domain_names_its_short_url(
    dns_api: httpx.Client, dns_server: DnsServer, edge: httpx.Client, database_url: str
) -> None:
    owner = create_account(database_url)
    host = new_hostname()
    verified_domain(dns_api, dns_server, owner.headers(), host)
    made = dns_api.post(
        "/v1/links",
        json={
            "longUrl": "https://brand.example/members",
            "alias": "members",
            "domain": host,
            "password": "open sesame",
            "preview": {"title": "Members"},
        },
        headers=owner.headers(),
    )
    assert made.status_code == 201, made.text

    def unfurl() -> httpx.Response | None:
        answer = edge.get("/members", headers={"host": host, "User-Agent": "Twitterbot/1.0"})
        return answer if answer.status_code == 200 else None

    answer = eventually(unfurl)
    assert answer is not None
    assert f'<meta property="og:url" content="https://{host}/members">' in answer.text
    assert "brand.example/members" not in answer.text


def test_a_rebuild_restores_the_domains_and_their_links(
    dns_api: httpx.Client,
    dns_server: DnsServer,
    edge: httpx.Client,
    session_stack: Stack,
    database_url: str,
    redis_url: str,
) -> None:
    owner = create_account(database_url)
    host = new_hostname()
    verified_domain(dns_api, dns_server, owner.headers(), host)
    made = dns_api.post(
        "/v1/links",
        json={"longUrl": "https://brand.example/kept", "alias": "kept", "domain": host},
        headers=owner.headers(),
    )
    assert made.status_code == 201, made.text
    store: redis.Redis = session_stack.redis
    ghost = new_hostname()  # in the set behind the admin's back, with a stale entry
    store.sadd(DOMAINS_KEY, ghost)
    store.set(link_key(f"{ghost}/ghost-code"), b"junk")
    store.srem(DOMAINS_KEY, host)
    store.delete(link_key(f"{host}/kept"))

    result = hop(
        "cache", "rebuild", env={"HOP_DATABASE_URL": database_url, "HOP_REDIS_URL": redis_url}
    )
    assert result.returncode == 0, result.stderr
    assert store.sismember(DOMAINS_KEY, host)
    assert not store.sismember(DOMAINS_KEY, ghost)
    assert store.get(link_key(f"{host}/kept")) is not None
    assert store.get(link_key(f"{ghost}/ghost-code")) is None
    eventually(lambda: location(edge, "/kept", host) == "https://brand.example/kept")


def test_a_destination_on_a_verified_domain_is_a_loop(
    dns_api: httpx.Client, dns_server: DnsServer, database_url: str
) -> None:
    """A verified custom domain is one of our hosts, whoever owns it: a link (or a rule
    or a variant) sending visitors there would come back to us. 422 naming the field."""
    owner, other = create_account(database_url), create_account(database_url)
    host = verified_domain(dns_api, dns_server, owner.headers(), new_hostname())["hostname"]
    loops = (
        ({"longUrl": f"https://{host.upper()}/sale"}, ["longUrl"]),
        (
            {
                "longUrl": "https://brand.example/",
                "rules": [{"when": {"os": ["ios"]}, "url": f"https://{host}/app"}],
            },
            ["rules[0].url"],
        ),
        (
            {
                "longUrl": "https://brand.example/",
                "variants": [
                    {"url": "https://brand.example/a", "weight": 50},
                    {"url": f"http://{host}:8080/b", "weight": 50},
                ],
            },
            ["variants[1].url"],
        ),
    )
    for body, named in loops:
        # The admin learns of the domain over Redis: allow it a moment.
        def refused(body: dict[str, Any] = body) -> httpx.Response | None:
            response = dns_api.post("/v1/links", json=body, headers=other.headers())
            return response if response.status_code == 422 else None

        response = eventually(refused, 10)
        assert response is not None, body
        assert_problem(response, 422, "Validation")
        assert fields(response) == named
    made = dns_api.post(
        "/v1/links", json={"longUrl": "https://brand.example/"}, headers=other.headers()
    ).json()
    moved = dns_api.patch(
        f"/v1/links/{made['id']}",
        json={"expiredUrl": f"https://{host}/gone"},
        headers=other.headers(),
    )
    assert_problem(moved, 422, "Validation")
    assert fields(moved) == ["expiredUrl"]
