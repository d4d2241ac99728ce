"""A removed or demoted member is held to it on their very next request, whatever
credential they use (issue 26, point 2): an access token acting in the workspace is
refused (401); a dashboard session falls back to their personal workspace (the team's
link is then 404 to it); an API key they made keeps working, capped at the role they
held when they left (``maker_role``); a demotion to viewer makes their key read-only.

Each credential is used once before the change, so the admin holds it resolved in its
cache: the change must reach it through the announcement, not through an expiry.
The removal and the demotion are made in SQL and announced as the service does
(tests/support/workspaces.py) until the member endpoints exist.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from litestar.testing import TestClient
from redis import Redis

from admin.auth import ALL_SCOPES
from admin.auth.sessions import digest
from common.keys import web_session_key
from tests.support.accounts import PASSWORD, Account, create_account
from tests.support.inprocess import admin_client
from tests.support.stack import Stack
from tests.support.web import csrf_of
from tests.support.workspaces import (
    add_member,
    bearer,
    change_role,
    login,
    make_key,
    remove_member,
)


class Team(msgspec.Struct):
    owner: Account
    link_id: str  # a link of the owner's (the shared) workspace


@pytest.fixture
def team(admin_app: TestClient[Any], database_url: str) -> Team:
    owner = create_account(database_url)
    created = admin_app.post(
        "/v1/links", headers=owner.headers(), json={"longUrl": "https://example.com/team"}
    )
    assert created.status_code == 201, created.text
    return Team(owner, created.json()["id"])


def _member(database_url: str, team: Team, role: Any = "member") -> Account:
    member = create_account(database_url)
    add_member(database_url, team.owner.workspace_id, member.user_id, role)
    return member


def _new_link(api: TestClient[Any], headers: dict[str, str]) -> int:
    return api.post(
        "/v1/links", headers=headers, json={"longUrl": "https://example.com/by-a-member"}
    ).status_code


def test_a_removed_members_access_token_is_refused_at_once(
    admin_app: TestClient[Any], database_url: str, session_stack: Stack, team: Team
) -> None:
    member = _member(database_url, team)
    token = bearer(login(admin_app, member, team.owner.workspace_id))
    seen = admin_app.get(f"/v1/links/{team.link_id}", headers=token)
    assert seen.status_code == 200, seen.text

    remove_member(database_url, session_stack.redis_url, team.owner.workspace_id, member.user_id)

    refused = admin_app.get(f"/v1/links/{team.link_id}", headers=token)
    assert refused.status_code == 401, refused.text
    assert refused.headers["content-type"].startswith("application/problem+json")
    # Signing in to the team again is refused too; their own workspace is still theirs.
    again = admin_app.post(
        "/v1/auth/login",
        json={
            "email": member.email,
            "password": PASSWORD,
            "workspaceId": team.owner.workspace_id,
        },
    )
    assert again.status_code == 403, again.text
    personal = bearer(login(admin_app, member, None))
    assert admin_app.get("/v1/links", headers=personal).status_code == 200


def test_a_demoted_members_access_token_holds_the_new_role_at_once(
    admin_app: TestClient[Any], database_url: str, session_stack: Stack, team: Team
) -> None:
    member = _member(database_url, team)
    token = bearer(login(admin_app, member, team.owner.workspace_id))
    assert _new_link(admin_app, token) == 201

    change_role(
        database_url, session_stack.redis_url, team.owner.workspace_id, member.user_id, "viewer"
    )

    assert _new_link(admin_app, token) == 403
    assert admin_app.get(f"/v1/links/{team.link_id}", headers=token).status_code == 200


@pytest.fixture
def browser(session_stack: Stack) -> Iterator[TestClient[Any]]:
    """An in-process admin of its own, whose cookie jar is the dashboard session's."""
    with admin_client(session_stack.env) as client:
        yield client


