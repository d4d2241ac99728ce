"""Workspaces and members through the real admin (issue 26, docs/api.md#workspaces): the
workspace routes, the last-owner rule, a role change or a removal in force on the very
next request whatever the credential (access token, dashboard session, a key the member
made), leaving, a workspace's deletion reaching the edge, and leaving Hop."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import psycopg
from redis.asyncio import Redis

from admin.auth.sessions import Sessions
from common.keys import link_key
from tests.support.accounts import PASSWORD, Account, create_account
from tests.support.cli import run_hop
from tests.support.waiting import wait_until
from tests.support.web import Browser, sign_in


def _login(api: httpx.Client, account: Account, workspace_id: str | None = None) -> str:
    body: dict[str, Any] = {"email": account.email, "password": PASSWORD}
    if workspace_id:
        body["workspaceId"] = workspace_id
    response = api.post("/v1/auth/login", json=body)
    assert response.status_code == 200, response.text
    return str(response.json()["accessToken"])


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _new_workspace(
    api: httpx.Client, token: str, database_url: str, name: str = "Team"
) -> dict[str, Any]:
    """A new workspace, moved to the pro plan (a free one's rate limit is the stack's
    smallest) before anyone acts in it."""
    response = api.post("/v1/workspaces", json={"name": name}, headers=_bearer(token))
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    with psycopg.connect(database_url) as conn:
        conn.execute("UPDATE workspaces SET plan = 'pro' WHERE id = %s", (body["id"],))
    return body


def _add_member(database_url: str, workspace_id: str, user_id: str, role: str) -> None:
    """As an accepted invitation would (invitations are their own routes)."""
    with psycopg.connect(database_url) as conn:
        conn.execute(
            "INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (%s, %s, %s)",
            (workspace_id, user_id, role),
        )


def _audit(database_url: str, workspace_id: str) -> list[tuple[str, str | None, str | None]]:
    with psycopg.connect(database_url) as conn:
        rows = conn.execute(
            "SELECT action, target, actor_user_id FROM audit_log WHERE workspace_id = %s "
            "ORDER BY id",
            (workspace_id,),
        ).fetchall()
    return [(str(a), t, u) for a, t, u in rows]


def test_create_list_get_rename_and_the_rules_of_deletion(
    api: httpx.Client, database_url: str
) -> None:
    owner = create_account(database_url)
    token = _login(api, owner)
    made = _new_workspace(api, token, database_url, "Acme Marketing!")
    assert made["id"].startswith("ws_")
    assert made["slug"].startswith("acme-marketing")
    assert (made["plan"], made["role"], made["personal"]) == ("free", "owner", False)
    listed = api.get("/v1/workspaces", headers=_bearer(token)).json()["data"]
    assert [w["id"] for w in listed] == [owner.workspace_id, made["id"]]
    # An API key sees its own workspace only, and cannot make one.
    by_key = api.get("/v1/workspaces", headers=owner.headers()).json()["data"]
    assert [w["id"] for w in by_key] == [owner.workspace_id]
    refused = api.post("/v1/workspaces", json={"name": "x"}, headers=owner.headers())
    assert refused.status_code == 403
    # The named workspace is addressed with the role held there, even from another one.
    got = api.get(f"/v1/workspaces/{made['id']}", headers=_bearer(token))
    assert got.status_code == 200
    assert got.json()["role"] == "owner"
    assert api.get(f"/v1/workspaces/{made['id']}", headers=owner.headers()).status_code == 404
    # Slugs: unique, lower-case.
    clash = api.post(
        "/v1/workspaces", json={"name": "Other", "slug": made["slug"]}, headers=_bearer(token)
    )
    assert clash.status_code == 409
    bad = api.post("/v1/workspaces", json={"name": "x", "slug": "Ab"}, headers=_bearer(token))
    assert bad.status_code == 422
    renamed = api.patch(
        f"/v1/workspaces/{made['id']}", json={"name": "Acme"}, headers=_bearer(token)
    )
    assert renamed.status_code == 200
    assert renamed.json()["name"] == "Acme"
    # Deletion: the slug confirms it; a personal workspace goes only with its account.
    wrong = api.request(
        "DELETE", f"/v1/workspaces/{made['id']}", json={"confirm": "nope"}, headers=_bearer(token)
    )
    assert wrong.status_code == 422
    no_body = api.delete(f"/v1/workspaces/{made['id']}", headers=_bearer(token))
    assert no_body.status_code == 400  # a body is required: the confirmation
    personal = api.request(
        "DELETE",
        f"/v1/workspaces/{owner.workspace_id}",
        json={"confirm": owner.workspace_id.removeprefix("ws_").lower()},
        headers=_bearer(token),
    )
    assert personal.status_code == 409
    stranger = create_account(database_url)
    other = api.get(f"/v1/workspaces/{made['id']}", headers=_bearer(_login(api, stranger)))
    assert other.status_code == 404
    actions = [action for action, _, _ in _audit(database_url, made["id"])]
    assert actions == ["workspace.created", "workspace.updated"]


def test_deleting_a_workspace_stops_its_links_at_the_edge(
    api: httpx.Client, edge: httpx.Client, database_url: str, redis_url: str
) -> None:
    owner = create_account(database_url)
    made = _new_workspace(api, _login(api, owner), database_url)
    token = _login(api, owner, made["id"])
    link = api.post("/v1/links", json={"longUrl": "https://example.com/ws"}, headers=_bearer(token))
    assert link.status_code == 201, link.text
    code = link.json()["shortCode"]
    wait_until(lambda: edge.get(f"/{code}").status_code == 302, message="link not served")

    async def cached() -> bool:
        redis = Redis.from_url(redis_url)
        try:
            return bool(await redis.exists(link_key(code)))
        finally:
            await redis.aclose()

    assert asyncio.run(cached())
    deleted = api.request(
        "DELETE",
        f"/v1/workspaces/{made['id']}",
        json={"confirm": made["slug"]},
        headers=_bearer(token),
    )
    assert deleted.status_code == 204, deleted.text
    assert not asyncio.run(cached())
    wait_until(lambda: edge.get(f"/{code}").status_code == 404, message="link still served")
    # Its access tokens name a workspace that is gone.
    assert api.get("/v1/links", headers=_bearer(token)).status_code == 401
    with psycopg.connect(database_url) as conn:
        row = conn.execute("SELECT count(*) FROM links WHERE workspace_id = %s", (made["id"],))
        assert row.fetchone() == (0,)


def test_the_last_owner_stays_and_only_owners_touch_owners(
    api: httpx.Client, database_url: str
) -> None:
    owner, admin = create_account(database_url), create_account(database_url)
    made = _new_workspace(api, _login(api, owner), database_url)
    ws = made["id"]
    _add_member(database_url, ws, admin.user_id, "admin")
    owner_token, admin_token = _login(api, owner, ws), _login(api, admin, ws)
    members = api.get(f"/v1/workspaces/{ws}/members", headers=_bearer(admin_token)).json()["data"]
    assert [(m["userId"], m["role"]) for m in members] == [
        (owner.user_id, "owner"),
        (admin.user_id, "admin"),
    ]
    path = f"/v1/workspaces/{ws}/members"
    # An admin neither grants nor removes the owner role, nor deletes the workspace.
    grab = api.patch(
        f"{path}/{admin.user_id}", json={"role": "owner"}, headers=_bearer(admin_token)
    )
    assert grab.status_code == 403
    assert "owner" in grab.json()["detail"]
    assert api.delete(f"{path}/{owner.user_id}", headers=_bearer(admin_token)).status_code == 403
    gone = api.request(
        "DELETE",
        f"/v1/workspaces/{ws}",
        json={"confirm": made["slug"]},
        headers=_bearer(admin_token),
    )
    assert gone.status_code == 403
    # The last owner can neither step down nor leave.
    demote = api.patch(
        f"{path}/{owner.user_id}", json={"role": "admin"}, headers=_bearer(owner_token)
    )
    assert demote.status_code == 409
    assert api.delete(f"{path}/{owner.user_id}", headers=_bearer(owner_token)).status_code == 409
    # With a second owner, the first may leave.
    promote = api.patch(
        f"{path}/{admin.user_id}", json={"role": "owner"}, headers=_bearer(owner_token)
    )
    assert promote.status_code == 200
    assert promote.json()["role"] == "owner"
    assert api.delete(f"{path}/{owner.user_id}", headers=_bearer(owner_token)).status_code == 204
    assert api.get(f"/v1/workspaces/{ws}", headers=_bearer(owner_token)).status_code == 401
    audit = _audit(database_url, ws)
    assert ("member.role_changed", admin.user_id, owner.user_id) in audit
    assert ("member.left", owner.user_id, owner.user_id) in audit


def _session_in(browser: Browser, redis_url: str, workspace_id: str) -> None:
    """Point the browser's dashboard session at ``workspace_id`` (as the switcher does)."""
    session_id = browser.http.cookies["hop_session"]

    async def switch() -> None:
        redis = Redis.from_url(redis_url)
        try:
            sessions = Sessions(redis, 3600, 86400, server_key=b"unused")
            session = await sessions.load(session_id)
            assert session is not None
            await sessions.save(session_id, session.__replace__(workspace_id=workspace_id))
        finally:
            await redis.aclose()

    asyncio.run(switch())


