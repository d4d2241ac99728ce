"""Single sign-on per workspace (issue 27 point 3) through a real admin whose DNS resolver
is a loopback DNS server, against a real OpenID Connect provider on loopback
(oidc-provider-mock, tests/support/idp.py)."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import httpx
import pytest

from tests.support.accounts import PASSWORD, Account, create_account
from tests.support.api import assert_problem
from tests.support.dns import DnsServer
from tests.support.idp import Idp
from tests.support.processes import HopProcess
from tests.support.stack import Stack
from tests.support.web import Browser, outbox
from tests.support.workspaces import add_member, bearer, login

SECRET = "client-secret-" + "x" * 24
# The provider (oidc-provider-mock, on a thread of this process) calls parts of Authlib
# that Authlib now marks deprecated; Hop itself runs in its own processes.
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def browsers(dns_admin: HopProcess) -> Iterator[Callable[[], Browser]]:
    """New browsers (each its own cookies) on the admin, all closed at the end."""
    made: list[Browser] = []

    def new() -> Browser:
        made.append(Browser(dns_admin.url))
        return made[-1]

    yield new
    for browser in made:
        browser.close()


@pytest.fixture(scope="module")
def idp() -> Iterator[Idp]:
    provider = Idp()
    yield provider
    provider.close()


class Team:
    """A team workspace with its owner's access token and an SSO domain of its own."""

    def __init__(self, api: httpx.Client, database_url: str) -> None:
        self.owner = create_account(database_url)
        self.token = login(api, self.owner, None)
        created = api.post(
            "/v1/workspaces", json={"name": "Acme"}, headers=bearer(self.token)
        ).json()
        self.id: str = created["id"]
        self.domain = f"acme-{secrets.token_hex(4)}.example"
        self.path = f"/v1/workspaces/{self.id}/sso"

    @property
    def headers(self) -> dict[str, str]:
        return bearer(self.token)


def connect(
    api: httpx.Client, dns: DnsServer, team: Team, idp: Idp, **extra: Any
) -> dict[str, Any]:
    """The team's connection to ``idp``, its domain proven."""
    body = {
        "issuer": idp.issuer,
        "clientId": "hop",
        "clientSecret": SECRET,
        "domains": [team.domain],
        **extra,
    }
    created = api.post(team.path, json=body, headers=team.headers)
    assert created.status_code == 201, created.text
    domain = created.json()["domains"][0]
    dns.txt[domain["txtName"]] = [domain["txtValue"]]
    verified = api.post(f"{team.path}/domains/{team.domain}/verify", headers=team.headers)
    assert verified.status_code == 200, verified.text
    return dict(verified.json())


def start(browser: Browser, email: str) -> str:
    """Ask the dashboard for SSO: the provider's authorization URL it redirects to."""
    answer = browser.get("/login/sso", params={"email": email})
    assert answer.status_code == 303, answer.text[:500]
    assert "hop_sso" in answer.headers["set-cookie"]
    return answer.headers["location"]


def sso_sign_in(browser: Browser, idp: Idp, email: str, sub: str) -> httpx.Response:
    """The whole round trip; the answer of Hop's callback."""
    callback = idp.authorize(start(browser, email), sub)
    return browser.get(callback)


def with_param(url: str, **params: str) -> str:
    parts = urlsplit(url)
    query = dict(parse_qsl(parts.query)) | params
    return urlunsplit(parts._replace(query=urlencode(query)))