def _sign_in(browser: TestClient[Any], account: Account) -> str:
    """Sign in through the dashboard's login form; the session id (the cookie)."""
    form = browser.get("/login")
    signed = browser.post(
        "/login",
        data={"email": account.email, "password": PASSWORD, "csrf_token": csrf_of(form)},
        headers={"Origin": str(browser.base_url).rstrip("/")},
    )
    assert signed.status_code == 303, signed.text
    session_id = browser.cookies.get("hop_session")
    assert session_id, browser.cookies
    return session_id


def _act_in(redis_url: str, session_id: str, workspace_id: str) -> None:
    """What the dashboard's workspace switcher will do: the session acts in
    ``workspace_id`` from its next request."""
    key = web_session_key(digest(session_id))
    with Redis.from_url(redis_url) as redis:
        stored = redis.get(key)
        assert stored is not None
        session = msgspec.json.decode(stored)
        session["workspace_id"] = workspace_id
        assert redis.set(key, msgspec.json.encode(session), keepttl=True, xx=True)


def test_a_removed_members_dashboard_session_falls_back_to_their_own_workspace(
    admin_app: TestClient[Any],
    browser: TestClient[Any],
    database_url: str,
    session_stack: Stack,
    team: Team,
) -> None:
    member = _member(database_url, team)
    session_id = _sign_in(browser, member)
    own = admin_app.post(
        "/v1/links", headers=member.headers(), json={"longUrl": "https://example.com/own"}
    )
    assert own.status_code == 201, own.text
    _act_in(session_stack.redis_url, session_id, team.owner.workspace_id)
    page = browser.get(f"/links/{team.link_id}")
    assert page.status_code == 200, page.text
    assert browser.get(f"/links/{own.json()['id']}").status_code == 404  # not the team's

    remove_member(database_url, session_stack.redis_url, team.owner.workspace_id, member.user_id)

    gone = browser.get(f"/links/{team.link_id}")
    assert gone.status_code == 404, gone.text
    # Still signed in, in their personal workspace.
    assert browser.get(f"/links/{own.json()['id']}").status_code == 200
    assert browser.get("/").status_code == 200


def test_a_removed_members_key_keeps_working_capped_at_the_role_they_held(
    admin_app: TestClient[Any], database_url: str, session_stack: Stack, team: Team
) -> None:
    member = _member(database_url, team, "member")
    key = bearer(make_key(database_url, team.owner.workspace_id, member, ALL_SCOPES))
    assert _new_link(admin_app, key) == 201
    assert admin_app.post("/v1/webhooks", headers=key, json={}).status_code == 403

    remove_member(database_url, session_stack.redis_url, team.owner.workspace_id, member.user_id)

    # The key is the workspace's: it still reads and writes what a member may, no more.
    assert admin_app.get(f"/v1/links/{team.link_id}", headers=key).status_code == 200
    assert _new_link(admin_app, key) == 201
    assert admin_app.post("/v1/webhooks", headers=key, json={}).status_code == 403


def test_a_demotion_to_viewer_makes_the_members_key_read_only_at_once(
    admin_app: TestClient[Any], database_url: str, session_stack: Stack, team: Team
) -> None:
    member = _member(database_url, team, "admin")
    key = bearer(make_key(database_url, team.owner.workspace_id, member, ALL_SCOPES))
    assert _new_link(admin_app, key) == 201

    change_role(
        database_url, session_stack.redis_url, team.owner.workspace_id, member.user_id, "viewer"
    )

    assert _new_link(admin_app, key) == 403
    assert admin_app.get(f"/v1/links/{team.link_id}", headers=key).status_code == 200

    # Removed while a viewer: the key stays a viewer's.
    remove_member(database_url, session_stack.redis_url, team.owner.workspace_id, member.user_id)
    assert _new_link(admin_app, key) == 403
    assert admin_app.get(f"/v1/links/{team.link_id}", headers=key).status_code == 200