def test_a_role_change_and_a_removal_hold_on_the_next_request_whatever_the_credential(
    api: httpx.Client, admin_url: str, database_url: str, redis_url: str
) -> None:
    owner, member = create_account(database_url), create_account(database_url)
    ws = _new_workspace(api, _login(api, owner), database_url)["id"]
    _add_member(database_url, ws, member.user_id, "admin")
    owner_token, token = _login(api, owner, ws), _login(api, member, ws)
    key = api.post(
        "/v1/api-keys",
        json={"scopes": ["links:write", "account:write"], "name": "ci"},
        headers=_bearer(token),
    )
    assert key.status_code == 201, key.text
    key_headers = _bearer(key.json()["key"])
    browser = Browser(admin_url)
    try:
        assert sign_in(browser, member.email).status_code == 303
        _session_in(browser, redis_url, ws)
        assert browser.submit("/keys", "/keys", {"scopes": "links:read"}).status_code == 303
        new_key = {"scopes": ["links:read"]}
        assert api.post("/v1/api-keys", json=new_key, headers=key_headers).status_code == 201
        # Demoted to viewer: the very next request of each credential is held to it.
        changed = api.patch(
            f"/v1/workspaces/{ws}/members/{member.user_id}",
            json={"role": "viewer"},
            headers=_bearer(owner_token),
        )
        assert changed.status_code == 200
        assert api.post("/v1/api-keys", json=new_key, headers=_bearer(token)).status_code == 403
        assert browser.submit("/keys", "/keys", {"scopes": "links:read"}).status_code == 403
        link = {"longUrl": "https://example.com/k"}
        assert api.post("/v1/links", json=link, headers=key_headers).status_code == 403
        assert api.get("/v1/links", headers=key_headers).status_code == 200
        # Member again, then removed: the access token is refused, the session falls back
        # to the personal workspace, the key works on at the role held (member).
        api.patch(
            f"/v1/workspaces/{ws}/members/{member.user_id}",
            json={"role": "member"},
            headers=_bearer(owner_token),
        ).raise_for_status()
        assert api.post("/v1/links", json=link, headers=key_headers).status_code == 201
        removed = api.delete(
            f"/v1/workspaces/{ws}/members/{member.user_id}", headers=_bearer(owner_token)
        )
        assert removed.status_code == 204
        assert api.get("/v1/links", headers=_bearer(token)).status_code == 401
        assert browser.get("/keys").status_code == 200  # in the personal workspace now
        assert api.post("/v1/links", json=link, headers=key_headers).status_code == 201
        assert api.post("/v1/api-keys", json=new_key, headers=key_headers).status_code == 403
        listed = api.get(f"/v1/workspaces/{ws}", headers=key_headers)
        assert listed.status_code == 200
        assert listed.json()["role"] == "member"
    finally:
        browser.close()
    assert ("member.removed", member.user_id, owner.user_id) in _audit(database_url, ws)


