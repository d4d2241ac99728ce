"""Issue 30's codes and paths, end to end against real edges: case-insensitive codes on a
custom domain (caseSensitive, the 409 naming the codes in the way) and on the default host
(HOP_CASE_INSENSITIVE_CODES, the older link keeping a clashing code), ``/<code>/``, and a
link's ``extraPath`` (``/<code>/<more>``), with its click counted once."""

from __future__ import annotations

import functools
import secrets
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from common.keys import CASE_INSENSITIVE_DOMAINS_KEY
from tests.e2e.test_link_domains import location, new_hostname, verified_domain
from tests.support.accounts import create_account
from tests.support.api import PROBLEM
from tests.support.clicks import wait_for_clicks
from tests.support.dns import DnsServer
from tests.support.stack import Stack
from tests.support.waiting import eventually

pytestmark = pytest.mark.usefixtures("worker")


def _alias(prefix: str) -> str:
    return f"{prefix}{secrets.token_hex(3)}"


def test_a_domain_made_case_insensitive(
    dns_api: httpx.Client,
    dns_server: DnsServer,
    edge: httpx.Client,
    session_stack: Stack,
    database_url: str,
) -> None:
    owner = create_account(database_url)
    host = new_hostname()
    domain = verified_domain(dns_api, dns_server, owner.headers(), host)
    assert domain["caseSensitive"] is True
    suffix = secrets.token_hex(3)
    sale, promo_upper, promo_lower = f"Sale{suffix}", f"PROMO{suffix}", f"promo{suffix}"

    def link(alias: str, url: str) -> httpx.Response:
        body = {"longUrl": url, "alias": alias, "domain": host}
        return dns_api.post("/v1/links", json=body, headers=owner.headers())

    assert link(sale, "https://brand.example/sale").status_code == 201
    assert link(promo_lower, "https://brand.example/promo").status_code == 201
    upper = link(promo_upper, "https://brand.example/PROMO")
    assert upper.status_code == 201, upper.text  # case-sensitive: two codes
    assert location(edge, f"/{sale.upper()}", host) is None

    # Two held codes differ only in case: refused, naming them.
    refused = dns_api.patch(
        f"/v1/domains/{domain['id']}", json={"caseSensitive": False}, headers=owner.headers()
    )
    assert refused.status_code == 409, refused.text
    assert refused.headers["content-type"].startswith(PROBLEM)
    problem = refused.json()
    assert problem["type"].endswith("case-clash")
    assert problem["clashes"] == [[promo_upper, promo_lower]]
    assert promo_upper in problem["detail"]
    assert dns_api.get(f"/v1/domains/{domain['id']}", headers=owner.headers()).json()[
        "caseSensitive"
    ]

    # The one in the way deleted (its freed code is shadowed, not in the way): accepted.
    deleted = dns_api.delete(f"/v1/links/{upper.json()['id']}", headers=owner.headers())
    assert deleted.status_code == 204
    switched = dns_api.patch(
        f"/v1/domains/{domain['id']}", json={"caseSensitive": False}, headers=owner.headers()
    )
    assert switched.status_code == 200, switched.text
    assert switched.json()["caseSensitive"] is False
    assert session_stack.redis.sismember(CASE_INSENSITIVE_DOMAINS_KEY, host)

    def answers(path: str) -> bool:
        return location(edge, path, host) == "https://brand.example/sale"

    for path in (f"/{sale}", f"/{sale.upper()}", f"/{sale.lower()}", f"/{sale.upper()}/"):
        eventually(functools.partial(answers, path), 10)
    assert location(edge, f"/{promo_upper}", host) == "https://brand.example/promo"

    # A new code clashes case-insensitively.
    taken = link(sale.lower(), "https://brand.example/other")
    assert taken.status_code == 409
    assert taken.json()["type"].endswith("alias-taken")
    # ... and one that does not clash is found in any case.
    fresh = _alias("NeW")
    assert link(fresh, "https://brand.example/new").status_code == 201
    eventually(lambda: location(edge, f"/{fresh.upper()}", host) == "https://brand.example/new")

    # Sensitive again: each code answers only as written.
    back = dns_api.patch(
        f"/v1/domains/{domain['id']}", json={"caseSensitive": True}, headers=owner.headers()
    )
    assert back.status_code == 200, back.text
    eventually(lambda: location(edge, f"/{sale.upper()}", host) is None, 10)
    assert location(edge, f"/{sale}", host) == "https://brand.example/sale"
    assert location(edge, f"/{fresh}", host) == "https://brand.example/new"

    # Bad input: a problem, nothing changed.
    for body in ({"caseSensitive": "no"}, {"caseSensitive": None}, {"caseSensitiv": False}):
        bad = dns_api.patch(f"/v1/domains/{domain['id']}", json=body, headers=owner.headers())
        assert 400 <= bad.status_code < 500, bad.text
        assert bad.headers["content-type"].startswith(PROBLEM)


