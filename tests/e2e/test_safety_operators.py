"""`hop safety`: operators decide on links and hosts (until changed, audited), read the
review queue and verify accounts' domains; the edge and the API follow at once."""

from __future__ import annotations

import secrets
from typing import Any

import httpx
import msgspec

from tests.support.accounts import Account, create_account
from tests.support.api import make_link
from tests.support.cli import run_hop
from tests.support.stack import Stack
from tests.support.waiting import wait_until


def hop_safety(stack: Stack, *args: str) -> Any:
    result = run_hop("safety", *args, env=stack.env)
    assert result.returncode == 0, result.stderr
    return [msgspec.json.decode(line) for line in result.stdout.splitlines()]


def _link(api: httpx.Client, account: Account, link_id: str) -> dict[str, Any]:
    body: dict[str, Any] = api.get(f"/v1/links/{link_id}", headers=account.headers()).json()
    return body


def test_an_operator_blocks_and_allows_a_link_until_changed(
    api: httpx.Client, edge: httpx.Client, account: Account, session_stack: Stack
) -> None:
    link = make_link(api, account, longUrl=f"https://example.com/{secrets.token_hex(4)}")
    code = link["shortCode"]
    assert edge.get(f"/{code}").status_code == 302
    [blocked] = hop_safety(
        session_stack, "block", "--link", link["id"], "--note", "phishing kit", "--by", "alice"
    )
    assert blocked == {
        "link": link["id"],
        "verdict": "block",
        "reasons": ["operator"],
        "override": "block",
    }
    shown = _link(api, account, link["id"])
    assert shown["status"] == "blocked"
    assert shown["safety"]["source"] == "operator"
    wait_until(lambda: edge.get(f"/{code}").status_code == 403, message="edge kept its copy")
    audit = session_stack.sql(
        "SELECT decision, decided_by, note FROM safety_decisions WHERE target = %s", link["id"]
    )
    assert audit == [("block", "alice", "phishing kit")]
    # A new destination does not lift an operator's block.
    api.patch(
        f"/v1/links/{link['id']}",
        json={"longUrl": "https://example.org/"},
        headers=account.headers(),
    )
    assert _link(api, account, link["id"])["status"] == "blocked"
    hop_safety(session_stack, "clear", "--link", link["id"], "--by", "alice")
    assert _link(api, account, link["id"])["status"] == "active"
    wait_until(lambda: edge.get(f"/{code}").status_code == 302)


def test_an_operator_allows_a_flagged_link_and_closes_its_review(
    api: httpx.Client, account: Account, session_stack: Stack
) -> None:
    link = make_link(api, account, longUrl="http://3232235777/router")
    assert link["status"] == "flagged"
    api.post(f"/v1/links/{link['id']}/review", headers=account.headers())
    queued = {row["id"] for row in hop_safety(session_stack, "queue", "--limit", "1000")}
    assert link["id"] in queued
    hop_safety(session_stack, "allow", "--link", link["id"], "--note", "their router")
    shown = _link(api, account, link["id"])
    assert shown["status"] == "active"
    assert shown["safety"] == {
        "verdict": "ok",
        "reasons": [],
        "source": "operator",
        "checkedAt": shown["safety"]["checkedAt"],
        "reviewRequestedAt": None,
    }
    assert link["id"] not in {row["id"] for row in hop_safety(session_stack, "queue")}
    # An allow was about that destination: a new one is checked again.
    changed = api.patch(
        f"/v1/links/{link['id']}", json={"longUrl": "http://0xc0a80101/"}, headers=account.headers()
    )
    assert changed.json()["status"] == "flagged"


def test_an_operator_blocks_a_host_for_existing_and_new_links(
    api: httpx.Client, edge: httpx.Client, account: Account, session_stack: Stack
) -> None:
    host = f"kit-{secrets.token_hex(4)}.example"
    before = make_link(api, account, longUrl=f"https://login.{host}/start")
    elsewhere = make_link(api, account, longUrl=f"https://other-{host}/")
    [result] = hop_safety(session_stack, "block", "--host", host, "--by", "bob")
    assert [row["link"] for row in result["changed"]] == [before["id"]]
    assert _link(api, account, before["id"])["status"] == "blocked"
    assert _link(api, account, elsewhere["id"])["status"] == "active"
    wait_until(lambda: edge.get(f"/{before['shortCode']}").status_code == 403)
    # Every admin process reloads its host rules: new links are blocked at create.
    wait_until(lambda: make_link(api, account, longUrl=f"https://{host}/x")["status"] == "blocked")
    hop_safety(session_stack, "clear", "--host", host)
    assert _link(api, account, before["id"])["status"] == "active"
    wait_until(lambda: make_link(api, account, longUrl=f"https://{host}/y")["status"] == "active")


def test_an_allowed_host_silences_heuristics(
    api: httpx.Client, account: Account, session_stack: Stack
) -> None:
    host = f"intranet-{secrets.token_hex(4)}.xyz"
    url = f"https://{host}/paypal/login"  # suspicious TLD + brand and sign-in words
    flagged = make_link(api, account, longUrl=url)
    assert flagged["status"] == "flagged"
    [result] = hop_safety(session_stack, "allow", "--host", host)
    assert [row["verdict"] for row in result["changed"]] == ["ok"]
    wait_until(lambda: make_link(api, account, longUrl=url)["status"] == "active")
    hop_safety(session_stack, "clear", "--host", host)


def test_a_verified_domain_silences_heuristics_for_its_account_only(
    api: httpx.Client, account: Account, session_stack: Stack, database_url: str
) -> None:
    domain = f"corp-{secrets.token_hex(4)}.xyz"
    url = f"https://sso.{domain}/paypal/login"
    assert make_link(api, account, longUrl=url)["status"] == "flagged"
    [verified] = hop_safety(
        session_stack, "verify-domain", "--user", account.email, "--domain", domain
    )
    assert verified == {"user": account.email, "domain": domain, "verified": True}
    assert make_link(api, account, longUrl=url)["status"] == "active"
    stranger = create_account(database_url)
    assert make_link(api, stranger, longUrl=url)["status"] == "flagged"
    hop_safety(
        session_stack, "verify-domain", "--user", account.email, "--domain", domain, "--remove"
    )
    assert make_link(api, account, longUrl=url)["status"] == "flagged"


def test_operator_commands_refuse_unknown_targets(session_stack: Stack) -> None:
    missing = run_hop("safety", "block", "--link", "lnk_nope", env=session_stack.env)
    assert missing.returncode == 1
    assert "lnk_nope" in missing.stderr
    nobody = run_hop(
        "safety",
        "verify-domain",
        "--user",
        "nobody@example.com",
        "--domain",
        "x.example",
        env=session_stack.env,
    )
    assert nobody.returncode == 1
    both = run_hop("safety", "allow", "--link", "lnk_x", "--host", "x", env=session_stack.env)
    assert both.returncode == 2
    check = run_hop("safety", "check", "https://bit.ly/abc", env=session_stack.env)
    assert msgspec.json.decode(check.stdout) == {
        "verdict": "warn",
        "reasons": ["shortener_chain"],
        "score": 40,
    }