def test_removing_with_revoke_keys_revokes_what_the_member_made(
    api: httpx.Client, database_url: str
) -> None:
    owner, member = create_account(database_url), create_account(database_url)
    ws = _new_workspace(api, _login(api, owner), database_url)["id"]
    _add_member(database_url, ws, member.user_id, "admin")
    key = api.post(
        "/v1/api-keys", json={"scopes": ["links:read"]}, headers=_bearer(_login(api, member, ws))
    ).json()["key"]
    assert api.get("/v1/links", headers=_bearer(key)).status_code == 200
    removed = api.delete(
        f"/v1/workspaces/{ws}/members/{member.user_id}?revokeKeys=true",
        headers=_bearer(_login(api, owner, ws)),
    )
    assert removed.status_code == 204
    assert api.get("/v1/links", headers=_bearer(key)).status_code == 401


def test_a_viewer_may_leave(api: httpx.Client, database_url: str) -> None:
    owner, viewer = create_account(database_url), create_account(database_url)
    ws = _new_workspace(api, _login(api, owner), database_url)["id"]
    _add_member(database_url, ws, viewer.user_id, "viewer")
    token = _login(api, viewer, ws)
    other = api.delete(f"/v1/workspaces/{ws}/members/{owner.user_id}", headers=_bearer(token))
    assert other.status_code == 403
    left = api.delete(f"/v1/workspaces/{ws}/members/{viewer.user_id}", headers=_bearer(token))
    assert left.status_code == 204
    assert ("member.left", viewer.user_id, viewer.user_id) in _audit(database_url, ws)