def test_connection_api(
    dns_api: httpx.Client,
    browsers: Callable[[], Browser],
    dns_server: DnsServer,
    idp: Idp,
    database_url: str,
    session_stack: Stack,
) -> None:
    team = Team(dns_api, database_url)
    body = {"issuer": idp.issuer, "clientId": "hop", "clientSecret": SECRET}
    for issuer in ("http://idp.example", "ftp://localhost", "https://user@idp.example"):
        refused = dns_api.post(
            team.path,
            json={**body, "issuer": issuer, "domains": [team.domain]},
            headers=team.headers,
        )
        assert_problem(refused, 422, "Validation")
    # Discovery fails (nobody listens there): 422, and nothing is saved.
    unreachable = dns_api.post(
        team.path,
        json={**body, "issuer": "http://127.0.0.1:9", "domains": [team.domain]},
        headers=team.headers,
    )
    assert_problem(unreachable, 422, "Validation")
    assert_problem(dns_api.get(team.path, headers=team.headers), 404, "Not Found")
    # A personal workspace has no SSO.
    personal = f"/v1/workspaces/{team.owner.workspace_id}/sso"
    refused = dns_api.post(personal, json={**body, "domains": [team.domain]}, headers=team.headers)
    assert_problem(refused, 409, "Conflict")

    created = dns_api.post(
        team.path, json={**body, "domains": [team.domain.upper()]}, headers=team.headers
    )
    assert created.status_code == 201, created.text
    sso = created.json()
    assert "clientSecret" not in sso
    assert SECRET not in created.text
    assert sso["issuer"] == idp.issuer
    assert sso["requireSso"] is False
    assert sso["defaultRole"] == "member"
    [domain] = sso["domains"]
    assert domain["domain"] == team.domain
    assert domain["verified"] is False
    assert domain["txtName"] == f"_hop-challenge.{team.domain}"
    assert_problem(
        dns_api.post(team.path, json={**body, "domains": [team.domain]}, headers=team.headers),
        409,
        "Conflict",
    )
    # Sealed at rest: the row holds no trace of the secret.
    [(sealed,)] = session_stack.sql(
        "SELECT client_secret FROM workspace_sso WHERE workspace_id = %s", team.id
    )
    assert SECRET.encode() not in bytes(sealed)
    got = dns_api.get(team.path, headers=team.headers)
    assert got.status_code == 200
    assert "clientSecret" not in got.json()
    assert SECRET not in got.text

    # Members below admin may not see or change it.
    member = create_account(database_url)
    add_member(database_url, team.id, member.user_id, "member")
    member_token = login(dns_api, member, team.id)
    assert_problem(dns_api.get(team.path, headers=bearer(member_token)), 403, "Forbidden")

    # An unverified domain offers no SSO.
    browser = browsers()
    offered = browser.get("/login/sso", params={"email": f"ada@{team.domain}"})
    assert offered.status_code == 422
    assert "no workspace signs in people of that domain" in offered.text

    early = dns_api.post(f"{team.path}/domains/{team.domain}/verify", headers=team.headers)
    assert_problem(early, 422, "Validation")
    dns_server.txt[domain["txtName"]] = ["v=spf1 -all", domain["txtValue"]]
    verified = dns_api.post(f"{team.path}/domains/{team.domain}/verify", headers=team.headers)
    assert verified.status_code == 200, verified.text
    assert verified.json()["domains"][0]["verified"] is True
    assert start(browser, f"ada@{team.domain}").startswith(idp.issuer)

    # A second workspace cannot prove the same domain.
    rival = Team(dns_api, database_url)
    theirs = dns_api.post(
        rival.path, json={**body, "domains": [team.domain]}, headers=rival.headers
    ).json()
    dns_server.txt[domain["txtName"]].append(theirs["domains"][0]["txtValue"])
    taken = dns_api.post(f"{rival.path}/domains/{team.domain}/verify", headers=rival.headers)
    assert_problem(taken, 409, "Conflict")

    changed = dns_api.patch(
        team.path,
        json={"requireSso": True, "defaultRole": "viewer", "addDomains": ["labs." + team.domain]},
        headers=team.headers,
    )
    assert changed.status_code == 200, changed.text
    assert changed.json()["requireSso"] is True
    assert changed.json()["defaultRole"] == "viewer"
    assert [d["verified"] for d in changed.json()["domains"]] == [True, False]
    bad_role = dns_api.patch(team.path, json={"defaultRole": "owner"}, headers=team.headers)
    assert bad_role.status_code in (400, 422)

    actions = [
        action
        for (action,) in session_stack.sql(
            "SELECT action FROM audit_log WHERE workspace_id = %s ORDER BY id", team.id
        )
    ]
    assert [a for a in actions if a.startswith("sso.")] == [
        "sso.configured",
        "sso.domain_verified",
        "sso.updated",
    ]
    assert dns_api.delete(team.path, headers=team.headers).status_code == 204
    assert_problem(dns_api.get(team.path, headers=team.headers), 404, "Not Found")
    assert session_stack.sql("SELECT 1 FROM sso_domains WHERE workspace_id = %s", team.id) == []


