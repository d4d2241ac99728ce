"""Verified domains are checked again: a stack of its own (its worker checks every
verified domain of its database every second, with a grace of a few seconds) whose DNS is
the loopback server, so a test removes a TXT record and watches the domain lapse, be
taken by the next owner of the name, or be restored."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.accounts import Account
from tests.support.api import assert_problem
from tests.support.dns import DnsServer
from tests.support.stack import Stack
from tests.support.waiting import wait_for
from tests.support.web import outbox

INTERVAL = "1"  # seconds between checks of a domain
GRACE = "6"  # seconds a domain lapses for before it lapses


@pytest.fixture(scope="module")
def stack(work_dir: Path, postgres_url: str, dns_server: DnsServer) -> Iterator[Stack]:
    root = work_dir / "reverification"
    root.mkdir()
    stack = Stack.private_database(
        root,
        postgres_url,
        HOP_DNS_RESOLVER=dns_server.address,
        HOP_DOMAIN_REVERIFY_INTERVAL=INTERVAL,
        HOP_DOMAIN_LAPSE_GRACE=GRACE,
    )
    try:
        stack.start_worker()
        stack.start_admin()
        stack.start_edge()
        yield stack
    finally:
        stack.close()


@pytest.fixture
def api(stack: Stack) -> Iterator[httpx.Client]:
    with stack.api() as client:
        yield client


@pytest.fixture
def edge(stack: Stack) -> Iterator[httpx.Client]:
    with stack.client() as client:
        yield client


def _verified(
    api: httpx.Client, dns_server: DnsServer, account: Account, hostname: str
) -> dict[str, Any]:
    added = api.post("/v1/domains", json={"hostname": hostname}, headers=account.headers())
    assert added.status_code == 201, added.text
    record = added.json()["verification"]
    dns_server.txt.setdefault(record["name"], []).append(record["value"])
    verified = api.post(f"/v1/domains/{added.json()['id']}/verify", headers=account.headers())
    assert verified.status_code == 200, verified.text
    domain: dict[str, Any] = verified.json()
    return domain


def _link_on(api: httpx.Client, account: Account, hostname: str, alias: str) -> dict[str, Any]:
    made = api.post(
        "/v1/links",
        json={"longUrl": f"https://brand.example/{alias}", "alias": alias, "domain": hostname},
        headers=account.headers(),
    )
    assert made.status_code == 201, made.text
    link: dict[str, Any] = made.json()
    return link


def _state(api: httpx.Client, account: Account, domain: dict[str, Any], status: str) -> Any:
    """The domain's resource once its status is ``status``."""
    return wait_for(
        lambda: api.get(f"/v1/domains/{domain['id']}", headers=account.headers()).json(),
        lambda body: body["status"] == status,
        timeout=60,
        message=f"{domain['hostname']} did not become {status}",
    )


def _status_on(edge: httpx.Client, host: str, code: str) -> int:
    return edge.head(f"/{code}", headers={"host": host}).status_code


def _mails(stack: Stack, account: Account, about: str) -> list[str]:
    return [body for subject, body in outbox(stack, account.email) if about in subject]


def _hostname() -> str:
    return f"go.lapse-{secrets.token_hex(4)}.example"