def test_leaving_hop(api: httpx.Client, database_url: str, redis_url: str) -> None:
    person, partner = create_account(database_url), create_account(database_url)
    token = _login(api, person)
    ws = _new_workspace(api, token, database_url)["id"]
    _add_member(database_url, ws, partner.user_id, "member")
    made = api.post(
        "/v1/api-keys", json={"scopes": ["links:read"]}, headers=_bearer(_login(api, person, ws))
    ).json()["key"]
    link = api.post("/v1/links", json={"longUrl": "https://example.com/me"}, headers=_bearer(token))
    code = link.json()["shortCode"]
    # The only owner of a workspace must hand it over first.
    sole = api.request(
        "DELETE", "/v1/users/me", json={"password": PASSWORD}, headers=_bearer(token)
    )
    assert sole.status_code == 409
    assert ws in sole.json()["detail"]
    wrong = api.request(
        "DELETE", "/v1/users/me", json={"password": "not it"}, headers=_bearer(token)
    )
    assert wrong.status_code == 401
    by_key = api.request(
        "DELETE", "/v1/users/me", json={"password": PASSWORD}, headers=person.headers()
    )
    assert by_key.status_code == 403
    api.patch(
        f"/v1/workspaces/{ws}/members/{partner.user_id}",
        json={"role": "owner"},
        headers=_bearer(token),
    ).raise_for_status()
    gone = api.request(
        "DELETE", "/v1/users/me", json={"password": PASSWORD}, headers=_bearer(token)
    )
    assert gone.status_code == 204, gone.text
    assert api.get("/v1/links", headers=_bearer(token)).status_code == 401
    assert api.get("/v1/links", headers=person.headers()).status_code == 401
    # The key made in the other workspace works on there, at the role its maker held.
    assert api.get("/v1/links", headers=_bearer(made)).status_code == 200
    with psycopg.connect(database_url) as conn:
        assert (
            conn.execute("SELECT 1 FROM users WHERE id = %s", (person.user_id,)).fetchone() is None
        )
        row = conn.execute(
            "SELECT created_by, maker_role FROM api_keys WHERE workspace_id = %s", (ws,)
        ).fetchone()
        assert row == (None, "owner")

    async def cached() -> bool:
        redis = Redis.from_url(redis_url)
        try:
            return bool(await redis.exists(link_key(code)))
        finally:
            await redis.aclose()

    assert not asyncio.run(cached())


def test_operators_set_a_workspaces_plan_and_limits_at_once(
    api: httpx.Client, database_url: str, redis_url: str
) -> None:
    owner = create_account(database_url)
    ws = _new_workspace(api, _login(api, owner), database_url)["id"]
    token = _login(api, owner, ws)
    assert api.get("/v1/links", headers=_bearer(token)).headers["x-ratelimit-limit"] == "1000000"
    env = {"HOP_DATABASE_URL": database_url, "HOP_REDIS_URL": redis_url}
    plan = run_hop("workspace", "plan", "--id", ws, "business", env=env)
    assert plan.returncode == 0, plan.stderr
    assert '"plan":"business"' in plan.stdout
    limits = run_hop("workspace", "limits", "--id", ws, "--per-minute", "4321", env=env)
    assert limits.returncode == 0, limits.stderr
    assert '"limitPerMinute":4321' in limits.stdout
    assert '"customPerMonth":null' in limits.stdout  # --per-month not given: unchanged
    assert api.get("/v1/links", headers=_bearer(token)).headers["x-ratelimit-limit"] == "4321"
    unknown = run_hop("workspace", "plan", "--id", "ws_nope", "pro", env=env)
    assert unknown.returncode != 0
    assert "ws_nope" in unknown.stderr


def test_operations_reserved_to_admins_refuse_a_member(
    api: httpx.Client, database_url: str
) -> None:
    owner, member = create_account(database_url), create_account(database_url)
    ws = _new_workspace(api, _login(api, owner), database_url)["id"]
    _add_member(database_url, ws, member.user_id, "member")
    token = _bearer(_login(api, member, ws))
    link = api.post("/v1/links", json={"longUrl": "https://example.com/m"}, headers=token)
    assert link.status_code == 201, link.text
    domain = api.post("/v1/domains", json={"hostname": "go.member.example"}, headers=token)
    assert domain.status_code == 403
    assert "'admin'" in domain.json()["detail"]
    assert (
        api.post("/v1/api-keys", json={"scopes": ["links:read"]}, headers=token).status_code == 403
    )
    members = api.patch(
        f"/v1/workspaces/{ws}/members/{owner.user_id}", json={"role": "viewer"}, headers=token
    )
    assert members.status_code == 403
    # The owner, acting in the same workspace, may.
    owner_token = _bearer(_login(api, owner, ws))
    added = api.post("/v1/domains", json={"hostname": "go.owner.example"}, headers=owner_token)
    assert added.status_code == 201, added.text
