"""Custom domains through a real admin whose DNS resolver is a loopback DNS server."""

from __future__ import annotations

import secrets

import httpx

from common.keys import DOMAINS_KEY
from common.redis_store import connect_sync
from tests.support.accounts import Account, create_account, create_key
from tests.support.api import assert_problem
from tests.support.dns import DnsServer
from tests.support.stack import Stack


def fields(response: httpx.Response) -> list[str]:
    return [error["field"] for error in response.json()["errors"]]


def test_add_verify_check_and_delete(
    dns_api: httpx.Client, dns_server: DnsServer, database_url: str
) -> None:
    owner, rival = create_account(database_url), create_account(database_url)
    name = f"go.brand-{secrets.token_hex(4)}.example"
    added = dns_api.post(
        "/v1/domains", json={"hostname": f"Go.{name[3:].upper()}."}, headers=owner.headers()
    )
    assert added.status_code == 201, added.text
    domain = added.json()
    assert domain["hostname"] == name
    assert domain["status"] == "pending"
    record = domain["verification"]
    assert record["type"] == "TXT"
    assert record["name"] == f"_hop-challenge.{name}"
    assert added.headers["location"] == f"/v1/domains/{domain['id']}"
    again = dns_api.post("/v1/domains", json={"hostname": name}, headers=owner.headers())
    assert_problem(again, 409, "Conflict")

    early = dns_api.post(f"/v1/domains/{domain['id']}/verify", headers=owner.headers())
    assert_problem(early, 422, "Validation")
    assert fields(early) == ["verification"]
    assert f"_hop-challenge.{name}" in dns_server.questions
    pending = dns_api.get(f"/v1/domains/{domain['id']}", headers=owner.headers()).json()
    assert pending["status"] == "pending"
    assert pending["checkedAt"] is not None
    assert_problem(dns_api.get("/v1/domains/check", params={"domain": name}), 404, "Not Found")

    dns_server.txt[record["name"]] = ["v=spf1 -all", record["value"]]
    verified = dns_api.post(f"/v1/domains/{domain['id']}/verify", headers=owner.headers())
    assert verified.status_code == 200, verified.text
    assert verified.json()["status"] == "verified"
    assert verified.json()["verifiedAt"] is not None
    check = dns_api.get("/v1/domains/check", params={"domain": name.upper()})  # no credentials
    assert check.status_code == 200
    assert check.json() == {"domain": name, "verified": True}

    # Another account may claim the name, but not prove it while the owner holds it.
    theirs = dns_api.post("/v1/domains", json={"hostname": name}, headers=rival.headers()).json()
    dns_server.txt[record["name"]].append(theirs["verification"]["value"])
    taken = dns_api.post(f"/v1/domains/{theirs['id']}/verify", headers=rival.headers())
    assert_problem(taken, 409, "Conflict")
    assert fields(taken) == ["hostname"]

    listed = dns_api.get("/v1/domains", headers=owner.headers()).json()["data"]
    assert [item["id"] for item in listed] == [domain["id"]]
    assert dns_api.delete(f"/v1/domains/{domain['id']}", headers=owner.headers()).status_code == 204
    assert_problem(dns_api.get("/v1/domains/check", params={"domain": name}), 404, "Not Found")
    assert_problem(
        dns_api.get(f"/v1/domains/{domain['id']}", headers=owner.headers()), 404, "Not Found"
    )
    now_theirs = dns_api.post(f"/v1/domains/{theirs['id']}/verify", headers=rival.headers())
    assert now_theirs.status_code == 200, now_theirs.text
    assert dns_api.get("/v1/domains/check", params={"domain": name}).status_code == 200