def test_trailing_slashes_and_extra_paths(
    api: httpx.Client, edge: httpx.Client, database_url: str
) -> None:
    owner = create_account(database_url)

    def link(**body: object) -> dict[str, object]:
        created = api.post("/v1/links", json=body, headers=owner.headers())
        assert created.status_code == 201, created.text
        result: dict[str, object] = created.json()
        return result

    plain = link(longUrl="https://dest.example/plain", alias=_alias("plain"))
    assert plain["extraPath"] is None
    appending = link(
        longUrl="https://dest.example/base/?y=2#top", alias=_alias("app"), extraPath="append"
    )
    assert appending["extraPath"] == "append"
    ignoring = link(longUrl="https://dest.example/only", alias=_alias("ign"), extraPath="ignore")

    # A trailing slash answers as the code, on every link.
    assert edge.head(f"/{plain['shortCode']}/").headers["location"] == "https://dest.example/plain"
    # No extraPath: /<code>/<more> is the 404 it always was.
    assert edge.head(f"/{plain['shortCode']}/more").status_code == 404
    assert edge.head(f"/{ignoring['shortCode']}/more/x?x=1").headers["location"] == (
        "https://dest.example/only?x=1"
    )
    appended = edge.get(f"/{appending['shortCode']}/more/x%20y?x=1")
    assert appended.status_code == 302
    assert appended.headers["location"] == "https://dest.example/base/more/x%20y?y=2&x=1#top"
    # Counted once, as a visit of the link.
    assert wait_for_clicks(database_url, [str(appending["id"])], 1) == 1

    # PATCH sets and clears it.
    link_id = plain["id"]
    patched = api.patch(
        f"/v1/links/{link_id}", json={"extraPath": "append"}, headers=owner.headers()
    )
    assert patched.status_code == 200
    assert patched.json()["extraPath"] == "append"
    eventually(
        lambda: (
            edge.head(f"/{plain['shortCode']}/a").headers.get("location")
            == "https://dest.example/plain/a"
        )
    )
    cleared = api.patch(f"/v1/links/{link_id}", json={"extraPath": None}, headers=owner.headers())
    assert cleared.status_code == 200
    assert cleared.json()["extraPath"] is None
    eventually(lambda: edge.head(f"/{plain['shortCode']}/a").status_code == 404)

    # Bad input: 422 problems.
    for value in ("prepend", "", 1, True):
        bad = api.post(
            "/v1/links",
            json={"longUrl": "https://dest.example/", "extraPath": value},
            headers=owner.headers(),
        )
        assert bad.status_code == 422, bad.text
        assert bad.headers["content-type"].startswith(PROBLEM)
    bad = api.patch(f"/v1/links/{link_id}", json={"extraPath": "up"}, headers=owner.headers())
    assert bad.status_code == 422, bad.text


@pytest.fixture(scope="module")
def folding_stack(work_dir: Path, postgres_url: str) -> Iterator[Stack]:
    root = work_dir / "case-insensitive"
    root.mkdir()
    stack = Stack.private_database(root, postgres_url, HOP_CASE_INSENSITIVE_CODES="on")
    try:
        yield stack
    finally:
        stack.close()


def test_the_default_host_made_case_insensitive(folding_stack: Stack) -> None:
    """Codes made before the setting was on that differ only in case: at the worker's
    start the older link keeps the code (the newer one is listed in its log); from then
    on the edge answers every case of it, and new codes clash in any case."""
    stack = folding_stack
    stack.start_admin()
    owner = stack.account()
    with stack.api() as api:

        def link(alias: str, url: str) -> httpx.Response:
            return api.post(
                "/v1/links", json={"longUrl": url, "alias": alias}, headers=owner.headers()
            )

        # No worker has started with the setting yet: two codes.
        assert link("Sale", "https://older.example/").status_code == 201
        assert link("SALE", "https://newer.example/").status_code == 201
        assert link("Solo", "https://solo.example/").status_code == 201
        stack.start_worker()
        stack.start_edge()
        with stack.client() as edge:
            for path in ("/Sale", "/SALE", "/sale", "/sAlE/"):
                assert location(edge, path) == "https://older.example/", path
            assert location(edge, "/SOLO") == "https://solo.example/"
        assert "SALE (answered by Sale)" in (stack.root / "worker-worker.log").read_text()
        taken = link("sale", "https://third.example/")
        assert taken.status_code == 409
        assert taken.json()["type"].endswith("alias-taken")
        assert link("solo", "https://third.example/").status_code == 409