def test_a_domain_without_its_proof_lapses_and_the_next_owner_takes_the_name(
    stack: Stack, api: httpx.Client, edge: httpx.Client, dns_server: DnsServer
) -> None:
    owner, rival = stack.account(), stack.account()
    host = _hostname()
    domain = _verified(api, dns_server, owner, host)
    alias = f"sale{secrets.token_hex(3)}"
    link = _link_on(api, owner, host, alias)
    assert _status_on(edge, host, alias) == 302

    proof = domain["verification"]["name"]
    del dns_server.txt[proof]
    lapsing = _state(api, owner, domain, "lapsing")
    assert lapsing["lapsingSince"] is not None
    assert lapsing["lapsesAt"] > lapsing["lapsingSince"]
    assert lapsing["verifiedAt"] == domain["verifiedAt"]
    [warning] = wait_for(lambda: _mails(stack, owner, "is lapsing"), bool, timeout=30)
    assert proof in warning
    assert domain["verification"]["value"] in warning

    lapsed = _state(api, owner, domain, "lapsed")
    assert lapsed["verifiedAt"] is None
    assert lapsed["lapsedAt"] is not None
    [notice] = wait_for(lambda: _mails(stack, owner, "has lapsed"), bool, timeout=30)
    assert "1 link answers 404" in notice
    # No longer served: not by the edge, and no certificate for it.
    assert wait_for(lambda: _status_on(edge, host, alias), lambda status: status == 404)
    assert_problem(api.get("/v1/domains/check", params={"domain": host}), 404, "Not Found")
    # The owner keeps the link, but cannot make new ones on the lapsed domain.
    assert api.get(f"/v1/links/{link['id']}", headers=owner.headers()).status_code == 200
    refused = api.post(
        "/v1/links",
        json={"longUrl": "https://brand.example/more", "domain": host},
        headers=owner.headers(),
    )
    assert_problem(refused, 422, "Validation")

    # The name is free: the next owner of the DNS proves it, and the old owner's links on
    # it are gone (none answers on the new owner's domain; their codes are free there).
    taken = _verified(api, dns_server, rival, host)
    assert taken["status"] == "verified"
    assert_problem(api.get(f"/v1/links/{link['id']}", headers=owner.headers()), 404, "Not Found")
    assert _status_on(edge, host, alias) == 404
    theirs = _link_on(api, rival, host, alias)
    assert wait_for(lambda: _status_on(edge, host, alias), lambda status: status == 302)
    assert edge.head(f"/{alias}", headers={"host": host}).headers["location"] == theirs["longUrl"]
    # The old owner may not prove it back while the new one holds it.
    dns_server.txt[proof].append(domain["verification"]["value"])
    again = api.post(f"/v1/domains/{domain['id']}/verify", headers=owner.headers())
    assert_problem(again, 409, "Conflict")


def test_a_proof_back_within_the_grace_period_restores_the_domain(
    stack: Stack, api: httpx.Client, edge: httpx.Client, dns_server: DnsServer
) -> None:
    owner = stack.account()
    host = _hostname()
    domain = _verified(api, dns_server, owner, host)
    alias = f"kept{secrets.token_hex(3)}"
    _link_on(api, owner, host, alias)
    proof = domain["verification"]["name"]
    record = dns_server.txt.pop(proof)
    _state(api, owner, domain, "lapsing")
    assert _status_on(edge, host, alias) == 302  # served while it lapses
    dns_server.txt[proof] = record
    restored = _state(api, owner, domain, "verified")
    assert restored["lapsingSince"] is None
    assert restored["lapsesAt"] is None
    assert wait_for(lambda: _mails(stack, owner, "is verified again"), bool, timeout=30)
    assert _status_on(edge, host, alias) == 302
    assert api.get("/v1/domains/check", params={"domain": host}).status_code == 200


def test_a_lapsed_domain_proved_again_by_its_owner_serves_its_links_again(
    stack: Stack, api: httpx.Client, edge: httpx.Client, dns_server: DnsServer
) -> None:
    owner = stack.account()
    host = _hostname()
    domain = _verified(api, dns_server, owner, host)
    alias = f"back{secrets.token_hex(3)}"
    _link_on(api, owner, host, alias)
    proof = domain["verification"]["name"]
    record = dns_server.txt.pop(proof)
    _state(api, owner, domain, "lapsed")
    assert wait_for(lambda: _status_on(edge, host, alias), lambda status: status == 404)
    dns_server.txt[proof] = record
    verified = api.post(f"/v1/domains/{domain['id']}/verify", headers=owner.headers())
    assert verified.status_code == 200, verified.text
    assert verified.json()["status"] == "verified"
    assert verified.json()["lapsedAt"] is None
    assert wait_for(lambda: _status_on(edge, host, alias), lambda status: status == 302)