def test_sign_in_just_in_time_linking_and_require_sso(
    dns_api: httpx.Client,
    browsers: Callable[[], Browser],
    dns_server: DnsServer,
    idp: Idp,
    database_url: str,
    session_stack: Stack,
) -> None:
    team = Team(dns_api, database_url)
    connect(dns_api, dns_server, team, idp, defaultRole="viewer")

    # A new person: made (no password, address confirmed) and joined with the default role.
    newcomer = f"new-{secrets.token_hex(3)}@{team.domain}"
    idp.set_user("sub-new-" + team.id, email=newcomer, email_verified=True)
    browser = browsers()
    callback = idp.authorize(start(browser, newcomer.upper()), "sub-new-" + team.id)
    done = browser.get(callback)
    assert done.status_code == 303, done.text[:500]
    assert done.headers["location"] == "/"
    assert browser.get("/").status_code == 200  # a session
    [(user_id, password_hash, verified)] = session_stack.sql(
        "SELECT id, password_hash, email_verified_at IS NOT NULL FROM users WHERE email = %s",
        newcomer,
    )
    assert password_hash is None
    assert verified is True
    assert session_stack.sql(
        "SELECT role FROM workspace_members WHERE workspace_id = %s AND user_id = %s",
        team.id,
        user_id,
    ) == [("viewer",)]
    assert session_stack.sql(
        "SELECT provider, subject FROM user_identities WHERE user_id = %s", user_id
    ) == [(f"sso:{team.id}", "sub-new-" + team.id)]
    # The session acts in the workspace.
    assert "Acme" in browser.get("/").text
    # The callback again (a replay): its state was taken.
    replayed = browser.get(callback)
    assert replayed.status_code == 400
    # Signing in again finds the same person.
    again = browsers()
    assert sso_sign_in(again, idp, newcomer, "sub-new-" + team.id).status_code == 303
    assert len(session_stack.sql("SELECT 1 FROM users WHERE email = %s", newcomer)) == 1
    # Password sign-in: no password, so refused as a wrong one.
    no_password = dns_api.post("/v1/auth/login", json={"email": newcomer, "password": PASSWORD})
    assert_problem(no_password, 401, "Unauthorized")

    # A person with an account and a password, not yet a member: linked, joined, told.
    ada: Account = create_account(database_url, email=f"ada-{secrets.token_hex(3)}@{team.domain}")
    idp.set_user("sub-ada-" + team.id, email=ada.email, email_verified=True)
    linked = sso_sign_in(browsers(), idp, ada.email, "sub-ada-" + team.id)
    assert linked.status_code == 303, linked.text[:500]
    assert session_stack.sql(
        "SELECT role FROM workspace_members WHERE workspace_id = %s AND user_id = %s",
        team.id,
        ada.user_id,
    ) == [("viewer",)]
    assert any(
        "single sign-on was linked" in subject for subject, _ in outbox(session_stack, ada.email)
    )
    for workspace in (team.id, ada.workspace_id):
        assert session_stack.sql(
            "SELECT 1 FROM audit_log WHERE workspace_id = %s AND action = 'identity.linked'",
            workspace,
        ), workspace
    assert (
        dns_api.post("/v1/auth/login", json={"email": ada.email, "password": PASSWORD}).status_code
        == 200
    )

    # Require SSO: no password sign-in for the domain's addresses, API keys keep working.
    on = dns_api.patch(team.path, json={"requireSso": True}, headers=team.headers)
    assert on.status_code == 200
    refused = dns_api.post("/v1/auth/login", json={"email": ada.email, "password": PASSWORD})
    problem = assert_problem(refused, 403, "Forbidden")
    assert str(problem["type"]).endswith("sso-required")
    wrong = dns_api.post("/v1/auth/login", json={"email": ada.email, "password": "nope" * 4})
    assert_problem(wrong, 403, "Forbidden")
    page = browsers()
    dashboard = page.submit(
        "/login", "/login", {"email": ada.email.upper(), "password": PASSWORD, "next": "/"}
    )
    assert dashboard.status_code == 403
    assert "single sign-on" in dashboard.text
    assert "/login/sso" in dashboard.text
    assert dns_api.get("/v1/users/me", headers=ada.headers()).status_code == 200
    # Others still sign in with their password; SSO still signs ada in.
    assert (
        dns_api.post(
            "/v1/auth/login", json={"email": team.owner.email, "password": PASSWORD}
        ).status_code
        == 200
    )
    assert sso_sign_in(browsers(), idp, ada.email, "sub-ada-" + team.id).status_code == 303