def test_domain_refusals(dns_api: httpx.Client, account: Account, database_url: str) -> None:
    for hostname in (
        "1.2.3.4",
        "localhost",
        "bad_host.example",
        "ünï.example",
        "a..b.example",
        "127.0.0.1",
    ):
        response = dns_api.post(
            "/v1/domains", json={"hostname": hostname}, headers=account.headers()
        )
        assert_problem(response, 422, "Validation")
        assert fields(response) == ["hostname"], hostname
    # The proof's name, _hop-challenge.<hostname>, must fit DNS's 253 characters: a longer
    # name could never be verified, so it is refused when added (the schema's maxLength).
    longest = ".".join(["a" * 63, "b" * 63, "c" * 63, "x" * 22 + secrets.token_hex(12)])
    assert len(longest) == 238
    fits = dns_api.post("/v1/domains", json={"hostname": longest}, headers=account.headers())
    assert fits.status_code == 201, fits.text
    assert (
        dns_api.post(
            f"/v1/domains/{fits.json()['id']}/verify", headers=account.headers()
        ).status_code
        == 422
    )  # no record yet: a lookup, not a server error
    too_long = dns_api.post(
        "/v1/domains", json={"hostname": "d" + longest}, headers=account.headers()
    )
    assert_problem(too_long, 422, "Validation")
    assert fields(too_long) == ["hostname"]
    own = dns_api.post(
        "/v1/domains", json={"hostname": "127.0.0.1.nip.example"}, headers=account.headers()
    )
    assert own.status_code == 201  # an ordinary name
    assert_problem(
        dns_api.get("/v1/domains/check", params={"domain": "not a name"}), 422, "Validation"
    )
    reader = create_key(database_url, account.email, ("links:read",))
    refused = dns_api.post(
        "/v1/domains",
        json={"hostname": "go.example.org"},
        headers={"Authorization": f"Bearer {reader}"},
    )
    assert_problem(refused, 403, "Forbidden")
    other = create_account(database_url)
    assert_problem(
        dns_api.get(f"/v1/domains/{own.json()['id']}", headers=other.headers()), 404, "Not Found"
    )


def _verified_domain(api: httpx.Client, dns_server: DnsServer, account: Account) -> str:
    """A domain of ``account``, verified through the loopback DNS server."""
    name = f"go.ask-{secrets.token_hex(4)}.example"
    response = api.post("/v1/domains", json={"hostname": name}, headers=account.headers())
    assert response.status_code == 201, response.text
    added = response.json()
    record = added["verification"]
    dns_server.txt[record["name"]] = [record["value"]]
    verified = api.post(f"/v1/domains/{added['id']}/verify", headers=account.headers())
    assert verified.status_code == 200, verified.text
    return name


def test_the_tls_proxy_ask_is_in_no_bucket_and_reads_the_domain_set(
    session_stack: Stack, dns_server: DnsServer, database_url: str, redis_url: str
) -> None:
    """A proxy asks from one address for every SNI name it meets, made-up ones included:
    1,000 asks in a row (the anonymous limit here is 60 a minute) are all answered right,
    and the answer is the set the edges route by, not a PostgreSQL query."""
    # The proxy's own address (behind a trusted hop), so the 60 a minute are this test's
    # alone, not shared with the anonymous requests other tests send from 127.0.0.1.
    admin = session_stack.start_admin(
        "admin-ask",
        HOP_DNS_RESOLVER=dns_server.address,
        HOP_LIMIT_ANONYMOUS_PER_MINUTE="60",
        HOP_TRUSTED_PROXIES="127.0.0.1/32",
    )
    network = f"2001:db8:{secrets.randbelow(0xFFFF):x}:{secrets.randbelow(0xFFFF):x}"
    proxy = {"X-Forwarded-For": f"{network}::1"}
    try:
        with httpx.Client(
            base_url=admin.url, timeout=30, follow_redirects=False, headers=proxy
        ) as api:
            owner = create_account(database_url)
            real = _verified_domain(api, dns_server, owner)
            for n in range(1000):
                asked = real if n % 10 == 0 else f"r{secrets.token_hex(6)}.sni.example"
                answer = api.get("/v1/domains/check", params={"domain": asked})
                assert answer.status_code == (200 if asked == real else 404), (n, answer.text)
            # Other anonymous requests still have their own 60 a minute.
            assert api.get("/v1/users/me").status_code == 401
            # The set, not PostgreSQL: a name only the set holds is verified, a name only
            # PostgreSQL holds (as if its write to the set were still to come) is not.
            with connect_sync(redis_url) as store:
                only_in_set = f"go.set-{secrets.token_hex(4)}.example"
                store.sadd(DOMAINS_KEY, only_in_set)
                try:
                    assert (
                        api.get("/v1/domains/check", params={"domain": only_in_set}).status_code
                        == 200
                    )
                    store.srem(DOMAINS_KEY, real)
                    assert_problem(
                        api.get("/v1/domains/check", params={"domain": real}), 404, "Not Found"
                    )
                finally:
                    store.srem(DOMAINS_KEY, only_in_set)
                    store.sadd(DOMAINS_KEY, real)
    finally:
        admin.stop()