def test_refusals(
    dns_api: httpx.Client,
    browsers: Callable[[], Browser],
    dns_server: DnsServer,
    idp: Idp,
    database_url: str,
    session_stack: Stack,
) -> None:
    team = Team(dns_api, database_url)
    connect(dns_api, dns_server, team, idp)
    email = f"eve-{secrets.token_hex(3)}@{team.domain}"
    sub = "sub-eve-" + team.id
    idp.set_user(sub, email=email, email_verified=True)

    def made() -> bool:
        return bool(session_stack.sql("SELECT 1 FROM users WHERE email = %s", email))

    # A forged state, with no cookie or with another sign-in's cookie.
    browser = browsers()
    assert (
        browser.get("/login/sso/callback", params={"state": "forged", "code": "x"}).status_code
        == 400
    )
    location = start(browser, email)
    assert (
        browser.get("/login/sso/callback", params={"state": "forged", "code": "x"}).status_code
        == 400
    )
    # The real callback in another browser: refused, and the state stays for its own.
    callback = idp.authorize(location, sub)
    stranger = browsers()
    assert stranger.get(callback).status_code == 400
    assert browser.get(callback).status_code == 303
    assert browser.get(callback).status_code == 400  # replayed
    session_stack.sql("DELETE FROM users WHERE email = %s RETURNING id", email)

    # The provider says no.
    denied = browsers()
    state = dict(parse_qsl(urlsplit(start(denied, email)).query))["state"]
    answer = denied.get("/login/sso/callback", params={"state": state, "error": "access_denied"})
    assert answer.status_code == 400
    assert "refused" in answer.text

    # A wrong nonce (the provider puts into the token the nonce it was given).
    tampered = browsers()
    wrong_nonce = with_param(start(tampered, email), nonce="not-the-one-hop-sent")
    assert tampered.get(idp.authorize(wrong_nonce, sub)).status_code == 400
    assert not made()

    # The provider rotates its key: followed (the key set fetched again).
    idp.rotate()
    rotated = browsers()
    assert sso_sign_in(rotated, idp, email, sub).status_code == 303
    session_stack.sql("DELETE FROM users WHERE email = %s RETURNING id", email)

    # An ID token signed by a key the issuer does not publish under that key id.
    idp.rotate()
    idp.publish_instead = idp.forged_key_set()
    other_key = browsers()
    assert sso_sign_in(other_key, idp, email, sub).status_code == 400
    assert not made()
    idp.publish_instead = None
    # The real key set again: fetched anew when the copy in memory does not verify.
    assert sso_sign_in(browsers(), idp, email, sub).status_code == 303
    session_stack.sql("DELETE FROM users WHERE email = %s RETURNING id", email)

    # An address the provider says is unverified, and one off the workspace's domains.
    idp.set_user(sub, email=email, email_verified=False)
    assert sso_sign_in(browsers(), idp, email, sub).status_code == 403
    idp.set_user(sub, email="eve@elsewhere.example", email_verified=True)
    assert sso_sign_in(browsers(), idp, email, sub).status_code == 403
    assert not made()
    assert not session_stack.sql("SELECT 1 FROM users WHERE email = 'eve@elsewhere.example'")
